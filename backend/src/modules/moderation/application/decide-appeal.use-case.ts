import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { isUuid } from '../../../common/keyset.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { CLOCK, MODERATION_UNIT_OF_WORK, STRIKES, type Clock, type ModerationUnitOfWork, type StrikeRepository } from '../domain/ports.js';
import { DecisionRecorder } from './decision-recorder.js';
import type { AppealDecision } from '../domain/strike.js';
import { strikeView, type StrikeView } from './views.js';

/**
 * An admin upholds or overturns a pending appeal, once (under the strike's row lock). Overturning ends the strike
 * and brings back media removed with it; upholding lets that media's files go. One transaction with the durable
 * events (the catalog restores or purges; the owner is told) and the audit row; then the catalog is asked directly
 * too, as a case decision does.
 */
@Injectable()
export class DecideAppealUseCase {
  constructor(
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: DurableEvents,
    private readonly recorder: DecisionRecorder,
  ) {}

  async execute(adminUserId: string, strikeId: string, decision: AppealDecision, reason: string): Promise<StrikeView> {
    if (!isUuid(strikeId)) throw moderationErrors.strikeNotFound();
    const { view, effect } = await this.uow.inTransaction(async () => {
      const s = await this.strikes.find(strikeId.toLowerCase(), { lock: true });
      if (!s) throw moderationErrors.strikeNotFound();
      const now = this.clock.now();
      const effect = s.decideAppeal(decision, reason, adminUserId, now);
      await this.strikes.save(s);
      const content = { contentType: s.contentType, contentId: s.contentId };
      if (effect.restore) this.events.record('moderation.content-restored', content);
      if (effect.purge) this.events.record('moderation.content-purge', content);
      this.events.record('moderation.appeal-decided', { userId: s.userId, strikeId: s.id, decision: decision === 'uphold' ? 'upheld' : 'overturned', reason });
      const names = await this.recorder.audited({
        adminUserId,
        action: decision === 'uphold' ? 'uphold_appeal' : 'overturn_appeal',
        ...content,
        targetUserId: s.userId,
        caseId: s.caseId,
        strikeId: s.id,
        reason,
        createdAt: now,
      });
      return { view: strikeView(s, now, names.get(s.userId) ?? null), effect };
    });
    const { contentType, contentId } = view.strike;
    if (effect.restore) await this.recorder.applied('restore', contentType, contentId);
    else if (effect.purge) await this.recorder.applied('purge', contentType, contentId);
    return view;
  }
}

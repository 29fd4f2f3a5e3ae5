import { Inject, Injectable, Logger } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { isUuid } from '../../../common/keyset.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { auditEntry } from '../domain/audit.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import {
  AUDIT_LOG,
  CLOCK,
  CONTENT_DIRECTORY,
  MODERATION_UNIT_OF_WORK,
  STRIKES,
  type AuditLog,
  type Clock,
  type ContentDirectory,
  type ModerationUnitOfWork,
  type StrikeRepository,
} from '../domain/ports.js';
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
  private readonly logger = new Logger('Moderation');

  constructor(
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly identity: IdentityFacade,
    private readonly events: DurableEvents,
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
      const names = await this.identity.usernames([adminUserId, s.userId]);
      await this.audit.add(
        auditEntry({
          adminUserId,
          adminUsername: names.get(adminUserId) ?? null,
          action: decision === 'uphold' ? 'uphold_appeal' : 'overturn_appeal',
          ...content,
          targetUserId: s.userId,
          targetUsername: names.get(s.userId) ?? null,
          caseId: s.caseId,
          strikeId: s.id,
          reason,
          createdAt: now,
        }),
      );
      return { view: strikeView(s, now, names.get(s.userId) ?? null), effect };
    });
    const { contentType, contentId } = view.strike;
    const after = effect.restore
      ? this.content.restore(contentType, contentId).then((back) => {
          if (!back) this.logger.warn(`${contentType} ${contentId} could not be restored (its files are gone)`);
        })
      : effect.purge
        ? this.content.purge(contentType, contentId)
        : Promise.resolve();
    await after.catch((e: unknown) => this.logger.warn(`${effect.restore ? 'restoring' : 'purging'} ${contentType} ${contentId} failed (its durable event will retry): ${(e as Error).message}`));
    return view;
  }
}

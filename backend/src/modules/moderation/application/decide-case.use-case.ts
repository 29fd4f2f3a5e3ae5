import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import type { CaseAction } from '../domain/case.js';
import { contentTitle } from '../domain/content.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { CASES, CLOCK, MODERATION_UNIT_OF_WORK, REPORTS, STRIKES, type CaseRepository, type Clock, type ModerationUnitOfWork, type ReportRepository, type StrikeRepository } from '../domain/ports.js';
import { Strike } from '../domain/strike.js';
import { CaseViews } from './case-views.js';
import { DecisionRecorder } from './decision-recorder.js';
import type { CaseView } from './views.js';

/**
 * An admin decides an open case, once (under the case's row lock): dismiss, remove the content, strike its owner, or
 * both. One transaction: the case, its open reports resolved (each reporter told the outcome), the strike (its owner
 * told), the removal's durable event (the catalog takes the content down; the owner is told), the audit row. After
 * the commit the catalog is also asked directly, so that this response and the next request already see the
 * removal; the durable event is the backstop should the process die in between. Both are idempotent.
 *
 * Files: a removal without a strike purges the media's files at once; with a strike they stay (never served) while
 * the strike can be appealed, then go (PurgeClosedAppealWindowsUseCase, or an upheld appeal).
 */
@Injectable()
export class DecideCaseUseCase {
  constructor(
    @Inject(CASES) private readonly cases: CaseRepository,
    @Inject(REPORTS) private readonly reports: ReportRepository,
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: DurableEvents,
    private readonly views: CaseViews,
    private readonly recorder: DecisionRecorder,
  ) {}

  async execute(adminUserId: string, caseId: string, action: CaseAction, reason: string): Promise<CaseView> {
    const { decided, removal } = await this.uow.inTransaction(async () => {
      const c = await this.cases.find(caseId, { lock: true });
      if (!c) throw moderationErrors.caseNotFound();
      const now = this.clock.now();
      const effect = c.decide(action, reason, adminUserId, now);
      await this.cases.saveDecision(c);
      for (const r of await this.reports.resolveOpen(c.id, effect.outcome, now)) {
        this.events.record('moderation.report-resolved', { reporterUserId: r.reporterUserId, reportId: r.id, outcome: effect.outcome });
      }
      const ownerUserId = c.ownerUserId ?? c.snapshot.ownerUserId;
      const title = contentTitle(c.contentType, c.snapshot);
      let strike: Strike | null = null;
      if (effect.strikes) {
        strike = Strike.issue({ userId: ownerUserId, caseId: c.id, contentType: c.contentType, contentId: c.contentId, contentTitle: title, reason, contentRemoved: effect.removes }, now);
        await this.strikes.add(strike);
        this.events.record('moderation.strike-issued', { userId: ownerUserId, strikeId: strike.id, reason, appealDeadline: strike.appealDeadline.toISOString() });
      }
      // Without a strike nothing can bring the content back: its files go now.
      const removal = effect.removes ? { purgeFiles: !effect.strikes } : null;
      if (removal) this.events.record('moderation.content-removed', { contentType: c.contentType, contentId: c.contentId, ownerUserId, reason, purgeFiles: removal.purgeFiles, title });
      await this.recorder.audited({
        adminUserId,
        action,
        contentType: c.contentType,
        contentId: c.contentId,
        targetUserId: ownerUserId,
        caseId: c.id,
        strikeId: strike?.id ?? null,
        reason,
        createdAt: now,
      });
      return { decided: c, removal };
    });
    if (removal) await this.recorder.applied('remove', decided.contentType, decided.contentId, removal);
    return (await this.views.of([decided]))[0];
  }
}

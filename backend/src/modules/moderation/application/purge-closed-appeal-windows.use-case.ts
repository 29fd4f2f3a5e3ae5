import { Inject, Injectable, Logger } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { CLOCK, CONTENT_DIRECTORY, MODERATION_UNIT_OF_WORK, STRIKES, type Clock, type ContentDirectory, type ModerationUnitOfWork, type StrikeRepository } from '../domain/ports.js';

const BATCH = 100;

/**
 * Media removed with a strike keeps its files while the strike can be appealed; once the 20-day window has closed
 * without an appeal, nothing can bring it back: its files go. Each strike's purge is ordered once (its row marked in
 * the same transaction as the durable `moderation.content-purge`, rows claimed with SKIP LOCKED so that several
 * processes can run this at once), then the catalog is asked directly too. Returns how many were ordered.
 */
@Injectable()
export class PurgeClosedAppealWindowsUseCase {
  private readonly logger = new Logger('Moderation');

  constructor(
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async execute(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await this.uow.inTransaction(async () => {
        const claimed = await this.strikes.claimPurgeDue(now, BATCH);
        const ordered = claimed.filter((s) => s.markFilesPurged(now));
        for (const s of ordered) {
          await this.strikes.save(s);
          this.events.record('moderation.content-purge', { contentType: s.contentType, contentId: s.contentId });
        }
        return { claimed: claimed.length, ordered };
      });
      for (const s of due.ordered) {
        await this.content.purge(s.contentType, s.contentId).catch((e: unknown) => this.logger.warn(`purging ${s.contentType} ${s.contentId} failed (its durable event will retry): ${(e as Error).message}`));
      }
      total += due.ordered.length;
      if (due.claimed < BATCH || !due.ordered.length) return total;
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { isUuid } from '../../../common/keyset.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { COMMENT_REPOSITORY, type CommentRepository } from '../domain/comment.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { MediaService } from './media.service.js';
import { PurgeRemovedMediaJob } from './purge-removed-media.job.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/**
 * `asOf`: when the moderation decision behind a durable event was taken. Events run at least once, possibly late: a
 * removal (or purge) older than the item's last restoration, or a restoration older than its last removal, is
 * stale and changes nothing. Direct calls (right after the decision) give none.
 */
export interface ModerationChange {
  asOf?: Date;
}

/**
 * What moderation does to the catalog's content, each in the catalog's own unit of work, each idempotent (the
 * moderation use case calls them right after its commit, and its durable events call them again). The item's row
 * is locked while it changes, so a removal, a restoration and a purge request never interleave.
 */
@Injectable()
export class ModerationRemovalUseCases {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(COMMENT_REPOSITORY) private readonly comments: CommentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly durable: DurableEvents,
    private readonly service: MediaService,
    private readonly purgeJob: PurgeRemovedMediaJob,
  ) {}

  /**
   * The item becomes `removed`: hidden from every list, search, feed and page, and refused to everyone (its owner
   * too). The search index and feeds drop it (catalog.media-changed). With purgeFiles its files go too, by a job.
   */
  async removeMedia(mediaId: string, opts: { purgeFiles: boolean } & ModerationChange): Promise<void> {
    const purgeDue = await this.uow.inTransaction(async () => {
      const m = await this.media.findForUpdate(mediaId);
      if (!m || (opts.asOf && m.restoredAt && m.restoredAt > opts.asOf)) return false;
      if (m.removeByModeration()) this.durable.record('catalog.media-changed', { mediaId: m.id });
      const due = opts.purgeFiles && m.requestPurge();
      await this.uow.commit();
      return due;
    });
    // This process's players stop at once (other processes within their 3-second cache).
    this.service.forgetCached();
    if (purgeDue) await this.purgeJob.schedule(mediaId);
  }

  /** A removed item's files go for good (by a job); the item can no longer be restored. Nothing for any other item. */
  async purgeRemoved(mediaId: string, opts: ModerationChange = {}): Promise<void> {
    const purgeDue = await this.uow.inTransaction(async () => {
      const m = await this.media.findForUpdate(mediaId);
      if (!m || (opts.asOf && m.restoredAt && m.restoredAt > opts.asOf)) return false;
      const due = m.requestPurge();
      await this.uow.commit();
      return due;
    });
    if (purgeDue) await this.purgeJob.schedule(mediaId);
  }

  /**
   * A removed item back to `ready` and indexed again, while its files are still there (no purge asked for, the
   * original still stored); false otherwise. An item that is not removed: true when it is ready.
   */
  async restoreMedia(mediaId: string, opts: ModerationChange = {}): Promise<boolean> {
    const restored = await this.uow.inTransaction(async () => {
      const m = await this.media.findForUpdate(mediaId);
      if (!m) return false;
      if (m.status !== 'removed') {
        // The removal this restore undoes may not have been applied yet: it must not be, later.
        m.noteRestoreDecided();
        await this.uow.commit();
        return m.status === 'ready';
      }
      if (opts.asOf && m.removedAt && m.removedAt > opts.asOf) return false;
      if (!m.restorable || !(await this.storage.stat(m.originalKey))) return false;
      m.restoreByModeration();
      this.durable.record('catalog.media-changed', { mediaId: m.id });
      await this.uow.commit();
      return true;
    });
    this.service.forgetCached();
    return restored;
  }

  /** Deletes a comment as its author's delete does: a top-level one with its replies, likes and counters kept exact. */
  async removeComment(commentId: string): Promise<void> {
    if (!isUuid(commentId)) return;
    await this.uow.inTransaction(() => this.comments.remove(commentId));
  }
}

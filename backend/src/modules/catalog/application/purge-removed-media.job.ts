import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { editorFilesOf } from './editor.use-cases.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

export const PURGE_REMOVED_JOB = 'media.purge-removed';
/** A purge asked for this long ago and not done (its job lost: a server stopped between commit and queueing) is queued again. */
const SWEEP_AFTER_MS = 5 * 60_000;

/**
 * Deletes the files of an item moderation removed for good: the original, the HLS ladder and the thumbnail. Queued
 * after the commit that asked for it (Media.requestPurge), re-queued by a sweeper if that job was lost, retried by
 * pg-boss when storage fails. Idempotent: deleting what is already gone is nothing, and the row records when it is
 * done. Once a purge is asked for the item can no longer be restored, so the files are deleted without a lock.
 */
@Injectable()
export class PurgeRemovedMediaJob implements OnModuleInit {
  private readonly logger = new Logger('PurgeRemovedMedia');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ mediaId: string }>({
      name: PURGE_REMOVED_JOB,
      handler: ({ mediaId }) => this.run(mediaId),
      retryLimit: 10,
      retryDelaySeconds: 30,
      policy: 'exclusive',
    });
  }

  /** After the commit that asked for the purge; false when the queue is not running (the sweeper queues it later). */
  schedule(mediaId: string): Promise<boolean> {
    return this.jobs.send(PURGE_REMOVED_JOB, { mediaId }, { singletonKey: `purge-removed:${mediaId}` });
  }

  async run(mediaId: string): Promise<void> {
    await RequestContext.create(this.orm.em, async () => {
      const m = await this.media.find(mediaId);
      if (!m || !m.purgePending) return;
      await this.storage.delete(m.originalKey);
      if (m.thumbnailKey) await this.storage.delete(m.thumbnailKey);
      await this.storage.deletePrefix(`hls/${m.id}/`);
      for (const key of editorFilesOf(m.id)) await this.storage.delete(key);
      await this.uow.inTransaction(async () => {
        const locked = await this.media.findForUpdate(mediaId);
        if (!locked?.purgePending) return;
        locked.markFilesPurged();
        await this.uow.commit();
      });
      this.logger.log(`purged the files of removed media ${mediaId}`);
    });
  }

  @Interval('media-purge-removed-sweeper', SWEEP_AFTER_MS)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      for (const id of await this.media.awaitingPurge(new Date(Date.now() - SWEEP_AFTER_MS), 100)) await this.schedule(id);
    });
  }
}

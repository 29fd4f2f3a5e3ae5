import { Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { LiveRecordings } from '../domain/ports.js';

/** A stream's recording published as a video of its owner, as a one-request upload is (the intake, the processing job). */
@Injectable()
export class CatalogLiveRecordings implements LiveRecordings {
  constructor(private readonly catalog: CatalogFacade) {}

  publish(userId: string, fields: { title: string; description: string }, path: string): Promise<string> {
    return this.catalog.publishLocalFile(userId, 'video', { title: fields.title, description: fields.description }, path);
  }

  discard(mediaId: string): Promise<void> {
    return this.catalog.removeMediaByModeration(mediaId, { purgeFiles: true });
  }
}

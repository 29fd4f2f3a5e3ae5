import { Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { receiveUpload } from '../../../common/storage/intake.js';
import type { MediaKind } from '../domain/media.js';
import { validateMovieMeta, validateReelMeta, validateVideoMeta } from '../domain/media-rules.js';
import { validateTrackMeta } from '../domain/music.js';
import { validateEpisodeMeta } from '../domain/podcast.js';
import { MediaService } from './media.service.js';
import { PublishMediaUseCase, type PublishInput } from './publish-media.use-case.js';

/**
 * A media file made on this server (the demo's generated videos, tracks and podcast episodes) published as a one-request upload is: the form's
 * fields by the kind's rules, the bytes through the upload intake (judged by their first bytes, size-limited, copied
 * to a temporary file), then PublishMediaUseCase (the item `processing`, the durable processing job). The caller keeps
 * its own file.
 */
@Injectable()
export class PublishLocalFileUseCase {
  constructor(
    private readonly service: MediaService,
    private readonly publish: PublishMediaUseCase,
  ) {}

  async execute(userId: string, kind: MediaKind, fields: Record<string, unknown>, path: string, opts: { asAccount?: string } = {}): Promise<string> {
    const meta =
      kind === 'video' ? validateVideoMeta(fields)
      : kind === 'reel' ? validateReelMeta(fields)
      : kind === 'track' ? validateTrackMeta(fields)
      : kind === 'episode' ? validateEpisodeMeta(fields)
      : validateMovieMeta(fields);
    const file = await receiveUpload(createReadStream(path), this.service.tmpDir, this.service.limits(kind));
    const m = await this.publish.execute(userId, { kind, meta } as PublishInput, {
      path: file.path,
      size: file.size,
      container: file.label,
      contentType: MediaService.contentTypeOf(file.label),
    }, opts);
    return m.id;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DomainError } from '../../../common/errors/domain-error.js';
import { noSpace } from '../../../common/errors/no-space.js';
import { freeBytes } from '../../../common/storage/free-space.js';
import { receiveUpload, type IntakeLimits, type ReceivedFile } from '../../../common/storage/intake.js';
import { MediaService } from '../application/media.service.js';
import { PublishMediaUseCase, type PublishInput } from '../application/publish-media.use-case.js';
import type { Media } from '../domain/media.js';

/** Room for a form's fields and boundaries around its file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

export interface MediaForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/**
 * Reads a multipart form whose one file part is streamed to a temporary file through the intake limits. Any
 * failure after the file arrived removes it; on success the caller owns it.
 */
export async function readMediaForm(req: FastifyRequest, tmpDir: string, limits: IntakeLimits, fileField: string[] = ['file', 'video']): Promise<MediaForm> {
  if (!req.isMultipart()) return { fields: {}, file: null };
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes + 1, files: 1, fields: 20, fieldSize: 20_000, parts: 22 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (!fileField.includes(part.fieldname) || file) {
        part.file.resume();
      } else {
        file = await receiveUpload(part.file as Readable, tmpDir, limits);
      }
    }
    return { fields, file };
  } catch (e) {
    if (file) await rm(file.path, { force: true });
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('invalid', 'CATALOG.FORM', 'Send one file per upload, with its fields');
    }
    throw e;
  }
}

/** Reads a single-request upload for a kind, validates its fields, and publishes it as the user's active account. */
@Injectable()
export class MediaUploads {
  constructor(
    private readonly service: MediaService,
    private readonly publish: PublishMediaUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive<M>(req: FastifyRequest, userId: string, kind: PublishInput['kind'], validate: (fields: Record<string, string>) => M, missingFile: () => Error): Promise<Media> {
    // Refused before any byte is stored when the declared size cannot fit (a disk filled mid-way is refused too).
    const declared = Number(req.headers['content-length']);
    const limits = this.service.limits(kind);
    // (A body beyond the kind's cap is refused as too large while it arrives, whatever the disk.)
    if (Number.isFinite(declared) && declared > 0 && declared <= limits.maxBytes + FORM_OVERHEAD_BYTES) {
      if ((await freeBytes(this.service.tmpDir)) < declared + this.config.uploads.diskReserveBytes) throw noSpace();
    }
    const form = await readMediaForm(req, this.service.tmpDir, limits);
    if (!form.file) throw missingFile();
    let meta: M;
    try {
      meta = validate(form.fields);
    } catch (e) {
      await rm(form.file.path, { force: true });
      throw e;
    }
    return this.publish.execute(userId, { kind, meta } as PublishInput, {
      ...form.file,
      container: form.file.label,
      contentType: MediaService.contentTypeOf(form.file.label),
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { Request } from 'express';
import { isMultipart, MultipartLimit, multipartParts } from '../../../common/http/multipart.js';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ClassConstructor } from 'class-transformer';
import { DomainError } from '../../../common/errors/domain-error.js';
import { validateDto } from '../../../common/http/validate-dto.js';
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
export async function readMediaForm(req: Request, tmpDir: string, limits: IntakeLimits, fileField: string[] = ['file', 'video']): Promise<MediaForm> {
  if (!isMultipart(req)) return { fields: {}, file: null };
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of multipartParts(req, { fileSize: limits.maxBytes + 1, files: 1, fields: 20, fieldSize: 20_000, parts: 22 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
      } else if (!fileField.includes(part.fieldname) || file) {
        part.file.resume();
      } else {
        file = await receiveUpload(part.file as Readable, tmpDir, limits);
      }
    }
    return { fields, file };
  } catch (e) {
    if (file) await rm(file.path, { force: true });
    if (e instanceof MultipartLimit && e.limit !== 'fileSize') throw new DomainError('invalid', 'CATALOG.FORM', 'Send one file per upload, with its fields');
    if (e instanceof MultipartLimit) throw limits.tooLarge();
    throw e;
  }
}

/**
 * Reads a single-request upload for a kind, validates its fields (the form's DTO, then the domain's rules), and
 * publishes it as the user's active account.
 */
@Injectable()
export class MediaUploads {
  constructor(
    private readonly service: MediaService,
    private readonly publish: PublishMediaUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive<M>(
    req: Request,
    userId: string,
    kind: PublishInput['kind'],
    form: ClassConstructor<object>,
    validate: (fields: Record<string, unknown>) => M,
    missingFile: () => Error,
    /**
     * Whether the received file suits the validated fields: `refuse` refuses it (removed, nothing stored); `label`
     * names its container better than its first bytes did.
     */
    fits?: (meta: M, file: ReceivedFile) => Promise<{ refuse?: Error; label?: string }>,
  ): Promise<Media> {
    // Refused before any byte is stored when the declared size cannot fit (a disk filled mid-way is refused too).
    const declared = Number(req.headers['content-length']);
    const limits = this.service.limits(kind);
    // (A body beyond the kind's cap is refused as too large while it arrives, whatever the disk.)
    if (Number.isFinite(declared) && declared > 0 && declared <= limits.maxBytes + FORM_OVERHEAD_BYTES) {
      if ((await freeBytes(this.service.tmpDir)) < declared + this.config.uploads.diskReserveBytes) throw noSpace();
    }
    const received = await readMediaForm(req, this.service.tmpDir, limits);
    const file = received.file;
    if (!file) throw missingFile();
    let meta: M;
    try {
      meta = validate((await validateDto(form, received.fields)) as Record<string, unknown>);
      const fit = fits ? await fits(meta, file) : {};
      if (fit.refuse) throw fit.refuse;
      if (fit.label) file.label = fit.label;
    } catch (e) {
      await rm(file.path, { force: true });
      throw e;
    }
    return this.publish.execute(userId, { kind, meta } as PublishInput, {
      ...file,
      container: file.label,
      contentType: MediaService.contentTypeOf(file.label),
    });
  }
}

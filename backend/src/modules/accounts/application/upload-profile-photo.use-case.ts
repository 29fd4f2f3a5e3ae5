import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { sniffImage } from '../../../common/storage/sniff.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import type { Account } from '../domain/account.js';
import { AccountNotFound, NotAnImage, PhotoTooLarge, PhotoUnreadable } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, IMAGE_PROCESSOR, type AccountRepository, type ImageProcessor } from '../domain/ports.js';

export const MAX_PHOTO_BYTES = 10_485_760;
export const PHOTO_SIZE = 512;

class Refused extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/** Counts bytes and checks the first ones: refuses at once a non-image or a file over the limit. */
class PhotoGate extends Transform {
  private bytes = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > MAX_PHOTO_BYTES) return done(new Refused(PhotoTooLarge()));
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 16);
      if (this.head.length >= 12) {
        this.checked = true;
        if (!sniffImage(this.head)) return done(new Refused(NotAnImage()));
      }
    }
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.bytes === 0 || (!this.checked && !sniffImage(this.head))) return done(new Refused(NotAnImage()));
    done();
  }
}

/**
 * A profile photo in two steps. receive() streams the upload to a temporary file (never whole in memory) and checks
 * it is a JPG, PNG, GIF or WebP by its bytes and at most 10 MB; apply() re-encodes it to a square WebP without
 * metadata, stores it and removes the previous photo. The caller removes the temporary file (discard()).
 */
@Injectable()
export class UploadProfilePhotoUseCase {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly durable: DurableEvents,
  ) {}

  /** Returns the temporary file's path; a refused or broken upload leaves nothing behind. */
  async receive(file: Readable): Promise<string> {
    const tmpDir = join(this.config.dataDir, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const temp = join(tmpDir, `${randomUUID()}.upload`);
    try {
      await pipeline(file, new PhotoGate(), createWriteStream(temp));
      return temp;
    } catch (e) {
      file.resume();
      await rm(temp, { force: true });
      if (e instanceof Refused) throw e.reason;
      if ((e as { code?: string; kind?: string }).code === 'HTTP.FORM_LIMIT' && (e as { kind?: string }).kind === 'too_large') throw PhotoTooLarge();
      throw e;
    }
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }

  /** Makes the received file the photo of accountId (or of the active account). */
  async apply(userId: string, temp: string, accountId: string | undefined): Promise<Account> {
    const owned = accountId ? await this.accounts.findOwned(accountId, userId) : (await this.accounts.listOf(userId)).find((a) => a.isActive);
    if (!owned) throw AccountNotFound();
    let webp: Buffer;
    try {
      webp = await this.images.toSquareWebp(temp, PHOTO_SIZE);
    } catch {
      throw PhotoUnreadable();
    }
    const key = `photos/${randomUUID()}.webp`;
    await this.storage.write(key, webp);
    try {
      // Under the owner's lock, so two uploads at once cannot both think the same file is the one to replace.
      const { account, previous } = await this.uow.inTransaction(async () => {
        await this.accounts.lockOwner(userId);
        const target = await this.accounts.findOwned(owned.id, userId);
        if (!target) throw AccountNotFound();
        const before = target.photoKey;
        target.photoKey = key;
        target.updatedAt = new Date();
        this.durable.record('accounts.profile-changed', { userId, accountId: target.id });
        await this.uow.commit();
        return { account: target, previous: before };
      });
      if (previous) await this.storage.delete(previous);
      return account;
    } catch (e) {
      await this.storage.delete(key);
      throw e;
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import type { Account } from '../domain/account.js';
import { AccountNotFound, PhotoUnreadable } from '../domain/accounts.errors.js';
import { discardImage, MAX_IMAGE_BYTES, receiveImage } from './received-image.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, IMAGE_PROCESSOR, type AccountRepository, type ImageProcessor } from '../domain/ports.js';

export const MAX_PHOTO_BYTES = MAX_IMAGE_BYTES;
export const PHOTO_SIZE = 512;

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
  receive(file: Readable): Promise<string> {
    return receiveImage(file, this.config.dataDir);
  }

  discard(temp: string): Promise<void> {
    return discardImage(temp);
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

import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { BANNER_SIZE, BANNER_SMALL_SIZE, newBannerKey, smallBannerKey, type Account } from '../domain/account.js';
import { AccountNotFound, BannerTooBig, BannerTooSmall, PhotoUnreadable } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, IMAGE_PROCESSOR, type AccountRepository, type ImageProcessor } from '../domain/ports.js';
import { discardImage, receiveImage } from './received-image.js';

/** What a banner's source may measure: big enough to fill a wide strip, small enough not to be a decompression bomb. */
export const BANNER_LIMITS = { minWidth: 640, minHeight: 160, maxSide: 16384, maxMegapixels: 40 } as const;

/**
 * A channel's banner. receive() streams the upload to a temporary file and checks it is a JPG, PNG, GIF or WebP by
 * its bytes and at most 10 MB (as profile photos are); apply() checks its dimensions, re-encodes it to a wide WebP
 * (2048×512, cover-cropped) and a phone-sized one (1024×256), without metadata, stores both and removes the previous
 * banner; remove() takes the banner away. The caller removes the temporary file (discard()).
 */
@Injectable()
export class ChannelBannerUseCase {
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

  /** Makes the received file the banner of accountId, one of the user's accounts (any other id is a 404). */
  async apply(userId: string, temp: string, accountId: string): Promise<Account> {
    const owned = await this.accounts.findOwned(accountId, userId);
    if (!owned) throw AccountNotFound();
    let size: { width: number; height: number };
    try {
      size = await this.images.dimensions(temp);
    } catch {
      throw PhotoUnreadable();
    }
    const { minWidth, minHeight, maxSide, maxMegapixels } = BANNER_LIMITS;
    if (size.width > maxSide || size.height > maxSide || size.width * size.height > maxMegapixels * 1_000_000) throw BannerTooBig(maxSide, maxMegapixels);
    if (size.width < minWidth || size.height < minHeight) throw BannerTooSmall(minWidth, minHeight);
    let wide: Buffer;
    let small: Buffer;
    try {
      [wide, small] = await this.images.toCoverWebp(temp, [BANNER_SIZE, BANNER_SMALL_SIZE]);
    } catch {
      throw PhotoUnreadable();
    }
    const key = newBannerKey(randomUUID());
    await this.storage.write(key, wide);
    await this.storage.write(smallBannerKey(key), small);
    try {
      const { account, previous } = await this.change(userId, owned.id, key);
      if (previous) await this.deleteFiles(previous);
      return account;
    } catch (e) {
      await this.deleteFiles(key);
      throw e;
    }
  }

  /** Takes the banner of accountId away (the channel page shows its colour band again); nothing to remove is fine. */
  async remove(userId: string, accountId: string): Promise<Account> {
    const owned = await this.accounts.findOwned(accountId, userId);
    if (!owned) throw AccountNotFound();
    const { account, previous } = await this.change(userId, owned.id, null);
    if (previous) await this.deleteFiles(previous);
    return account;
  }

  /** Under the owner's lock, so two changes at once cannot both think the same file is the one to replace. */
  private change(userId: string, accountId: string, key: string | null): Promise<{ account: Account; previous: string | null }> {
    return this.uow.inTransaction(async () => {
      await this.accounts.lockOwner(userId);
      const target = await this.accounts.findOwned(accountId, userId);
      if (!target) throw AccountNotFound();
      const previous = target.bannerKey;
      if (previous === key) return { account: target, previous: null };
      target.bannerKey = key;
      target.updatedAt = new Date();
      this.durable.record('accounts.profile-changed', { userId, accountId: target.id });
      await this.uow.commit();
      return { account: target, previous };
    });
  }

  private async deleteFiles(key: string): Promise<void> {
    await this.storage.delete(key);
    await this.storage.delete(smallBannerKey(key));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Account } from './domain/account.js';
import { ACCOUNT_REPOSITORY, type AccountRepository, type ChannelAudience, type ChannelContent } from './domain/ports.js';
import { ChannelPageQuery } from './application/channel-page.query.js';
import { AccountPurge } from './application/account-purge.js';
import { photoUrl, toAccountSummary, toAccountView, type AccountSummary, type AccountView } from './application/account-view.js';
import { CreatePrimaryAccountUseCase } from './application/create-primary-account.use-case.js';
import { ReleaseAllAccountsUseCase } from './application/release-all-accounts.use-case.js';
import { UpdateAccountUseCase } from './application/update-account.use-case.js';
import { UploadProfilePhotoUseCase } from './application/upload-profile-photo.use-case.js';
import { ChannelBannerUseCase } from './application/channel-banner.use-case.js';
import type { AccountInput } from './domain/account-rules.js';
import { createReadStream } from 'node:fs';
import { ChannelReportTargetQuery, type ChannelReportTarget } from './application/channel-report-target.query.js';

export type { AccountSummary } from './application/account-view.js';
export type { ChannelAudience, ChannelContent, ChannelRef } from './domain/ports.js';
export type { ChannelReportTarget } from './application/channel-report-target.query.js';

/** What other contexts may ask of Accounts. Writes join the caller's unit of work (no flush here). */
@Injectable()
export class AccountsFacade {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    private readonly createPrimary: CreatePrimaryAccountUseCase,
    private readonly releaseAll: ReleaseAllAccountsUseCase,
    private readonly purge: AccountPurge,
    private readonly channels: ChannelPageQuery,
    private readonly update: UpdateAccountUseCase,
    private readonly photos: UploadProfilePhotoUseCase,
    private readonly banners: ChannelBannerUseCase,
    private readonly reportTargets: ChannelReportTargetQuery,
  ) {}

  /** A channel (by its account id) as a report names it; null unless it exists and the viewer may see it. */
  channelReportTarget(accountId: string, viewerUserId: string): Promise<ChannelReportTarget | null> {
    return this.reportTargets.execute(accountId, viewerUserId);
  }

  /** The social context answers a channel page's follows (registered at start-up). */
  useChannelAudience(audience: ChannelAudience): void {
    this.channels.useAudience(audience);
  }

  /** The catalog answers a channel page's counts (registered at start-up). */
  useChannelContent(content: ChannelContent): void {
    this.channels.useContent(content);
  }

  /** The channel behind a handle (any case) as the viewer may see it; a 404 'Channel not found' otherwise. */
  async visibleChannel(handle: string, viewerUserId: string | null): Promise<AccountSummary> {
    return toAccountSummary(await this.channels.visible(handle, viewerUserId));
  }

  /** The first account of a new user: type creator, handle from the display name, primary and active. */
  createPrimaryAccount(input: { userId: string; displayName: string }): Promise<Account> {
    return this.createPrimary.execute(input);
  }

  async activeAccountId(userId: string): Promise<string | null> {
    return (await this.accounts.activeOf(userId))?.id ?? null;
  }

  /** The account a user publishes as now: its id, who may see its media, and how it is shown. */
  async publishingAccount(userId: string): Promise<AccountSummary | null> {
    const active = (await this.accounts.listOf(userId)).find((a) => a.isActive);
    return active ? toAccountSummary(active) : null;
  }

  /** One of the user's own accounts to publish as (null when it is not theirs, or no longer exists). */
  async ownAccount(userId: string, accountId: string): Promise<AccountSummary | null> {
    const own = (await this.accounts.listOf(userId)).find((a) => a.id === accountId);
    return own ? toAccountSummary(own) : null;
  }

  /** The user's primary account as others see the user: private profile or not, and its photo. */
  async primaryProfile(userId: string): Promise<{ accountId: string; isPrivate: boolean; photoUrl: string | null } | null> {
    const primary = await this.accounts.primaryOf(userId);
    return primary ? { accountId: primary.id, isPrivate: primary.privacySettings.profile_visibility === 'private', photoUrl: photoUrl(primary) } : null;
  }

  /** Who may comment on what the account published (null when it no longer exists). */
  async commentPermission(accountId: string): Promise<'everyone' | 'subscribers' | 'none' | null> {
    return (await this.accounts.findMany([accountId]))[0]?.privacySettings.comment_permissions ?? null;
  }

  /** How each account is shown next to what it published (deleted ones are absent). */
  async summaries(accountIds: string[]): Promise<Map<string, AccountSummary>> {
    const rows = await this.accounts.findMany([...new Set(accountIds)]);
    return new Map(rows.map((a) => [a.id, toAccountSummary(a)]));
  }

  /** The user's accounts as the API shows them, for a data export. */
  async exportFor(userId: string): Promise<AccountView[]> {
    return (await this.accounts.listOf(userId)).map(toAccountView);
  }

  /**
   * The user is being deleted: every account goes (the primary too), under the owner's lock so no account can be
   * created beside it. Call inside the caller's transaction. Returns ids to purge once committed.
   */
  markAllDeleted(userId: string): Promise<string[]> {
    return this.releaseAll.execute(userId);
  }

  async purgeDeleted(accountIds: string[]): Promise<void> {
    for (const id of accountIds) await this.purge.schedule(id);
  }

  /**
   * Runs the purge of deleted accounts now, in this process (what the queued purge job does: the content of other
   * contexts, the photo, the row), for callers without a job queue (the CLI). Idempotent; its job still runs.
   */
  async purgeDeletedNow(accountIds: string[]): Promise<void> {
    for (const id of accountIds) await this.purge.run(id);
  }

  /** Edits an account's settings as its owner does in Settings (the same rules and events). */
  async updateProfile(userId: string, accountId: string, input: AccountInput): Promise<void> {
    await this.update.execute(userId, accountId, input);
  }

  /** Sets an account's profile photo from an image file on this server, as an uploaded photo is checked and stored. */
  async setProfilePhoto(userId: string, accountId: string, imagePath: string): Promise<void> {
    const temp = await this.photos.receive(createReadStream(imagePath));
    try {
      await this.photos.apply(userId, temp, accountId);
    } finally {
      await this.photos.discard(temp);
    }
  }

  /** Whether the account has a banner (false when it no longer exists). */
  async hasBanner(accountId: string): Promise<boolean> {
    return !!(await this.accounts.findMany([accountId]))[0]?.bannerKey;
  }

  /** Sets an account's banner from an image file on this server, as an uploaded banner is checked and stored. */
  async setBanner(userId: string, accountId: string, imagePath: string): Promise<void> {
    const temp = await this.banners.receive(createReadStream(imagePath));
    try {
      await this.banners.apply(userId, temp, accountId);
    } finally {
      await this.banners.discard(temp);
    }
  }
}

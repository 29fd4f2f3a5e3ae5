import { Inject, Injectable } from '@nestjs/common';
import { channelHandleKey, type Account } from '../domain/account.js';
import { ChannelNotFound } from '../domain/accounts.errors.js';
import { ACCOUNT_REPOSITORY, type AccountRepository, type ChannelAudience, type ChannelContent } from '../domain/ports.js';

/** A channel's page as one viewer may see it: the account, its owner's follows and what it published. */
export interface ChannelPage {
  account: Account;
  followers: number;
  following: number;
  videos: number;
  reels: number;
  totalViews: number;
  isFollowing: boolean;
  isOwn: boolean;
}

/**
 * Channels by handle (any case). A handle that cannot be one, an unknown or deleted account, and a private account
 * to anyone but its owner are all the same 404. Follows come from the social context and counts from the catalog,
 * both registered at start-up (they import accounts, not the other way round); until then they count nothing.
 */
@Injectable()
export class ChannelPageQuery {
  private audience: ChannelAudience = { followCounts: async () => ({ followers: 0, following: 0 }), isFollowing: async () => false };
  private content: ChannelContent = { channelCounts: async () => ({ videos: 0, reels: 0, totalViews: 0 }) };

  constructor(@Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository) {}

  useAudience(audience: ChannelAudience): void {
    this.audience = audience;
  }

  useContent(content: ChannelContent): void {
    this.content = content;
  }

  /** The channel the viewer may see under this handle; ChannelNotFound otherwise. */
  async visible(rawHandle: string, viewerUserId: string | null): Promise<Account> {
    const handle = channelHandleKey(rawHandle);
    const account = handle ? await this.accounts.findByHandle(handle) : null;
    if (!account || !account.isVisibleTo(viewerUserId)) throw ChannelNotFound();
    return account;
  }

  async execute(rawHandle: string, viewerUserId: string | null): Promise<ChannelPage> {
    const account = await this.visible(rawHandle, viewerUserId);
    const isOwn = account.userId === viewerUserId;
    const [follows, counts, isFollowing] = await Promise.all([
      this.audience.followCounts(account.userId),
      this.content.channelCounts({ accountId: account.id, userId: account.userId }, viewerUserId),
      viewerUserId && !isOwn ? this.audience.isFollowing(viewerUserId, account.userId) : Promise.resolve(false),
    ]);
    return { account, followers: follows.followers, following: follows.following, ...counts, isFollowing, isOwn };
  }
}

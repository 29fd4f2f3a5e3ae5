import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from '../domain/ports.js';
import { photoUrl } from './account-view.js';

/** A channel (profile) as a report names it: what moderation snapshots. */
export interface ChannelReportTarget {
  ownerUserId: string;
  name: string;
  handle: string;
  bio: string | null;
  photoUrl: string | null;
}

/** A channel by its account id as the reporter may see it: null when unknown, deleted, or private to anyone but its owner. */
@Injectable()
export class ChannelReportTargetQuery {
  constructor(@Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository) {}

  async execute(accountId: string, viewerUserId: string): Promise<ChannelReportTarget | null> {
    if (!isUuid(accountId)) return null;
    const [account] = await this.accounts.findMany([accountId]);
    if (!account || !account.isVisibleTo(viewerUserId)) return null;
    return { ownerUserId: account.userId, name: account.displayName, handle: account.handle, bio: account.bio, photoUrl: photoUrl(account) };
  }
}

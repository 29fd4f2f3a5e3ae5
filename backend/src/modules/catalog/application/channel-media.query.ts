import { Inject, Injectable } from '@nestjs/common';
import { AccountsFacade, type ChannelRef } from '../../accounts/accounts.facade.js';
import { CHANNEL_MEDIA, type ChannelMediaReader, type ChannelSort } from '../domain/channel-media.port.js';
import type { MediaPage } from '../domain/ports.js';

/**
 * A channel's videos and reels tabs, and their counts for its page. The channel is found by handle under the
 * accounts context's rules (unknown, malformed, or private to anyone but its owner: 404 'Channel not found'); its
 * items follow the lists' rule: others see ready items of public accounts, the owner every item in every state.
 */
@Injectable()
export class ChannelMediaQuery {
  constructor(
    private readonly accounts: AccountsFacade,
    @Inject(CHANNEL_MEDIA) private readonly reader: ChannelMediaReader,
  ) {}

  async list(handle: string, kind: 'video' | 'reel', viewerUserId: string | null, sort: ChannelSort, limit: number, cursor: string | undefined): Promise<MediaPage> {
    const channel = await this.accounts.visibleChannel(handle, viewerUserId);
    return this.reader.list({ accountId: channel.accountId, userId: channel.userId, viewerUserId }, kind, sort, limit, cursor);
  }

  counts(channel: ChannelRef, viewerUserId: string | null): Promise<{ videos: number; reels: number; totalViews: number }> {
    return this.reader.counts({ ...channel, viewerUserId });
  }
}

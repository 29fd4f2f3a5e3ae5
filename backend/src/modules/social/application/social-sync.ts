import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { COMMUNITY_POSTS, type CommunityPosts } from '../domain/community-ports.js';
import { CONTENT_INDEX, CONTENT_SOURCES, SEARCH_LOG, SOCIAL_GRAPH, type ContentIndex, type ContentSource, type SearchLog, type SocialGraph, type SocialUser } from '../domain/ports.js';

/**
 * Keeps the directory of users and the content index in step with identity, accounts and the content contexts.
 * Every handler re-reads the current state from its owner, so running one twice or out of order is harmless.
 */
@Injectable()
export class SocialSync implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly identity: IdentityFacade,
    private readonly accounts: AccountsFacade,
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    @Inject(CONTENT_INDEX) private readonly index: ContentIndex,
    @Inject(CONTENT_SOURCES) private readonly sources: ContentSource[],
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(SEARCH_LOG) private readonly searchLog: SearchLog,
    @Inject(COMMUNITY_POSTS) private readonly communityPosts: CommunityPosts,
  ) {}

  onModuleInit(): void {
    this.durable.on('identity.user-changed', ({ userId }) => this.refreshUser(userId).then(() => undefined));
    // Content visibility is the account's: one statement for all of it, however much the account published.
    this.durable.on('accounts.profile-changed', async ({ userId, accountId }) => {
      await this.refreshUser(userId);
      await this.uow.inTransaction(async () => {
        await this.uow.lockUser(`account:${accountId}`);
        const account = (await this.accounts.summaries([accountId])).get(accountId);
        await this.index.setAccountVisibility(accountId, account?.visibility ?? null);
      });
    });
    // Media of every kind (videos and reels, music tracks, podcast episodes): each source indexes its own kinds and drops the rest.
    this.durable.on('catalog.media-changed', async ({ mediaId }) => {
      for (const source of this.sources.filter((s) => s.kinds.includes('video') || s.kinds.includes('track') || s.kinds.includes('episode'))) await this.reindex(source, mediaId);
    });
    this.durable.on('catalog.tournament-changed', async ({ tournamentId }) => {
      const source = this.sources.find((s) => s.kinds.includes('tournament'));
      if (source) await this.reindex(source, tournamentId);
    });
  }

  /** Read and written under a lock per item, so two runs cannot interleave and leave the older state behind. */
  async reindex(source: ContentSource, refId: string): Promise<void> {
    await this.uow.inTransaction(async () => {
      await this.uow.lockUser(`content:${refId}`);
      const doc = await source.document(refId);
      if (doc) await this.index.upsert(doc);
      else await this.index.remove(source.kinds, refId);
    });
  }

  /** The user's directory row and their 'user' document, from identity and accounts; gone when the user is. */
  async refreshUser(userId: string): Promise<SocialUser | null> {
    return this.uow.inTransaction(async () => {
      await this.uow.lockUser(`user:${userId}`);
      return this.refreshUserLocked(userId);
    });
  }

  private async refreshUserLocked(userId: string): Promise<SocialUser | null> {
    const profile = await this.identity.publicProfile(userId);
    if (!profile) {
      await this.graph.removeUser(userId);
      await this.index.remove('user', userId);
      // Items of no account (tournaments they organized): their source finds them gone too if they change again.
      await this.index.removeOwned(userId, this.sources.filter((s) => s.feedType === null).flatMap((s) => s.kinds));
      await this.searchLog.forget(`u:${userId}`);
      // Their community posts go with them (as their media and comments do), and their likes and comments on others'.
      await this.communityPosts.removeAuthor(userId);
      return null;
    }
    const primary = await this.accounts.primaryProfile(userId);
    const listed = profile.active && !!primary && !primary.isPrivate;
    await this.graph.upsertUser({ ...profile, photoUrl: primary?.photoUrl ?? null, listed });
    const user = await this.graph.findUser(userId);
    await this.index.upsert({
      kind: 'user',
      refId: userId,
      ownerUserId: userId,
      accountId: primary?.accountId ?? null,
      title: profile.username,
      body: profile.fullName,
      visibility: listed ? 'public' : 'private',
      popularity: user?.followersCount ?? 0,
      publishedAt: profile.joinedAt,
    });
    return user;
  }

  /** The directory row, created from identity when the user's registration event has not been handled yet. */
  async ensureUser(userId: string): Promise<SocialUser | null> {
    return (await this.graph.findUser(userId)) ?? (await this.refreshUser(userId));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { CONTENT_INDEX, CONTENT_SOURCES, SOCIAL_GRAPH, type ContentCardView, type ContentIndex, type ContentSource, type SocialGraph, type SocialUser } from '../domain/ports.js';
import type { DiscoverSort, FeedType } from '../domain/search-rules.js';
import { CannotFollowSelf, UserNotFound } from '../domain/social.errors.js';
import { isUuid } from '../domain/cursor.js';
import { SocialSync } from './social-sync.js';
import { SOCIAL_UNIT_OF_WORK } from './tokens.js';

/** A user card: the directory row, what they published, and whether the viewer follows them. */
export interface UserCardView {
  user: SocialUser;
  contentTotal: number;
  isFollowing: boolean;
  isSelf: boolean;
}

@Injectable()
export class SocialService {
  constructor(
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    @Inject(CONTENT_INDEX) private readonly index: ContentIndex,
    @Inject(CONTENT_SOURCES) private readonly sources: ContentSource[],
    @Inject(SOCIAL_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly sync: SocialSync,
    private readonly durable: DurableEvents,
  ) {}

  /** The content kinds others may find now (a kind whose feature is off is left out; tournaments are no one's content). */
  get contentKinds(): string[] {
    return this.sources.filter((s) => s.feedType !== null).flatMap((s) => s.shownKinds());
  }

  /** Toggles; a hidden user (private, blocked) can be unfollowed but not followed. */
  async toggleFollow(viewerId: string, rawTargetId: string): Promise<{ following: boolean; message: string; followersCount: number }> {
    if (!isUuid(rawTargetId)) throw UserNotFound();
    const targetId = rawTargetId.toLowerCase();
    if (targetId === viewerId) throw CannotFollowSelf();
    const target = await this.sync.ensureUser(targetId);
    if (!target) throw UserNotFound();
    if (!target.listed && !(await this.graph.isFollowing(viewerId, targetId))) throw UserNotFound();
    if (!(await this.sync.ensureUser(viewerId))) throw UserNotFound();
    const result = await this.uow.inTransaction(async () => {
      const r = await this.graph.toggleFollow(viewerId, targetId);
      if (r.following) this.durable.record('social.followed', { followerId: viewerId, followeeId: targetId });
      await this.uow.commit();
      return r;
    });
    const message = result.following ? `You are now following ${target.username}` : `You unfollowed ${target.username}`;
    return { ...result, message };
  }

  async cards(users: SocialUser[], viewerId: string | null): Promise<UserCardView[]> {
    const ids = users.map((u) => u.userId);
    const [counts, followed] = await Promise.all([this.index.countByOwner(ids, this.contentKinds), this.graph.followedAmong(viewerId, ids)]);
    return users.map((user) => ({ user, contentTotal: counts.get(user.userId) ?? 0, isFollowing: followed.has(user.userId), isSelf: user.userId === viewerId }));
  }

  async discover(sort: DiscoverSort, limit: number, viewerId: string | null): Promise<UserCardView[]> {
    return this.cards(await this.graph.discover(sort, limit, viewerId), viewerId);
  }

  /** A user's followers or follows: 404 for a hidden user (except to themselves). */
  async connections(rawUserId: string, side: 'followers' | 'following', limit: number, cursor: string | undefined, viewerId: string | null) {
    if (!isUuid(rawUserId)) throw UserNotFound();
    const userId = rawUserId.toLowerCase();
    const target = userId === viewerId ? await this.sync.ensureUser(userId) : await this.graph.findUser(userId);
    if (!target || (!target.listed && userId !== viewerId)) throw UserNotFound();
    const page = await this.graph.connections(userId, side, limit, cursor, viewerId);
    return { users: await this.cards(page.items, viewerId), total: page.total, nextCursor: page.nextCursor };
  }

  async profile(rawUserId: string, viewerId: string | null): Promise<UserCardView> {
    if (!isUuid(rawUserId)) throw UserNotFound();
    const userId = rawUserId.toLowerCase();
    const target = userId === viewerId ? await this.sync.ensureUser(userId) : await this.graph.findUser(userId);
    if (!target || (!target.listed && userId !== viewerId)) throw UserNotFound();
    return (await this.cards([target], viewerId))[0];
  }

  /** Newest first from followed users, every content kind (or one filter's kinds); each source hydrates its own. */
  async feed(viewerId: string, type: FeedType, limit: number, cursor: string | undefined): Promise<{ items: ContentCardView[]; nextCursor: string | null }> {
    const sources = type === 'all' ? this.sources.filter((s) => s.feedType !== null) : this.sources.filter((s) => s.feedType === type);
    const kinds = sources.flatMap((s) => s.shownKinds());
    if (!kinds.length) return { items: [], nextCursor: null };
    const page = await this.index.feed(viewerId, kinds, limit, cursor);
    return { items: await hydrate(sources, page.items, viewerId), nextCursor: page.nextCursor };
  }
}

/** Cards for index hits, in hit order, each from the source owning its kind. */
export async function hydrate(sources: ContentSource[], hits: { kind: string; refId: string }[], viewerId: string | null): Promise<ContentCardView[]> {
  const cards = new Map<string, ContentCardView>();
  await Promise.all(
    sources.map(async (s) => {
      const ids = hits.filter((h) => s.kinds.includes(h.kind)).map((h) => h.refId);
      if (ids.length) for (const c of await s.cards(ids, viewerId)) cards.set(c.id, c);
    }),
  );
  return hits.flatMap((h) => cards.get(h.refId) ?? []);
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../app/RootStore';
import { errorDetail } from '../../shared/apiError';
import type { ListStatus } from '../videos/VideosStore';
import { CONNECTIONS_LIMIT, DISCOVER_LIMIT, FEED_LIMIT, SOCIAL_MESSAGES } from './messages';
import type { ConnectionKind, DiscoverSort, FeedItem, FeedType, FollowResult, UserCard } from './types';

export interface UserList {
  users: UserCard[];
  status: ListStatus;
  /** How many there are in all (the connections); null for Discover, which has no total. */
  total: number | null;
  nextCursor: string | null;
  loadingMore: boolean;
}

export interface FeedList {
  items: FeedItem[];
  status: ListStatus;
  nextCursor: string | null;
  loadingMore: boolean;
}

const emptyUsers = (): UserList => ({ users: [], status: 'idle', total: null, nextCursor: null, loadingMore: false });
const emptyFeed = (): FeedList => ({ items: [], status: 'idle', nextCursor: null, loadingMore: false });

type ConnectionsPage = { users: UserCard[]; total: number; next_cursor: string | null };

/**
 * Social (seed 002 §2.11, §4, §7, §8): the following feed (all, videos, music, podcasts, paged), Discover (popular,
 * newest, creators), the signed-in user's connections ('Your Followers' and 'Following', with their totals) and the
 * follow toggle shared by every Follow button: one call per user at a time, the state and counts from the server's
 * answer, its message as a toast.
 */
export class SocialStore {
  feedType: FeedType = 'all';
  feed: FeedList = emptyFeed();

  discoverSort: DiscoverSort = 'popular';
  discover: UserList = emptyUsers();

  connectionKind: ConnectionKind = 'followers';
  connections: Record<ConnectionKind, UserList> = { followers: emptyUsers(), following: emptyUsers() };

  /** The follow state the server last answered, per user id; it wins over what a card was loaded with. */
  followState = new Map<string, boolean>();
  /** Users with a follow call under way. */
  pendingFollows = new Set<string>();
  /** Users whose follow state was asked for on its own (a reel's owner): under way, or answered (even if it failed). */
  lookups = new Map<string, 'loading' | 'done'>();

  /** Which answer of each list is the latest one asked for: an older one that arrives late is dropped. */
  private requests = new Map<string, number>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'requests'>(this, { root: false, requests: false }, { autoBind: true });
  }

  /** The signed-in user's id (the connections are theirs). */
  get viewerId(): string | null {
    return this.root.auth.user?.id ?? null;
  }

  isPending(userId: string): boolean {
    return this.pendingFollows.has(userId);
  }

  /** Whether the viewer follows `userId`: the server's last answer, else `fallback` (what the card was loaded with). */
  isFollowing(userId: string, fallback: boolean): boolean {
    return this.followState.get(userId) ?? fallback;
  }

  /** Whether a Follow button shows for `userId`: not for nobody (a sample's owner) nor for the viewer. */
  canFollow(userId: string): boolean {
    return userId !== '' && this.viewerId !== null && userId !== this.viewerId;
  }

  /**
   * Whether the viewer follows `userId`, asked for on its own (GET /api/users/{id}/profile) where the screen does not
   * say (the reels viewer): once per user; a failure leaves the Follow button to the server's answer on click.
   */
  async lookUpFollowState(userId: string): Promise<void> {
    if (!this.canFollow(userId) || this.lookups.has(userId) || this.followState.has(userId)) return;
    this.lookups.set(userId, 'loading');
    let following: boolean | undefined;
    try {
      const { data } = await this.root.api.GET('/api/users/{id}/profile', { params: { path: { id: userId } } });
      following = data?.is_following;
    } catch {
      following = undefined;
    }
    runInAction(() => {
      this.lookups.set(userId, 'done');
      if (following !== undefined && !this.followState.has(userId)) this.followState.set(userId, following);
    });
  }

  /** True once the viewer's follow of `userId` is known, or could not be found out. */
  followStateKnown(userId: string): boolean {
    return this.followState.has(userId) || this.lookups.get(userId) === 'done';
  }

  // ---- Feed ----

  setFeedType(type: FeedType): void {
    if (type === this.feedType && this.feed.status !== 'idle') return;
    this.feedType = type;
    this.feed = emptyFeed();
    void this.loadFeed();
  }

  /** The first page of the current kind. */
  async loadFeed(): Promise<boolean> {
    const type = this.feedType;
    const ticket = this.ticket('feed');
    if (this.feed.status !== 'ready') this.feed.status = 'loading';
    const page = await this.fetchFeed(type, null);
    if (!this.isLatest('feed', ticket)) return false;
    runInAction(() => {
      if (page) this.feed = { items: page.content, status: 'ready', nextCursor: page.next_cursor, loadingMore: false };
      else this.feed.status = 'error';
    });
    if (!page) this.root.notify.error(SOCIAL_MESSAGES.feedLoadFailed);
    return page !== null;
  }

  /** Load more: the next page, added below. */
  async loadMoreFeed(): Promise<boolean> {
    const cursor = this.feed.nextCursor;
    if (!cursor || this.feed.loadingMore) return false;
    const type = this.feedType;
    const ticket = this.requests.get('feed') ?? 0;
    this.feed.loadingMore = true;
    const page = await this.fetchFeed(type, cursor);
    if (!this.isLatest('feed', ticket)) return false;
    runInAction(() => {
      this.feed.loadingMore = false;
      if (!page) return;
      const known = new Set(this.feed.items.map((item) => item.id));
      this.feed.items = [...this.feed.items, ...page.content.filter((item) => !known.has(item.id))];
      this.feed.nextCursor = page.next_cursor === cursor ? null : page.next_cursor;
    });
    if (!page) this.root.notify.error(SOCIAL_MESSAGES.feedLoadFailed);
    return page !== null;
  }

  // ---- Discover ----

  setDiscoverSort(sort: DiscoverSort): void {
    if (sort === this.discoverSort && this.discover.status !== 'idle') return;
    this.discoverSort = sort;
    this.discover = emptyUsers();
    void this.loadDiscover();
  }

  async loadDiscover(): Promise<boolean> {
    const sort = this.discoverSort;
    const ticket = this.ticket('discover');
    if (this.discover.status !== 'ready') this.discover.status = 'loading';
    let users: UserCard[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/users/discover', {
        params: { query: { sort_by: sort, limit: String(DISCOVER_LIMIT) } },
      });
      users = data?.users;
    } catch {
      users = undefined;
    }
    if (!this.isLatest('discover', ticket)) return false;
    runInAction(() => {
      if (users) this.discover = { users: this.withFollowState(users), status: 'ready', total: null, nextCursor: null, loadingMore: false };
      else this.discover.status = 'error';
    });
    if (!users) this.root.notify.error(SOCIAL_MESSAGES.usersLoadFailed);
    return users !== undefined;
  }

  // ---- Connections ----

  /** Which sub-tab shows; the panel loads it when shown. */
  setConnectionKind(kind: ConnectionKind): void {
    this.connectionKind = kind;
  }

  /** The first page (50) of the viewer's followers or of whom they follow, with the total. */
  async loadConnections(kind: ConnectionKind = this.connectionKind): Promise<boolean> {
    const me = this.viewerId;
    if (!me) return false;
    const list = this.connections[kind];
    const ticket = this.ticket(`connections:${kind}`);
    if (list.status !== 'ready') list.status = 'loading';
    const page = await this.fetchConnections(me, kind, null);
    if (!this.isLatest(`connections:${kind}`, ticket)) return false;
    runInAction(() => {
      if (page) {
        this.connections[kind] = {
          users: this.withFollowState(page.users),
          status: 'ready',
          total: page.total,
          nextCursor: page.next_cursor,
          loadingMore: false,
        };
      } else {
        this.connections[kind].status = 'error';
      }
    });
    if (!page) this.root.notify.error(SOCIAL_MESSAGES.connectionsLoadFailed(kind));
    return page !== null;
  }

  async loadMoreConnections(kind: ConnectionKind = this.connectionKind): Promise<boolean> {
    const me = this.viewerId;
    const list = this.connections[kind];
    const cursor = list.nextCursor;
    if (!me || !cursor || list.loadingMore) return false;
    const ticket = this.requests.get(`connections:${kind}`) ?? 0;
    list.loadingMore = true;
    const page = await this.fetchConnections(me, kind, cursor);
    if (!this.isLatest(`connections:${kind}`, ticket)) return false;
    runInAction(() => {
      const current = this.connections[kind];
      current.loadingMore = false;
      if (!page) return;
      const known = new Set(current.users.map((user) => user.id));
      current.users = [...current.users, ...this.withFollowState(page.users).filter((user) => !known.has(user.id))];
      current.total = page.total;
      current.nextCursor = page.next_cursor === cursor ? null : page.next_cursor;
    });
    if (!page) this.root.notify.error(SOCIAL_MESSAGES.connectionsLoadFailed(kind));
    return page !== null;
  }

  // ---- Follow ----

  /**
   * Follow or Unfollow (seed 002 §4): the server toggles and answers the new state, which the button then shows;
   * its message is the success toast, and the cards shown take the new follower count. A second click while the
   * first is under way does nothing.
   */
  async toggleFollow(userId: string): Promise<void> {
    if (!this.canFollow(userId) || this.pendingFollows.has(userId)) return;
    this.pendingFollows.add(userId);
    let result: FollowResult | undefined;
    let failure: string = SOCIAL_MESSAGES.followFailed;
    try {
      const { data, error, response } = await this.root.api.POST('/api/users/{id}/follow', { params: { path: { id: userId } } });
      result = data;
      // Too many toggles: the server says how long to wait, which the fixed sentence would not.
      if (!data && response.status === 429) failure = errorDetail(error, SOCIAL_MESSAGES.followFailed);
    } catch {
      result = undefined;
    }
    runInAction(() => {
      this.pendingFollows.delete(userId);
      if (result) this.applyFollow(userId, result);
    });
    if (result) this.root.notify.success(result.message);
    else this.root.notify.error(failure);
  }

  reset(): void {
    this.feedType = 'all';
    this.feed = emptyFeed();
    this.discoverSort = 'popular';
    this.discover = emptyUsers();
    this.connectionKind = 'followers';
    this.connections = { followers: emptyUsers(), following: emptyUsers() };
    this.followState.clear();
    this.pendingFollows.clear();
    this.lookups.clear();
    this.requests.clear();
  }

  dispose(): void {}

  /** The new state on every card of `userId` and the server's follower count; the viewer's own count moves by one. */
  private applyFollow(userId: string, result: FollowResult): void {
    const before = this.knownFollowing(userId);
    const changed = before === undefined || before !== result.following;
    const step = changed ? (result.following ? 1 : -1) : 0;
    this.followState.set(userId, result.following);
    const me = this.viewerId;
    const update = (user: UserCard): UserCard => {
      if (user.id === userId) return { ...user, is_following: result.following, followers_count: result.followers_count };
      if (step !== 0 && (user.is_self || user.id === me)) return { ...user, following_count: Math.max(0, user.following_count + step) };
      return user;
    };
    for (const list of this.userLists()) list.users = list.users.map(update);
    const following = this.connections.following;
    if (step !== 0 && following.total !== null) following.total = Math.max(0, following.total + step);
  }

  /** What the viewer's follow of `userId` was before an answer: the last answer, else a card's, else unknown. */
  private knownFollowing(userId: string): boolean | undefined {
    const known = this.followState.get(userId);
    if (known !== undefined) return known;
    for (const list of this.userLists()) {
      const card = list.users.find((user) => user.id === userId);
      if (card) return card.is_following;
    }
    return undefined;
  }

  private userLists(): UserList[] {
    return [this.discover, this.connections.followers, this.connections.following];
  }

  /** Cards loaded after a toggle show the toggle's result when the server's read was older. */
  private withFollowState(users: UserCard[]): UserCard[] {
    return users.map((user) => {
      const known = this.followState.get(user.id);
      return known === undefined || known === user.is_following ? user : { ...user, is_following: known };
    });
  }

  private ticket(key: string): number {
    const next = (this.requests.get(key) ?? 0) + 1;
    this.requests.set(key, next);
    return next;
  }

  private isLatest(key: string, ticket: number): boolean {
    return this.requests.get(key) === ticket;
  }

  private async fetchFeed(type: FeedType, cursor: string | null): Promise<{ content: FeedItem[]; next_cursor: string | null } | null> {
    try {
      const { data } = await this.root.api.GET('/api/feed/following', {
        params: { query: { content_type: type, limit: String(FEED_LIMIT), ...(cursor ? { cursor } : {}) } },
      });
      return data ?? null;
    } catch {
      return null;
    }
  }

  private async fetchConnections(userId: string, kind: ConnectionKind, cursor: string | null): Promise<ConnectionsPage | null> {
    const query = { limit: String(CONNECTIONS_LIMIT), ...(cursor ? { cursor } : {}) };
    try {
      if (kind === 'followers') {
        const { data } = await this.root.api.GET('/api/users/{id}/followers', { params: { path: { id: userId }, query } });
        return data ? { users: data.followers, total: data.total, next_cursor: data.next_cursor } : null;
      }
      const { data } = await this.root.api.GET('/api/users/{id}/following', { params: { path: { id: userId }, query } });
      return data ? { users: data.following, total: data.total, next_cursor: data.next_cursor } : null;
    } catch {
      return null;
    }
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { byId, PagedList, type Page, type PageOutcome, type PageRequest } from '../../shared/pagedList';
import { CONNECTIONS_LIMIT, DISCOVER_LIMIT, FEED_LIMIT, SOCIAL_MESSAGES } from './messages';
import type { ConnectionKind, DiscoverSort, FeedItem, FeedType, FollowResult, UserCard } from './types';

/** A list of users; its meta is how many there are in all (the connections), null for Discover, which has no total. */
export type UserList = PagedList<UserCard, number>;
export type FeedList = PagedList<FeedItem>;

/**
 * Social (seed 002 §2.11, §4, §7, §8): the following feed (all, videos, music, podcasts, paged), Discover (popular,
 * newest, creators), the signed-in user's connections ('Your Followers' and 'Following', with their totals) and the
 * follow toggle shared by every Follow button: one call per user at a time, the state and counts from the server's
 * answer, its message as a toast.
 */
export class SocialStore {
  feedType: FeedType = 'all';
  readonly feed: FeedList = new PagedList((request) => this.fetchFeed(request), byId);

  discoverSort: DiscoverSort = 'popular';
  readonly discover: UserList = new PagedList((request) => this.fetchDiscover(request), byId);

  connectionKind: ConnectionKind = 'followers';
  readonly connections: Record<ConnectionKind, UserList> = {
    followers: new PagedList((request) => this.fetchConnections('followers', request), byId),
    following: new PagedList((request) => this.fetchConnections('following', request), byId),
  };

  /** The follow state the server last answered, per user id; it wins over what a card was loaded with. */
  followState = new Map<string, boolean>();
  /** Users with a follow call under way. */
  pendingFollows = new Set<string>();
  /** Users whose follow state was asked for on its own (a reel's owner): under way, or answered (even if it failed). */
  lookups = new Map<string, 'loading' | 'done'>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false, feed: false, discover: false, connections: false }, { autoBind: true });
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
    this.feed.reset();
    void this.loadFeed();
  }

  /** The first page of the current kind. */
  async loadFeed(): Promise<boolean> {
    return this.told(await this.feed.load(), SOCIAL_MESSAGES.feedLoadFailed, 'social.feed');
  }

  /** Load more: the next page, added below. */
  async loadMoreFeed(): Promise<boolean> {
    return this.told(await this.feed.loadMore(), SOCIAL_MESSAGES.feedLoadFailed, 'social.feed');
  }

  // ---- Discover ----

  setDiscoverSort(sort: DiscoverSort): void {
    if (sort === this.discoverSort && this.discover.status !== 'idle') return;
    this.discoverSort = sort;
    this.discover.reset();
    void this.loadDiscover();
  }

  async loadDiscover(): Promise<boolean> {
    return this.told(await this.discover.load(), SOCIAL_MESSAGES.usersLoadFailed, 'social.discover');
  }

  // ---- Connections ----

  /** Which sub-tab shows; the panel loads it when shown. */
  setConnectionKind(kind: ConnectionKind): void {
    this.connectionKind = kind;
  }

  /** The first page (50) of the viewer's followers or of whom they follow, with the total. */
  async loadConnections(kind: ConnectionKind = this.connectionKind): Promise<boolean> {
    if (!this.viewerId) return false;
    return this.told(await this.connections[kind].load(), SOCIAL_MESSAGES.connectionsLoadFailed(kind), `social.${kind}`);
  }

  async loadMoreConnections(kind: ConnectionKind = this.connectionKind): Promise<boolean> {
    if (!this.viewerId) return false;
    return this.told(await this.connections[kind].loadMore(), SOCIAL_MESSAGES.connectionsLoadFailed(kind), `social.${kind}`);
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
    const toast = { action: `social.follow:${userId}` };
    if (result) {
      this.root.notify.success(result.message, toast);
      this.root.channels.refreshFollowers(userId);
    } else this.root.notify.error(failure, toast);
  }

  reset(): void {
    this.feedType = 'all';
    this.feed.reset();
    this.discoverSort = 'popular';
    this.discover.reset();
    this.connectionKind = 'followers';
    for (const list of Object.values(this.connections)) list.reset();
    this.followState.clear();
    this.pendingFollows.clear();
    this.lookups.clear();
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
    for (const list of this.userLists()) list.map(update);
    const following = this.connections.following;
    if (step !== 0 && following.meta !== null) following.setMeta(Math.max(0, following.meta + step));
  }

  /** What the viewer's follow of `userId` was before an answer: the last answer, else a card's, else unknown. */
  private knownFollowing(userId: string): boolean | undefined {
    const known = this.followState.get(userId);
    if (known !== undefined) return known;
    for (const list of this.userLists()) {
      const card = list.items.find((user) => user.id === userId);
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

  /** A failed load says so in a toast (which the next load that works takes away); true when its page shows. */
  private told(outcome: PageOutcome, failure: string, action: string): boolean {
    if (outcome === 'failed') this.root.notify.error(failure, { action });
    else if (outcome === 'loaded') this.root.notify.clear(action);
    return outcome === 'loaded';
  }

  private async fetchFeed({ cursor, signal }: PageRequest): Promise<Page<FeedItem> | undefined> {
    const { data } = await this.root.api.GET('/api/feed/following', {
      params: { query: { content_type: this.feedType, limit: String(FEED_LIMIT), ...(cursor ? { cursor } : {}) } },
      signal,
    });
    return data && { items: data.content, next: data.next_cursor };
  }

  private async fetchDiscover({ signal }: PageRequest): Promise<Page<UserCard, number> | undefined> {
    const { data } = await this.root.api.GET('/api/users/discover', {
      params: { query: { sort_by: this.discoverSort, limit: String(DISCOVER_LIMIT) } },
      signal,
    });
    return data && { items: this.withFollowState(data.users), next: null };
  }

  /** A page of the viewer's followers, or of whom they follow, with the total. */
  private async fetchConnections(kind: ConnectionKind, { cursor, signal }: PageRequest): Promise<Page<UserCard, number> | undefined> {
    const me = this.viewerId;
    if (!me) return undefined;
    const params = { path: { id: me }, query: { limit: String(CONNECTIONS_LIMIT), ...(cursor ? { cursor } : {}) } };
    if (kind === 'followers') {
      const { data } = await this.root.api.GET('/api/users/{id}/followers', { params, signal });
      return data && { items: this.withFollowState(data.followers), next: data.next_cursor, meta: data.total };
    }
    const { data } = await this.root.api.GET('/api/users/{id}/following', { params, signal });
    return data && { items: this.withFollowState(data.following), next: data.next_cursor, meta: data.total };
  }
}

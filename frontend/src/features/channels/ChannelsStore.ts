import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { components } from '../../api/schema';
import { byId, PagedList, type Page, type PageRequest } from '../../shared/pagedList';
import type { VideoDto } from '../videos/types';
import type { ReelDto } from '../reels/types';

export type ChannelDto = components['schemas']['ChannelDto'];
export type ChannelTab = 'videos' | 'shorts';
export type ChannelSort = 'newest' | 'popular';
export type ChannelStatus = 'loading' | 'ready' | 'missing' | 'error';

const PAGE_SIZE = 24;

/** One channel's page: the channel read by its handle, and its Videos and Shorts tabs, paged by cursor. */
export class ChannelPage {
  readonly videos: PagedList<VideoDto>;
  readonly shorts: PagedList<ReelDto>;
  sort: ChannelSort = 'newest';

  constructor(
    store: ChannelsStore,
    readonly handle: string,
  ) {
    this.videos = new PagedList<VideoDto>((request) => store.fetchVideos(handle, this.sort, request), byId);
    this.shorts = new PagedList<ReelDto>((request) => store.fetchShorts(handle, this.sort, request), byId);
    makeAutoObservable(this, { videos: false, shorts: false }, { autoBind: true });
  }

  setSort(sort: ChannelSort): void {
    if (this.sort === sort) return;
    this.sort = sort;
    void this.videos.load({ limit: PAGE_SIZE });
    void this.shorts.load({ limit: PAGE_SIZE });
  }
}

/**
 * Channels (`/c/:handle`, GET /api/channels/{handle}): the channel with its counts and whether the viewer follows it,
 * kept by handle (the watch page's channel bar reads the same), and each channel's tabs.
 */
export class ChannelsStore {
  private channels = new Map<string, ChannelDto>();
  private statuses = new Map<string, ChannelStatus>();
  private pages = new Map<string, ChannelPage>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<ChannelsStore, 'pages'>(this, { root: false, pages: false }, { autoBind: true });
  }

  byHandle(handle: string): ChannelDto | null {
    return this.channels.get(handle.toLowerCase()) ?? null;
  }

  status(handle: string): ChannelStatus {
    return this.statuses.get(handle.toLowerCase()) ?? 'loading';
  }

  /** Reads the channel (again: counts and the follow state change). */
  async load(handle: string): Promise<void> {
    const key = handle.toLowerCase();
    if (!this.channels.has(key)) this.statuses.set(key, 'loading');
    try {
      const { data, response } = await this.root.api.GET('/api/channels/{handle}', { params: { path: { handle } } });
      runInAction(() => {
        if (data) {
          this.channels.set(key, data);
          this.statuses.set(key, 'ready');
        } else if (!this.channels.has(key)) this.statuses.set(key, response.status === 404 ? 'missing' : 'error');
      });
    } catch {
      runInAction(() => {
        if (!this.channels.has(key)) this.statuses.set(key, 'error');
      });
    }
  }

  /** The page state of a channel (its tabs), made on first use. */
  page(handle: string): ChannelPage {
    const key = handle.toLowerCase();
    let page = this.pages.get(key);
    if (!page) {
      page = new ChannelPage(this, handle);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Follow changes the follower count the page shows: read it again. */
  refreshFollowers(userId: string): void {
    for (const channel of this.channels.values()) if (channel.user_id === userId) void this.load(channel.handle);
  }

  reset(): void {
    this.channels.clear();
    this.statuses.clear();
    this.pages.clear();
  }

  async fetchVideos(handle: string, sort: ChannelSort, { cursor, limit = PAGE_SIZE, signal }: PageRequest): Promise<Page<VideoDto> | undefined> {
    const query = { sort, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const { data, response } = await this.root.api.GET('/api/channels/{handle}/videos', { params: { path: { handle }, query }, signal });
    return data ? { items: data, next: response.headers.get('X-Next-Cursor') || null } : undefined;
  }

  async fetchShorts(handle: string, sort: ChannelSort, { cursor, limit = PAGE_SIZE, signal }: PageRequest): Promise<Page<ReelDto> | undefined> {
    const query = { sort, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const { data } = await this.root.api.GET('/api/channels/{handle}/reels', { params: { path: { handle }, query }, signal });
    return data ? { items: data.reels, next: data.next_cursor } : undefined;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import type { Media } from '../domain/media.js';
import { HOME_FEED, MEDIA_REPOSITORY, type FollowedVideos, type HomeFeed, type MediaRepository } from '../domain/ports.js';

/** Items per Home section. */
export const HOME_SECTION_SIZE = 12;
/** Trending counts views of the last 48 hours. */
const TRENDING_WINDOW_MS = 48 * 3600_000;
/** Hourly activity is kept a day longer than Trending reads. */
const ACTIVITY_KEPT_MS = 72 * 3600_000;

export interface HomeSections {
  following: Media[];
  trending: Media[];
  continueWatching: { media: Media; positionSeconds: number }[];
}

/**
 * Home's sections from real data: the newest videos of followed channels, Trending (48 h of views weighted by watch
 * time) and Continue watching (from the viewer's heartbeats). Trending is the same for everyone, so it is computed
 * at most every TRENDING_REFRESH_SECONDS: a stale list is served while one request refreshes it.
 */
@Injectable()
export class HomeFeedQuery {
  private trendingIds: { ids: string[]; at: number } | null = null;
  private refreshing: Promise<string[]> | null = null;
  /** The social context answers who the viewer follows (registered at start-up; nothing until then). */
  private followed: FollowedVideos = async () => [];
  private readonly logger = new Logger('Home');

  constructor(
    @Inject(HOME_FEED) private readonly feed: HomeFeed,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  useFollowedVideos(followed: FollowedVideos): void {
    this.followed = followed;
  }

  async sections(viewer: string | null): Promise<HomeSections> {
    const [followingIds, trendingIds, progress] = await Promise.all([
      viewer ? this.followed(viewer, HOME_SECTION_SIZE) : Promise.resolve([]),
      this.trending(),
      viewer ? this.feed.continueWatching(viewer, HOME_SECTION_SIZE) : Promise.resolve([]),
    ]);
    const items = await this.media.findMany([...new Set([...followingIds, ...trendingIds, ...progress.map((p) => p.mediaId)])]);
    // Checked again here: an item made private or deleted since a list was computed is left out.
    const byId = new Map(items.filter((m) => m.isReachableBy(viewer)).map((m) => [m.id, m]));
    const pick = (ids: string[]) => ids.map((id) => byId.get(id)).filter((m): m is Media => !!m);
    return {
      following: pick(followingIds),
      trending: pick(trendingIds).slice(0, HOME_SECTION_SIZE),
      continueWatching: progress.flatMap((p) => {
        const m = byId.get(p.mediaId);
        return m ? [{ media: m, positionSeconds: p.positionSeconds }] : [];
      }),
    };
  }

  /** Removes a video from the viewer's Continue watching (404 when it is not there). */
  async forget(viewer: string, mediaId: string): Promise<void> {
    if (!(await this.feed.forgetProgress(viewer, mediaId))) throw new DomainError('not_found', 'HOME.NOT_IN_CONTINUE_WATCHING', 'This video is not in Continue watching');
  }

  /** Drops hourly activity older than Trending needs. */
  pruneActivity(now = Date.now()): Promise<number> {
    return this.feed.pruneActivity(new Date(now - ACTIVITY_KEPT_MS));
  }

  @Cron('23 * * * *', { name: 'home-activity-prune' })
  async pruneHourly(): Promise<void> {
    await RequestContext.create(this.orm.em, () => this.pruneActivity()).catch((e: Error) => this.logger.warn(`home activity prune: ${e.message}`));
  }

  private trending(): Promise<string[]> {
    const maxAge = this.config.trendingRefreshSeconds * 1000;
    const cached = this.trendingIds;
    if (cached && Date.now() - cached.at < maxAge) return Promise.resolve(cached.ids);
    const refresh = (this.refreshing ??= this.feed
      .trending(new Date(Date.now() - TRENDING_WINDOW_MS), HOME_SECTION_SIZE * 2)
      .then((ids) => {
        this.trendingIds = { ids, at: Date.now() };
        return ids;
      })
      .finally(() => {
        this.refreshing = null;
      }));
    if (!cached || maxAge === 0) return refresh;
    // A stale list now rather than every request waiting for the refresh; a failed refresh is tried again next time.
    refresh.catch(() => undefined);
    return Promise.resolve(cached.ids);
  }
}

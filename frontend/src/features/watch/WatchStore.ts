import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { TileVideo } from '../videos/components/VideoTile';
import type { VideoDto } from '../videos/types';

/** How many videos Up next shows. */
export const UP_NEXT_SIZE = 12;
const AUTOPLAY_KEY = 'scriven.autoplay';
const THEATRE_KEY = 'scriven.theatre';

function storedFlag(key: string, fallback: boolean): boolean {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    return fallback;
  }
}

function storeFlag(key: string, value: boolean): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

/**
 * The watch page around its video (which VideosStore reads): Up next, from the same channel first and then related by
 * search similarity to the title, never the video itself; autoplay of the next one (the viewer's choice, kept in this
 * browser) and theatre mode.
 */
export class WatchStore {
  upNext: TileVideo[] = [];
  upNextStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  autoplay = storedFlag(AUTOPLAY_KEY, true);
  theatre = storedFlag(THEATRE_KEY, false);
  private loadedFor: string | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  setAutoplay(on: boolean): void {
    this.autoplay = on;
    storeFlag(AUTOPLAY_KEY, on);
  }

  setTheatre(on: boolean): void {
    this.theatre = on;
    storeFlag(THEATRE_KEY, on);
  }

  /** The next video to play: the first of Up next. */
  get next(): TileVideo | null {
    return this.upNext[0] ?? null;
  }

  /** Up next for `video`: its channel's other videos, then videos whose titles are like its title. */
  async loadUpNext(video: VideoDto): Promise<void> {
    if (this.loadedFor === video.id && this.upNextStatus !== 'error') return;
    this.loadedFor = video.id;
    this.upNextStatus = 'loading';
    const [channel, related] = await Promise.all([this.channelVideos(video), this.relatedVideos(video)]);
    if (this.loadedFor !== video.id) return;
    const seen = new Set<string>([video.id]);
    const list = [...(channel ?? []), ...(related ?? [])].filter((item) => !seen.has(item.id) && seen.add(item.id));
    runInAction(() => {
      this.upNext = list.slice(0, UP_NEXT_SIZE);
      // Something to show is enough; an empty list is 'nothing else' only when both sources answered.
      this.upNextStatus = list.length === 0 && (channel === null || related === null) ? 'error' : 'ready';
    });
  }

  reset(): void {
    this.upNext = [];
    this.upNextStatus = 'idle';
    this.loadedFor = null;
  }

  /** The channel's other ready landscape videos; null when they could not be read. */
  private async channelVideos(video: VideoDto): Promise<TileVideo[] | null> {
    if (!video.owner.handle) return [];
    try {
      const { data } = await this.root.api.GET('/api/channels/{handle}/videos', {
        params: { path: { handle: video.owner.handle }, query: { limit: String(UP_NEXT_SIZE + 1) } },
      });
      if (!data) throw new Error('not read');
      return data.filter((item) => item.status === 'ready' && !item.is_vertical);
    } catch {
      return null;
    }
  }

  /** Landscape videos whose titles are like this one's; null when the search failed. */
  private async relatedVideos(video: VideoDto): Promise<TileVideo[] | null> {
    const words = video.title.replace(/[^\p{L}\p{N}\s]/gu, ' ').trim().split(/\s+/).filter((w) => w.length > 2).slice(0, 6).join(' ');
    if (!words) return [];
    try {
      const { data } = await this.root.api.GET('/api/search', { params: { query: { q: words.slice(0, 100), content_type: 'videos', limit: String(UP_NEXT_SIZE + 1) } } });
      if (!data) throw new Error('not read');
      return data.results.videos
        .filter((item) => item.kind === 'video' && !item.is_vertical)
        .map((item) => ({
          id: item.id,
          title: item.title,
          thumbnail_url: item.thumbnail_url,
          duration_seconds: item.duration_seconds,
          views: item.views,
          created_at: item.created_at,
          owner: { handle: item.username, display_name: item.username, profile_photo_url: null },
        }));
    } catch {
      return null;
    }
  }
}

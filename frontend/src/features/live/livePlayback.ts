import { hasMediaSource } from '../media/hls';
import { LIVE_EDGE_SECONDS } from './messages';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** What a live player reports: media arrived, where the live edge is, and failures (the playlist is not there yet). */
export interface LiveAttachment {
  /** Seconds behind the live edge now (0 at the edge), or null while unknown. */
  behind(): number | null;
  /** Seeks to the live edge. */
  jumpToLive(): void;
  dispose(): void;
}

export interface LiveCallbacks {
  /** The first media is playing / playable. */
  onMedia?(): void;
  /** The playlist cannot be read (yet): the player tries again by itself. */
  onWaiting?(): void;
}

/** hls.js for low latency (LL-HLS with blocking reloads): close to the edge, catching up a little faster when behind. */
export const LIVE_HLS_CONFIG = {
  lowLatencyMode: true,
  liveSyncDuration: 1.0,
  liveMaxLatencyDuration: 3,
  maxLiveSyncPlaybackRate: 1.5,
  backBufferLength: 30,
} as const;

/** How long to wait before reading a playlist again that was not there (no media yet, or a dropped ingest). */
const RETRY_MS = 2000;

/**
 * Plays a live stream's LL-HLS in `video`: hls.js (loaded on demand) where the browser has Media Source Extensions,
 * else the browser's own HLS (Safari). A playlist that is not there yet (404 before the first media) is read again
 * every 2 s until it is.
 */
export function attachLive(video: HTMLVideoElement, url: string, callbacks: LiveCallbacks = {}): LiveAttachment {
  let disposed = false;
  let hls: { liveSyncPosition: number | null; destroy(): void; loadSource(u: string): void; startLoad(p?: number): void } | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let onNativeError: (() => void) | null = null;
  const onPlaying = () => callbacks.onMedia?.();
  video.addEventListener('loadeddata', onPlaying);

  const edge = (): number | null => {
    if (hls) return hls.liveSyncPosition ?? null;
    const { seekable } = video;
    return seekable && seekable.length > 0 ? seekable.end(seekable.length - 1) - LIVE_HLS_CONFIG.liveSyncDuration : null;
  };

  if (hasMediaSource()) {
    void import('hls.js').then(({ default: Hls }) => {
      if (disposed) return;
      if (!Hls.isSupported()) {
        video.src = url;
        return;
      }
      const player = new Hls({ ...LIVE_HLS_CONFIG });
      hls = player;
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal || disposed) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
          player.recoverMediaError();
          return;
        }
        // The playlist is not there yet, or the network dropped: read it again shortly.
        callbacks.onWaiting?.();
        if (retry !== null) clearTimeout(retry);
        retry = setTimeout(() => {
          retry = null;
          if (!disposed) player.loadSource(url);
        }, RETRY_MS);
      });
      player.loadSource(url);
      player.attachMedia(video);
    });
  } else if (video.canPlayType(HLS_MIME) !== '') {
    const onError = () => {
      callbacks.onWaiting?.();
      if (retry !== null) clearTimeout(retry);
      retry = setTimeout(() => {
        retry = null;
        if (!disposed) {
          video.src = url;
          video.load();
        }
      }, RETRY_MS);
    };
    video.addEventListener('error', onError);
    onNativeError = onError;
    video.src = url;
  }

  return {
    behind() {
      const position = edge();
      if (position === null || !Number.isFinite(position)) return null;
      return Math.max(0, position - video.currentTime);
    },
    jumpToLive() {
      const position = edge();
      if (position !== null && Number.isFinite(position)) video.currentTime = position;
      if (video.paused) void video.play().catch(() => undefined);
    },
    dispose() {
      disposed = true;
      if (retry !== null) clearTimeout(retry);
      video.removeEventListener('loadeddata', onPlaying);
      if (onNativeError) video.removeEventListener('error', onNativeError);
      hls?.destroy();
      hls = null;
    },
  };
}

/** True when `behind` seconds counts as at the live edge (the red LIVE badge). */
export function atLiveEdge(behind: number | null): boolean {
  return behind !== null && behind <= LIVE_EDGE_SECONDS;
}

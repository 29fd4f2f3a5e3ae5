const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Runs `run` once the next frame has been painted (at once where there are no frames to wait for). */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** True when the browser has Media Source Extensions, which hls.js plays HLS with. */
export function hasMediaSource(): boolean {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown; WebKitMediaSource?: unknown };
  return Boolean(scope.MediaSource ?? scope.ManagedMediaSource ?? scope.WebKitMediaSource);
}

/**
 * Points `video` at the best source it can play and returns the function that lets it go:
 * - HLS through hls.js when an HLS address is given and the browser has Media Source Extensions (loaded on demand);
 * - else the browser's own HLS (Safari) when it says it can play it;
 * - else the original file (`src`), which every browser streams with range requests.
 * When HLS fails for good (a fatal error hls.js cannot recover from), the original file is played instead.
 */
/** The renditions of an HLS stream a player can choose between, and the choice (-1: automatic). */
export interface QualityControl {
  /** Heights of the renditions, in the stream's order. */
  levels: number[];
  /** Picks a rendition by its index, or -1 for automatic. */
  setLevel(index: number): void;
  /** The rendition playing now (-1 before one is chosen). */
  currentLevel(): number;
}

export function attachSource(
  video: HTMLVideoElement,
  src: string,
  hlsUrl: string | null | undefined,
  onQuality?: (control: QualityControl | null) => void,
): () => void {
  let disposed = false;
  let destroyHls: (() => void) | null = null;
  const playOriginal = () => {
    if (!disposed && video.getAttribute('src') !== src) video.src = src;
  };

  if (hlsUrl && hasMediaSource()) {
    // After the page has painted: parsing hls.js (580 kB) must not hold up the poster and the title.
    afterPaint(() => {
      if (disposed) return;
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (disposed) return;
          if (!Hls.isSupported()) {
            playOriginal();
            return;
          }
          // Segments load from the first play on: a grid of players fetches only their playlists until then.
          const hls = new Hls({ capLevelToPlayerSize: true, autoStartLoad: false });
          const startLoading = () => hls.startLoad(-1);
          let recovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              hls.recoverMediaError();
              return;
            }
            hls.destroy();
            destroyHls = null;
            onQuality?.(null);
            playOriginal();
          });
          if (onQuality) {
            hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
              onQuality({
                levels: data.levels.map((level) => level.height),
                setLevel: (index) => {
                  hls.currentLevel = index;
                },
                currentLevel: () => hls.currentLevel,
              });
            });
          }
          hls.loadSource(hlsUrl);
          hls.attachMedia(video);
          // Only now: loadSource stops any loading asked for before it. A play that came while hls.js was still being
          // fetched (the viewer pressed play at once) starts loading here; hls.js begins once the playlist is read.
          if (video.paused) video.addEventListener('play', startLoading, { once: true });
          else startLoading();
          destroyHls = () => {
            video.removeEventListener('play', startLoading);
            hls.destroy();
          };
        })
        .catch(playOriginal);
    });
  } else if (hlsUrl && video.canPlayType(HLS_MIME) !== '') {
    const onError = () => {
      video.removeEventListener('error', onError);
      playOriginal();
    };
    video.addEventListener('error', onError);
    video.src = hlsUrl;
    destroyHls = () => video.removeEventListener('error', onError);
  } else {
    playOriginal();
  }

  return () => {
    disposed = true;
    destroyHls?.();
    destroyHls = null;
  };
}

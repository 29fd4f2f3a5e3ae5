/** Watch time is reported in heartbeats of this many seconds of actual playback (product.md §4). */
export const HEARTBEAT_SECONDS = 15;

/** A gap between two time updates larger than this is a seek or a stall, not playback. */
const MAX_TICK_SECONDS = 2;

export interface PlaybackCallbacks {
  /** The first time playback starts: count a view. */
  onFirstPlay?: () => void;
  /** Seconds of actual playback since the last report (1 to 60). */
  onWatched?: (seconds: number) => void;
}

/**
 * Follows a <video>: the first play, and the seconds actually played (seeks and stalls left out), reported every
 * HEARTBEAT_SECONDS and, for the remainder of at least a second, when playback pauses, ends or the player goes.
 * Returns the function that stops following it.
 */
export function trackPlayback(video: HTMLVideoElement, callbacks: () => PlaybackCallbacks): () => void {
  let started = false;
  let lastTime = video.currentTime;
  let pending = 0;

  const flush = () => {
    const whole = Math.floor(pending);
    if (whole >= 1) {
      pending -= whole;
      callbacks().onWatched?.(Math.min(60, whole));
    }
  };

  const onPlay = () => {
    lastTime = video.currentTime;
    if (!started) {
      started = true;
      callbacks().onFirstPlay?.();
    }
  };
  const onTimeUpdate = () => {
    const now = video.currentTime;
    const delta = now - lastTime;
    lastTime = now;
    if (video.paused || video.seeking || delta <= 0 || delta > MAX_TICK_SECONDS) return;
    pending += delta;
    while (pending >= HEARTBEAT_SECONDS) {
      pending -= HEARTBEAT_SECONDS;
      callbacks().onWatched?.(HEARTBEAT_SECONDS);
    }
  };
  const onSeeked = () => {
    lastTime = video.currentTime;
  };

  video.addEventListener('play', onPlay);
  video.addEventListener('timeupdate', onTimeUpdate);
  video.addEventListener('seeked', onSeeked);
  video.addEventListener('pause', flush);
  video.addEventListener('ended', flush);
  return () => {
    video.removeEventListener('play', onPlay);
    video.removeEventListener('timeupdate', onTimeUpdate);
    video.removeEventListener('seeked', onSeeked);
    video.removeEventListener('pause', flush);
    video.removeEventListener('ended', flush);
    flush();
  };
}

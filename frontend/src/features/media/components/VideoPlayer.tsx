import { forwardRef, useEffect, useImperativeHandle, useRef, type CSSProperties } from 'react';
import { attachSource } from '../hls';
import { trackPlayback, type PlaybackCallbacks } from '../playback';

export interface VideoPlayerProps extends PlaybackCallbacks {
  /** The original file (always playable, with range requests). */
  src: string;
  /** HLS master playlist, once the video is ready. */
  hlsUrl?: string | null;
  poster?: string | null;
  /** The accessible name of the player. */
  label: string;
  controls?: boolean;
  muted?: boolean;
  autoPlay?: boolean;
  loop?: boolean;
  style?: CSSProperties;
  /** Seconds of playback before `onWatched` is called are counted only while this player is on screen. */
  onPlayingChange?: (playing: boolean) => void;
}

/**
 * A native <video> with the best source the browser can play (HLS through hls.js, Safari's own HLS, or the original
 * file), that reports its first play and the seconds actually watched.
 */
export const VideoPlayer = forwardRef<HTMLVideoElement, VideoPlayerProps>(function VideoPlayer(
  { src, hlsUrl, poster, label, controls = true, muted, autoPlay, loop, style, onFirstPlay, onWatched, onPlayingChange },
  forwarded,
) {
  const ref = useRef<HTMLVideoElement>(null);
  useImperativeHandle(forwarded, () => ref.current as HTMLVideoElement);

  const callbacks = useRef<PlaybackCallbacks & { onPlayingChange?: (playing: boolean) => void }>({});
  callbacks.current = { onFirstPlay, onWatched, onPlayingChange };

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    return attachSource(video, src, hlsUrl);
  }, [src, hlsUrl]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    const stop = trackPlayback(video, () => callbacks.current);
    const playing = () => callbacks.current.onPlayingChange?.(true);
    const paused = () => callbacks.current.onPlayingChange?.(false);
    video.addEventListener('play', playing);
    video.addEventListener('pause', paused);
    video.addEventListener('ended', paused);
    return () => {
      video.removeEventListener('play', playing);
      video.removeEventListener('pause', paused);
      video.removeEventListener('ended', paused);
      stop();
    };
  }, [src]);

  useEffect(() => {
    if (ref.current && muted !== undefined) ref.current.muted = muted;
  }, [muted]);

  return (
    <video
      ref={ref}
      aria-label={label}
      poster={poster ?? undefined}
      controls={controls}
      muted={muted}
      autoPlay={autoPlay}
      loop={loop}
      playsInline
      preload="metadata"
      style={{ display: 'block', width: '100%', height: '100%', background: '#000', objectFit: 'contain', ...style }}
    />
  );
});

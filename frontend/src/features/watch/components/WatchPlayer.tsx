import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Group, Select, Switch, Text } from '@mantine/core';
import { attachSource, type QualityControl } from '../../media/hls';
import { trackPlayback, type PlaybackCallbacks } from '../../media/playback';
import { formatClock } from '../../../shared/format';
import { readResume, RESUME_EDGE_SECONDS, saveResume } from '../resume';

export const SPEEDS = ['0.5', '0.75', '1', '1.25', '1.5', '2'] as const;

export interface WatchPlayerProps extends PlaybackCallbacks {
  videoId: string;
  src: string;
  hlsUrl: string | null;
  poster: string | null;
  title: string;
  theatre: boolean;
  /** Where to start (a link's `?t=`), instead of where this browser left the video. */
  startAt?: number | null;
  /** Where the viewer stopped as the server knows it (their heartbeats, from any device): used when this browser has no resume point. */
  savedAt?: number | null;
  onTheatreChange: (theatre: boolean) => void;
  onEnded?: () => void;
}

/** The server's resume point, when it is worth resuming (not at the very start or end). */
function serverResume(at: number | null, duration: number): number | null {
  if (at === null || !Number.isFinite(at) || at < RESUME_EDGE_SECONDS) return null;
  return Number.isFinite(duration) && at > duration - RESUME_EDGE_SECONDS ? null : at;
}

/** True when the key press is typing into a field, where the player's shortcuts must not act. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The watch page's player: HLS (hls.js) with a quality menu (Auto and each rendition), speed, theatre mode, the
 * browser's own controls (seek, volume, captions when the video has them, full screen), keyboard shortcuts (space or
 * k play/pause, j and l 10 s back and forward, the arrows 5 s and volume, f full screen, m mute), and resume where the
 * viewer stopped (kept in this browser, else where the server says they stopped). Plays `hlsUrl` when there is one,
 * else the file at `src`.
 */
export const WatchPlayer = forwardRef<HTMLVideoElement, WatchPlayerProps>(function WatchPlayer(
  { videoId, src, hlsUrl, poster, title, theatre, onTheatreChange, onEnded, onFirstPlay, onWatched, startAt = null, savedAt = null },
  forwarded,
) {
  const ref = useRef<HTMLVideoElement>(null);
  useImperativeHandle(forwarded, () => ref.current as HTMLVideoElement);
  const [quality, setQuality] = useState<QualityControl | null>(null);
  const [level, setLevel] = useState('-1');
  const [speed, setSpeed] = useState('1');
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const callbacks = useRef<PlaybackCallbacks & { onEnded?: () => void }>({});
  const start = useRef(startAt);
  start.current = startAt;
  const saved = useRef(savedAt);
  saved.current = savedAt;
  callbacks.current = { onFirstPlay, onWatched, onEnded };

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    setQuality(null);
    setLevel('-1');
    return attachSource(video, src, hlsUrl, setQuality);
  }, [src, hlsUrl]);

  // Resume: the saved position once the length is known; saved again as it plays, forgotten at the end.
  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    setResumedAt(null);
    const restore = () => {
      const asked = start.current;
      const at = asked !== null && asked > 0 && (!Number.isFinite(video.duration) || asked < video.duration) ? asked : (readResume(videoId, video.duration) ?? serverResume(saved.current, video.duration));
      if (at !== null) {
        video.currentTime = at;
        setResumedAt(at);
      }
    };
    if (video.readyState >= 1) restore();
    else video.addEventListener('loadedmetadata', restore, { once: true });
    let last = 0;
    const onTime = () => {
      if (Math.abs(video.currentTime - last) < 5) return;
      last = video.currentTime;
      saveResume(videoId, video.currentTime, video.duration);
    };
    const onPause = () => saveResume(videoId, video.currentTime, video.duration);
    const onEnd = () => {
      saveResume(videoId, 0, video.duration);
      callbacks.current.onEnded?.();
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnd);
    const stop = trackPlayback(video, () => callbacks.current);
    return () => {
      video.removeEventListener('loadedmetadata', restore);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnd);
      stop();
    };
  }, [videoId]);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = Number(speed);
  }, [speed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const video = ref.current;
      if (!video || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const seek = (by: number) => {
        video.currentTime = Math.max(0, Math.min(Number.isFinite(video.duration) ? video.duration : Infinity, video.currentTime + by));
      };
      switch (event.key) {
        case ' ':
        case 'k':
          if (event.key === ' ' && event.target instanceof HTMLButtonElement) return;
          if (video.paused) void video.play().catch(() => undefined);
          else video.pause();
          break;
        case 'j':
          seek(-10);
          break;
        case 'l':
          seek(10);
          break;
        case 'ArrowLeft':
          seek(-5);
          break;
        case 'ArrowRight':
          seek(5);
          break;
        case 'ArrowUp':
          video.volume = Math.min(1, video.volume + 0.1);
          break;
        case 'ArrowDown':
          video.volume = Math.max(0, video.volume - 0.1);
          break;
        case 'm':
          video.muted = !video.muted;
          break;
        case 'f':
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          else void video.requestFullscreen?.().catch(() => undefined);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const levels = quality?.levels ?? [];
  return (
    <div>
      <div style={{ background: '#000', borderRadius: theatre ? 0 : 12, overflow: 'hidden', aspectRatio: '16 / 9', maxHeight: theatre ? '75vh' : undefined, width: '100%' }}>
        <video
          ref={ref}
          aria-label={title}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
      </div>
      <Group gap="sm" mt="xs" wrap="wrap" justify="space-between">
        <Text size="xs" c="dimmed" aria-live="polite">
          {resumedAt !== null ? `Resumed at ${formatClock(resumedAt)}` : 'Shortcuts: k or space, j / l, f, m, arrows'}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Select
            size="xs"
            w={110}
            label="Quality"
            aria-label="Quality"
            disabled={levels.length === 0}
            data={[{ value: '-1', label: 'Auto' }, ...levels.map((h, i) => ({ value: String(i), label: `${h}p` }))]}
            value={level}
            allowDeselect={false}
            onChange={(value) => {
              if (value === null) return;
              setLevel(value);
              quality?.setLevel(Number(value));
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            size="xs"
            w={90}
            label="Speed"
            aria-label="Speed"
            data={SPEEDS.map((s) => ({ value: s, label: s === '1' ? 'Normal' : `${s}×` }))}
            value={speed}
            allowDeselect={false}
            onChange={(value) => value && setSpeed(value)}
          />
          <Switch size="xs" mt="lg" label="Theatre" checked={theatre} onChange={(e) => onTheatreChange(e.currentTarget.checked)} />
        </Group>
      </Group>
    </div>
  );
});

/**
 * The music section's rules on the client (seed 002 §2.8, §5 Music upload, §8, §9; issue 14): the genres, the upload
 * form's checks before anything is sent (the server checks again, by the file's bytes), the messages, how listening is
 * reported for play counts, and the waveform drawn from the server's peaks.
 */

export const MUSIC_GENRES = ['Pop', 'Rock', 'Electronic', 'Hip-Hop', 'Classical', 'Jazz', 'Country', 'R&B'] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

/** Seed 002 §9: the music and podcast players start at this volume (0–100). */
export const DEFAULT_VOLUME = 75;

export const MUSIC_MESSAGES = {
  /** Seed 002 §5. */
  noFile: 'Please select a file',
  /** The seed requires them without wording a message; the server answers with these too. */
  noTitle: 'Please enter a title',
  noArtist: 'Please enter an artist',
  /** Seed 002 §8. */
  likeFailed: 'Failed to like track',
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
} as const;

/** The file types the picker offers (the server judges the bytes, not these). */
export const AUDIO_ACCEPT = 'audio/mpeg,audio/mp4,audio/aac,audio/flac,audio/ogg,audio/opus,audio/wav,audio/x-wav,audio/webm,audio/x-matroska,.mp3,.m4a,.aac,.flac,.ogg,.opus,.wav,.weba,.webm,.mka';
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv';

export interface TrackUploadInput {
  file: File | null;
  title: string;
  artist: string;
  album: string;
  genre: MusicGenre;
  contentType: 'audio' | 'video';
  monetizationEnabled: boolean;
}

export type TrackFieldErrors = Partial<Record<'file' | 'title' | 'artist', string>>;

/** What stops the form from being sent, by field; empty when it can go. */
export function trackUploadProblems(input: TrackUploadInput): TrackFieldErrors {
  const problems: TrackFieldErrors = {};
  if (!input.file) problems.file = MUSIC_MESSAGES.noFile;
  if (!input.title.trim()) problems.title = MUSIC_MESSAGES.noTitle;
  if (!input.artist.trim()) problems.artist = MUSIC_MESSAGES.noArtist;
  return problems;
}

/**
 * Listening reports for play counts: the player adds the seconds it actually played (not seeking, not paused) and
 * sends what it heard at most every REPORT_EVERY_SECONDS and when the track stops; the server counts a play once per
 * 30 s of listening per listener (POST /api/music/tracks/{id}/play, 1 to 60 seconds a report).
 */
export const REPORT_EVERY_SECONDS = 15;
export const MAX_REPORT_SECONDS = 60;

export interface ListeningTally {
  /** Seconds heard and not yet reported. */
  unreported: number;
  /** The media time of the last tick, to tell playing from seeking. */
  lastTime: number | null;
}

export const emptyTally = (): ListeningTally => ({ unreported: 0, lastTime: null });

/**
 * A `timeupdate` at media time `time`: adds the time played since the last one when it is a small forward step (a
 * seek or a jump is not listening). Returns the new tally and the whole seconds to report now, if it is time.
 */
export function tick(t: ListeningTally, time: number): { tally: ListeningTally; report: number | null } {
  const step = t.lastTime === null ? 0 : time - t.lastTime;
  const heard = step > 0 && step < 2 ? step : 0;
  const unreported = t.unreported + heard;
  if (unreported >= REPORT_EVERY_SECONDS) {
    const report = Math.min(MAX_REPORT_SECONDS, Math.floor(unreported));
    return { tally: { unreported: unreported - report, lastTime: time }, report };
  }
  return { tally: { unreported, lastTime: time }, report: null };
}

/** The track stopped (ended, paused for good, another chosen): what is left to report (at least a whole second), if any. */
export function flush(t: ListeningTally): { tally: ListeningTally; report: number | null } {
  const report = Math.min(MAX_REPORT_SECONDS, Math.floor(t.unreported));
  return { tally: emptyTally(), report: report >= 1 ? report : null };
}

/**
 * The waveform as an SVG path of mirrored bars, `width` × `height`, from the server's peaks (0–100): one bar per peak,
 * at least 1 unit tall so silence still shows where the track is. Empty for no peaks.
 */
export function waveformPath(peaks: readonly number[], width: number, height: number): string {
  if (!peaks.length || width <= 0 || height <= 0) return '';
  const bar = width / peaks.length;
  const mid = height / 2;
  const parts: string[] = [];
  peaks.forEach((raw, i) => {
    const p = Math.min(100, Math.max(0, Number.isFinite(raw) ? raw : 0));
    const h = Math.max(1, (p / 100) * height);
    const x = +(i * bar).toFixed(2);
    const w = +Math.max(0.5, bar * 0.7).toFixed(2);
    parts.push(`M${x} ${+(mid - h / 2).toFixed(2)}h${w}v${+h.toFixed(2)}h-${w}z`);
  });
  return parts.join('');
}

/** The media time of a click at `x` on a waveform `width` wide, for a track of `duration` seconds (clamped). */
export function seekTime(x: number, width: number, duration: number): number {
  if (width <= 0 || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}

/** m:ss, or h:mm:ss from an hour; '–' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '–';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The audio of a listed music track or podcast episode (search results, the following feed), or null for any other
 * kind: what an inline player plays until the music and podcast sections exist in the app.
 */
export function audioStreamUrl(kind: string, id: string): string | null {
  if (kind === 'track') return `/api/music/tracks/${encodeURIComponent(id)}/stream`;
  if (kind === 'episode') return `/api/podcasts/episode/${encodeURIComponent(id)}/stream`;
  return null;
}

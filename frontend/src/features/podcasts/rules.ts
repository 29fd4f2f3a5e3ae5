/**
 * The podcasts section's rules on the client (seed 002 §2.9, §4 Podcast player, §5 Podcast upload, §8, §9; issue 14):
 * the categories, the upload form's checks before anything is sent (the server checks again, by the file's bytes), the
 * messages, the category filter buttons, the level bar, where a listener resumes an episode and how a visitor's place
 * is kept in this browser. Listening for play counts follows the music rule (music/rules.ts `tick` and `flush`).
 */
import { DEFAULT_VOLUME as MUSIC_DEFAULT_VOLUME } from '../music/rules';
import type { ContinueItem, PodcastCategoryCount, PodcastDay, PodcastEpisode } from './types';

/** Seed 002 §9 "Podcast categories". */
export const PODCAST_CATEGORIES = ['General', 'Technology', 'Business', 'Entertainment', 'Education', 'News', 'Sports', 'Health', 'Comedy', 'True Crime'] as const;
export type PodcastCategory = (typeof PODCAST_CATEGORIES)[number];

/** Seed 002 §9: the music and podcast players start at this volume (0–100). */
export const DEFAULT_VOLUME = MUSIC_DEFAULT_VOLUME;

/** Seed 002 §2.9, §9: Trending Now shows the first 6 episodes. */
export const TRENDING_SHOWN = 6;

/** Episodes a list asks for (the server's most is 100; it has no further pages). */
export const EPISODES_LIMIT = 50;

export const PODCAST_MESSAGES = {
  /** Seed 002 §5. */
  noFile: 'Please select an audio file',
  /** The seed requires them without wording a message; the server answers with these too. */
  noTitle: 'Please enter a title',
  noShowName: 'Please enter a show name',
  episodeNumber: 'Episode number must be a whole number of at least 1',
  seasonNumber: 'Season number must be a whole number of at least 1',
  /** Seed 002 §8. */
  likeFailed: 'Failed to like episode',
  subscribeFailed: 'Failed to subscribe',
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  /** Seed 002 §8 success: episode uploaded. */
  uploaded: (title: string) => `Episode “${title}” uploaded`,
  feedCopied: 'RSS address copied',
  feedNotCopied: 'Could not copy: select the address and copy it',
} as const;

/** The file types the picker offers (the server judges the bytes, not these). */
export const PODCAST_AUDIO_ACCEPT = 'audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/flac,audio/ogg,audio/opus,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.flac,.ogg,.oga,.opus,.wav';
const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'aac', 'flac', 'ogg', 'oga', 'opus', 'wav'];

/** Whether a chosen file looks like audio by its type or its name (the server decides by its bytes). */
export function looksLikeAudio(file: { name: string; type: string }): boolean {
  if (file.type.startsWith('audio/')) return true;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return file.name.includes('.') && AUDIO_EXTENSIONS.includes(ext);
}

export interface EpisodeUploadInput {
  file: File | null;
  title: string;
  description: string;
  showName: string;
  category: PodcastCategory;
  /** NumberInput's value: a number, or the text typed ('' when cleared). */
  episodeNumber: number | string;
  seasonNumber: number | string;
  monetizationEnabled: boolean;
}

export type EpisodeFieldErrors = Partial<Record<'file' | 'title' | 'showName' | 'episodeNumber' | 'seasonNumber', string>>;

/** A whole number of at least 1, or null. */
export function wholeAtLeastOne(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : null;
}

/** Seed 002 §5 Podcast upload: what stops the form from being sent, by field; empty when it can go. */
export function episodeUploadProblems(input: EpisodeUploadInput): EpisodeFieldErrors {
  const problems: EpisodeFieldErrors = {};
  if (!input.file || !looksLikeAudio(input.file)) problems.file = PODCAST_MESSAGES.noFile;
  if (!input.title.trim()) problems.title = PODCAST_MESSAGES.noTitle;
  if (!input.showName.trim()) problems.showName = PODCAST_MESSAGES.noShowName;
  if (wholeAtLeastOne(input.episodeNumber) === null) problems.episodeNumber = PODCAST_MESSAGES.episodeNumber;
  if (wholeAtLeastOne(input.seasonNumber) === null) problems.seasonNumber = PODCAST_MESSAGES.seasonNumber;
  return problems;
}

/** Seed 002 §9: the level bar is level × 10 percent (clamped to 0–100). */
export function levelBarPercent(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(100, Math.max(0, Math.round(level) * 10));
}

export interface CategoryFilter {
  /** null: All Episodes. */
  category: string | null;
  label: string;
  count: number;
}

/**
 * Seed 002 §2.9: the category buttons — All Episodes (every listed episode: the sum of the counts) and each category
 * the server counted, in the seed's order (an unknown one last), with its count.
 */
export function categoryFilters(categories: readonly PodcastCategoryCount[]): CategoryFilter[] {
  const rank = (c: string) => {
    const i = (PODCAST_CATEGORIES as readonly string[]).indexOf(c);
    return i < 0 ? PODCAST_CATEGORIES.length : i;
  };
  const counted = categories.filter((c) => c.episode_count > 0).sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category));
  const total = counted.reduce((sum, c) => sum + c.episode_count, 0);
  return [{ category: null, label: 'All Episodes', count: total }, ...counted.map((c) => ({ category: c.category, label: c.category, count: c.episode_count }))];
}

/** The app's address of a show (`/podcasts?show=`): the link of its RSS feed, and where the player bar's show name goes. */
export function podcastShowPath(showId: string): string {
  return `/podcasts?show=${encodeURIComponent(showId)}`;
}

/** "S2 · E5" (an episode without a number: the season only). */
export function episodeNumbering(e: { season_number: number; episode_number: number | null }): string {
  return e.episode_number === null ? `S${e.season_number}` : `S${e.season_number} · E${e.episode_number}`;
}

// ---- Resuming ----

/** The player saves where the listener is every this many seconds of playing (and on pause and at the end). */
export const PROGRESS_SAVE_EVERY_SECONDS = 10;
/** Within this many seconds of the end an episode counts as finished: it starts from the beginning next time. */
export const FINISHED_WITHIN_SECONDS = 5;

/** Whether `position` is within FINISHED_WITHIN_SECONDS of the end of an episode `duration` long (unknown: no). */
export function isFinished(position: number, duration: number | null | undefined): boolean {
  return !!duration && Number.isFinite(duration) && duration > 0 && position >= duration - FINISHED_WITHIN_SECONDS;
}

/** Where an episode starts, from the saved `position`: there, unless it is under a second or the episode was finished. */
export function resumeAt(position: number | null | undefined, duration: number | null | undefined): number {
  if (position === null || position === undefined || !Number.isFinite(position) || position < 1) return 0;
  if (isFinished(position, duration)) return 0;
  return Math.floor(position);
}

/** While playing: whether the place should be saved now (`lastSaved`: the media time saved last, null: not yet). */
export function dueForSave(lastSaved: number | null, time: number): boolean {
  if (!Number.isFinite(time)) return false;
  return Math.abs(time - (lastSaved ?? 0)) >= PROGRESS_SAVE_EVERY_SECONDS;
}

/** The whole seconds sent as `position_seconds` (at least 0). */
export function positionSeconds(time: number): number {
  return Number.isFinite(time) && time > 0 ? Math.floor(time) : 0;
}

// ---- A visitor's places (this browser) ----

/** localStorage key of a visitor's places (signed-in listeners' are kept by the server). */
export const LOCAL_PROGRESS_KEY = 'scriven.podcastProgress';
/** Places kept for a visitor, newest first. */
export const LOCAL_PROGRESS_MAX = 50;

function isContinueItem(value: unknown): value is ContinueItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ContinueItem>;
  return (
    typeof v.position_seconds === 'number' &&
    Number.isFinite(v.position_seconds) &&
    typeof v.updated_at === 'string' &&
    !!v.episode &&
    typeof v.episode === 'object' &&
    typeof v.episode.id === 'string' &&
    typeof v.episode.title === 'string' &&
    typeof v.episode.stream_url === 'string'
  );
}

/** A visitor's kept places from storage (anything malformed is dropped). */
export function parseLocalProgress(raw: unknown): ContinueItem[] {
  return Array.isArray(raw) ? raw.filter(isContinueItem).slice(0, LOCAL_PROGRESS_MAX) : [];
}

/**
 * A visitor's places after stopping `episode` at `time`: its entry moves to the front, or goes when it was finished
 * (as the server resets it) or barely started; at most LOCAL_PROGRESS_MAX are kept.
 */
export function recordLocalProgress(items: readonly ContinueItem[], episode: PodcastEpisode, time: number, duration: number | null, now: Date): ContinueItem[] {
  const rest = items.filter((item) => item.episode.id !== episode.id);
  const position = positionSeconds(time);
  if (position < 1 || isFinished(time, duration)) return rest.slice(0, LOCAL_PROGRESS_MAX);
  return [{ episode, position_seconds: position, updated_at: now.toISOString() }, ...rest].slice(0, LOCAL_PROGRESS_MAX);
}

// ---- Analytics ----

/** Whether any of the days has a play (else the chart shows its empty state). */
export function hasPlays(days: readonly PodcastDay[]): boolean {
  return days.some((d) => d.plays > 0);
}

/** "Nov 3" of a UTC date (YYYY-MM-DD); the text as it is when it is not one. */
export function dayLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at);
}

/** What the chart says to a screen reader: the days it covers, the total and the best day. */
export function playsSummary(days: readonly PodcastDay[]): string {
  const total = days.reduce((sum, d) => sum + d.plays, 0);
  if (!days.length) return 'No plays per day to show';
  const best = days.reduce((a, b) => (b.plays > a.plays ? b : a));
  const range = `${dayLabel(days[0].date)} to ${dayLabel(days[days.length - 1].date)}`;
  return `Plays per day, ${range}: ${total} ${total === 1 ? 'play' : 'plays'} in all, most on ${dayLabel(best.date)} (${best.plays})`;
}

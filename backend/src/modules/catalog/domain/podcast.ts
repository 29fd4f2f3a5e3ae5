import { DomainError, ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { flag, wholeNumber } from './media-rules.js';

/** Seed 002 §9 "Podcast categories". */
export const PODCAST_CATEGORIES = ['General', 'Technology', 'Business', 'Entertainment', 'Education', 'News', 'Sports', 'Health', 'Comedy', 'True Crime'] as const;
export type PodcastCategory = (typeof PODCAST_CATEGORIES)[number];

export const PODCAST_LIMITS = { title: 200, showName: 200, description: 5000, number: 100_000 } as const;

/** The seed's messages (§5 Podcast upload) and this server's for the rest. */
export const PODCAST_MESSAGES = {
  file: 'Please select an audio file',
  notAudio: 'Please select an audio file',
  videoFile: 'This file is a video: a podcast episode is audio (MP3, AAC/M4A, Ogg/Opus, FLAC or WAV)',
  title: 'Please enter a title',
  showName: 'Please enter a show name',
  titleLength: `Title must be at most ${PODCAST_LIMITS.title} characters`,
  showNameLength: `Show name must be at most ${PODCAST_LIMITS.showName} characters`,
  descriptionLength: `Description must be at most ${PODCAST_LIMITS.description} characters`,
  category: `Category must be one of ${PODCAST_CATEGORIES.join(', ')}`,
  episodeNumber: 'Episode number must be a whole number of at least 1',
  seasonNumber: 'Season number must be a whole number of at least 1',
  secondsListened: 'seconds_listened must be a whole number from 1 to 60',
  position: "position_seconds must be a whole number of seconds from 0 to the episode's length",
  subscribed: (show: string) => `Subscribed to ${show}`,
  unsubscribed: (show: string) => `Unsubscribed from ${show}`,
} as const;

/**
 * The podcast level (1 to 10; the app draws level × 10 %): one level per threshold of total plays reached. The seeds
 * give no thresholds, so these are ours, roughly doubling: monotonic in plays, 1 with none, 10 from 10,000 plays.
 */
export const PODCAST_LEVEL_PLAYS = [0, 10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000] as const;

/** Achievements, each earned once its figure reaches the threshold (in this order in the answer). */
export const PODCAST_ACHIEVEMENTS: readonly { name: string; figure: 'episodes' | 'plays' | 'likes' | 'subscribers'; atLeast: number }[] = [
  { name: 'First Episode', figure: 'episodes', atLeast: 1 },
  { name: '10 Episodes', figure: 'episodes', atLeast: 10 },
  { name: '100 Plays', figure: 'plays', atLeast: 100 },
  { name: '1,000 Plays', figure: 'plays', atLeast: 1_000 },
  { name: '10,000 Plays', figure: 'plays', atLeast: 10_000 },
  { name: '10 Likes', figure: 'likes', atLeast: 10 },
  { name: '100 Likes', figure: 'likes', atLeast: 100 },
  { name: 'First Subscriber', figure: 'subscribers', atLeast: 1 },
  { name: '100 Subscribers', figure: 'subscribers', atLeast: 100 },
];

export function podcastLevel(totalPlays: number): number {
  return PODCAST_LEVEL_PLAYS.filter((t) => totalPlays >= t).length;
}

export function podcastAchievements(f: { episodes: number; plays: number; likes: number; subscribers: number }): string[] {
  return PODCAST_ACHIEVEMENTS.filter((a) => f[a.figure] >= a.atLeast).map((a) => a.name);
}

/** Subscriptions are by show name: trimmed, inner spaces collapsed, lower case. */
export function normaliseShowName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface EpisodeMeta {
  title: string;
  description: string | null;
  showName: string;
  category: PodcastCategory;
  episodeNumber: number | null;
  seasonNumber: number;
  monetizationEnabled: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function positive(v: unknown, fallback: number | null): number | null | undefined {
  if (v === undefined || v === null || text(v) === '') return fallback;
  const n = wholeNumber(v);
  return Number.isInteger(n) && n >= 1 && n <= PODCAST_LIMITS.number ? n : undefined;
}

/** The upload form (seed 002 §3, §5): title and show name required, category of §9 (default General), numbers ≥ 1. */
export function validateEpisodeMeta(input: Record<string, unknown>): EpisodeMeta {
  const problems: FieldProblem[] = [];
  const title = text(input.title);
  const showName = text(input.show_name).replace(/\s+/g, ' ');
  const description = text(input.description);
  const category = text(input.category) || 'General';
  if (!title) problems.push({ field: 'title', message: PODCAST_MESSAGES.title });
  else if (title.length > PODCAST_LIMITS.title) problems.push({ field: 'title', message: PODCAST_MESSAGES.titleLength });
  if (!showName) problems.push({ field: 'show_name', message: PODCAST_MESSAGES.showName });
  else if (showName.length > PODCAST_LIMITS.showName) problems.push({ field: 'show_name', message: PODCAST_MESSAGES.showNameLength });
  if (description.length > PODCAST_LIMITS.description) problems.push({ field: 'description', message: PODCAST_MESSAGES.descriptionLength });
  if (!(PODCAST_CATEGORIES as readonly string[]).includes(category)) problems.push({ field: 'category', message: PODCAST_MESSAGES.category });
  const episodeNumber = positive(input.episode_number, 1);
  const seasonNumber = positive(input.season_number, 1);
  if (episodeNumber === undefined) problems.push({ field: 'episode_number', message: PODCAST_MESSAGES.episodeNumber });
  if (seasonNumber === undefined || seasonNumber === null) problems.push({ field: 'season_number', message: PODCAST_MESSAGES.seasonNumber });
  if (problems.length) throw new ValidationError(problems);
  return {
    title,
    description: description || null,
    showName,
    category: category as PodcastCategory,
    episodeNumber: episodeNumber ?? null,
    seasonNumber: seasonNumber as number,
    monetizationEnabled: flag(input.monetization_enabled),
  };
}

export interface PodcastShow {
  id: string;
  userId: string;
  showName: string;
  category: PodcastCategory;
  createdAt: Date;
}

/** A show with its figures over its ready, public episodes (the owner's own view counts all theirs). */
export interface ShowSummary extends PodcastShow {
  episodeCount: number;
  totalPlays: number;
  latestEpisodeAt: Date | null;
  latestEpisodeId: string | null;
  latestEpisodeTitle: string | null;
}

/** The podcast-only fields of an episode (podcast_episodes), beside its media row. */
export interface EpisodeDetails {
  mediaId: string;
  showId: string;
  showName: string;
  episodeNumber: number | null;
  seasonNumber: number;
  category: PodcastCategory;
  peaks: number[] | null;
  /** The web rendition of a lossless source (AAC in .m4a); null when the original is served. */
  audioKey: string | null;
  codec: string | null;
}

/** What a show's public feed (and artwork) needs of one episode: a lean read of its rows, no entity loaded. */
export interface FeedEpisode {
  media: { id: string; title: string; description: string | null; createdAt: Date; durationSeconds: number | null; originalSize: number; contentType: string; thumbnailKey: string | null };
  details: { episodeNumber: number | null; seasonNumber: number; audioKey: string | null };
}

export interface EpisodeFilter {
  category: PodcastCategory | null;
  /** A show's id. */
  showId: string | null;
}

/**
 * IAB Podcast Measurement 2.1: a download counts once per (episode, address, user agent) in 24 h, once the bytes
 * delivered in that window reach one minute of audio (proportional to the file's size and duration; the whole file
 * when it is shorter). Requests of two bytes or fewer (`bytes=0-1` probes) are never counted. Downloads are their own
 * figure: they do not add to plays, which come from the player's play endpoint (as music plays).
 */
export const DOWNLOAD_WINDOW_HOURS = 24;
export const DOWNLOAD_MINIMUM_SECONDS = 60;
export const PROBE_MAX_BYTES = 2;

export function downloadThreshold(fileBytes: number, durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= DOWNLOAD_MINIMUM_SECONDS) return fileBytes;
  return Math.min(fileBytes, Math.ceil((fileBytes * DOWNLOAD_MINIMUM_SECONDS) / durationSeconds));
}

export interface PodcastFigures {
  totalEpisodes: number;
  totalPlays: number;
  totalLikes: number;
  totalSubscribers: number;
  totalDownloads: number;
  /** 90 UTC days, oldest first, zeros included. */
  playsPerDay: { date: string; plays: number }[];
}

export const EpisodeNotFound = () => new DomainError('not_found', 'PODCAST.NOT_FOUND', 'Episode not found');
export const ShowNotFound = () => new DomainError('not_found', 'PODCAST.SHOW_NOT_FOUND', 'Show not found');
export const NoEpisodeFile = () => new DomainError('invalid', 'PODCAST.NO_FILE', PODCAST_MESSAGES.file, [{ field: 'file', message: PODCAST_MESSAGES.file }]);
export const EpisodeNotAudio = (message: string = PODCAST_MESSAGES.notAudio) => new DomainError('invalid', 'PODCAST.NOT_AUDIO', message, [{ field: 'file', message }]);

/** podcast_shows, podcast_episodes, subscriptions, play marks and downloads (SQL-owned tables). */
export interface PodcastRepository {
  /** The creator's show of this name (ignoring case), made with `category` when there is none. */
  ensureShow(userId: string, showName: string, category: PodcastCategory): Promise<PodcastShow>;
  /** Inside the publishing transaction, after the media row was flushed. */
  addEpisode(d: { mediaId: string; showId: string; episodeNumber: number | null; seasonNumber: number; category: PodcastCategory }): Promise<void>;
  details(mediaIds: string[]): Promise<Map<string, EpisodeDetails>>;
  saveProcessed(mediaId: string, changes: { peaks: number[] | null; audioKey: string | null; codec: string | null }): Promise<void>;
  /** Ready public episodes (and the viewer's own not removed), newest first. */
  list(viewer: string | null, filter: EpisodeFilter, limit: number): Promise<string[]>;
  /** Ready public episodes, most played in the last 7 days, then all-time plays. */
  trending(limit: number): Promise<string[]>;
  /** A show's ready public episodes, newest first, as its feed needs them (the episodes list(null, { showId }) lists). */
  feedEpisodes(showId: string, limit: number): Promise<FeedEpisode[]>;
  /** What a show's feed depends on among its episodes (their number, latest change and newest): equal, the feed is the same. */
  feedFingerprint(showId: string): Promise<string>;
  categories(): Promise<{ category: PodcastCategory; count: number }[]>;
  /** Shows having ready public episodes (or the viewer's own), with figures over the episodes the viewer may list. */
  shows(viewer: string | null, only?: { ids?: string[]; userId?: string; names?: string[] }): Promise<ShowSummary[]>;
  show(id: string): Promise<PodcastShow | null>;
  /** Whether a show of this name (normalised) has an episode the viewer may list (ready and public, or theirs). */
  showNameVisible(normalisedName: string, viewer: string): Promise<boolean>;
  isSubscribed(userId: string, normalisedName: string): Promise<boolean>;
  /** Toggles; true when now subscribed. */
  toggleSubscription(userId: string, normalisedName: string): Promise<boolean>;
  subscriptions(userId: string): Promise<string[]>;
  /** As MusicRepository.listen: a play after 30 s of listening, once per play-through (`minGapSeconds`, the episode's length). */
  listen(mediaId: string, listenerKey: string, seconds: number, minGapSeconds: number): Promise<{ plays: number; counted: boolean }>;
  /** A deleted listener's play marks. */
  forgetListener(listenerKey: string): Promise<void>;
  /** Adds delivered bytes to the client's 24 h window; counts a download once the threshold is reached. */
  delivered(mediaId: string, clientKey: string, bytes: number, threshold: number): Promise<boolean>;
  figures(userId: string, days: number): Promise<PodcastFigures>;
  downloads(mediaIds: string[]): Promise<Map<string, number>>;
}

export const PODCAST_REPOSITORY = Symbol('PodcastRepository');

/** Within this many seconds of its end, an episode counts as heard to the end (its resume point goes back to 0). */
export const FINISHED_WITHIN_SECONDS = 5;
/** "Continue listening": episodes left between these edges, most recent first. */
export const CONTINUE_LISTENING = { minSeconds: 5, limit: 20 } as const;

/** Where a listener is in an episode (their resume point). */
export interface ListeningPosition {
  mediaId: string;
  positionSeconds: number;
  /** When they last heard it to the end (the position is then 0), or null. */
  finishedAt: Date | null;
  updatedAt: Date;
}

/** Resume points of episodes (kept in media_watch_progress, with the videos'). */
export interface ListeningProgress {
  get(userId: string, mediaId: string): Promise<ListeningPosition | null>;
  /** Saves a position; `finished` puts it back at 0 and marks the episode heard to the end. */
  save(userId: string, mediaId: string, positionSeconds: number, finished: boolean): Promise<ListeningPosition>;
  /** Episodes the user stopped part-way through (not at the very start nor within FINISHED_WITHIN_SECONDS of the end). */
  inProgress(userId: string, limit: number): Promise<ListeningPosition[]>;
}

export const LISTENING_PROGRESS = Symbol('ListeningProgress');

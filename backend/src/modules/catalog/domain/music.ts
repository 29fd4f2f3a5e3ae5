import { DomainError, ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { flag } from './media-rules.js';

/** Seed 002 §2.8. */
export const MUSIC_GENRES = ['Pop', 'Rock', 'Electronic', 'Hip-Hop', 'Classical', 'Jazz', 'Country', 'R&B'] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];
export const MUSIC_CONTENT_TYPES = ['audio', 'video'] as const;
export type MusicContentType = (typeof MUSIC_CONTENT_TYPES)[number];

export const MUSIC_LIMITS = { title: 200, artist: 200, album: 200, playlistName: 100, playlistTracks: 1000, playlistsPerUser: 200, peaks: 200 } as const;

/** A play counts once per listener per track per this many seconds of listening (heard, not elapsed). */
export const PLAY_THRESHOLD_SECONDS = 30;

export const MUSIC_MESSAGES = {
  file: 'Please select a file',
  title: 'Please enter a title',
  artist: 'Please enter an artist',
  titleLength: 'Title must be at most 200 characters',
  artistLength: 'Artist must be at most 200 characters',
  albumLength: 'Album must be at most 200 characters',
  genre: `Genre must be one of ${MUSIC_GENRES.join(', ')}`,
  contentType: 'content_type must be audio or video',
  notAudio: 'This file is not audio: send MP3, AAC/M4A, FLAC, Ogg or WAV',
  videoAsAudio: 'This file is a video: choose content_type video for a music video',
  notMedia: 'Please select an audio or video file',
  audioAsVideo: 'This file is audio, not a video: choose content_type audio',
  playlistName: 'Playlist name must be 1 to 100 characters',
  playlistFull: `A playlist holds at most ${MUSIC_LIMITS.playlistTracks} tracks`,
  tooManyPlaylists: `You can have at most ${MUSIC_LIMITS.playlistsPerUser} playlists`,
  alreadyInPlaylist: 'This track is already in the playlist',
  notInPlaylist: 'This track is not in the playlist',
  notPermutation: 'track_ids must list exactly the tracks of the playlist, each once, in the new order',
  secondsListened: 'seconds_listened must be a whole number from 1 to 60',
} as const;

export interface TrackMeta {
  title: string;
  artist: string;
  album: string | null;
  genre: MusicGenre;
  contentType: MusicContentType;
  monetizationEnabled: boolean;
}

/** The music-only fields of a track (music_tracks), beside its media row. */
export interface TrackDetails {
  mediaId: string;
  artist: string;
  album: string | null;
  genre: MusicGenre;
  contentType: MusicContentType;
  /** About 200 values 0..100, null until processed. */
  peaks: number[] | null;
  /** The web rendition of a lossless source (AAC in .m4a); null when the original is served. */
  audioKey: string | null;
  codec: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The upload form's fields: title and artist required, genre of §2.8 (default Pop), content_type audio|video (default audio). */
export function validateTrackMeta(input: Record<string, unknown>): TrackMeta {
  const problems: FieldProblem[] = [];
  const title = text(input.title);
  const artist = text(input.artist);
  const album = text(input.album);
  const genre = text(input.genre) || 'Pop';
  const contentType = text(input.content_type) || 'audio';
  if (!title) problems.push({ field: 'title', message: MUSIC_MESSAGES.title });
  else if (title.length > MUSIC_LIMITS.title) problems.push({ field: 'title', message: MUSIC_MESSAGES.titleLength });
  if (!artist) problems.push({ field: 'artist', message: MUSIC_MESSAGES.artist });
  else if (artist.length > MUSIC_LIMITS.artist) problems.push({ field: 'artist', message: MUSIC_MESSAGES.artistLength });
  if (album.length > MUSIC_LIMITS.album) problems.push({ field: 'album', message: MUSIC_MESSAGES.albumLength });
  if (!(MUSIC_GENRES as readonly string[]).includes(genre)) problems.push({ field: 'genre', message: MUSIC_MESSAGES.genre });
  if (!(MUSIC_CONTENT_TYPES as readonly string[]).includes(contentType)) problems.push({ field: 'content_type', message: MUSIC_MESSAGES.contentType });
  if (problems.length) throw new ValidationError(problems);
  return { title, artist, album: album || null, genre: genre as MusicGenre, contentType: contentType as MusicContentType, monetizationEnabled: flag(input.monetization_enabled) };
}

export interface TrackFilter {
  contentType: MusicContentType | null;
  genre: MusicGenre | null;
}

/** `newest` (created_at, id descending) or `popular` (plays, then id, descending). */
export type TrackSort = 'newest' | 'popular';
export const TRACK_SORTS: readonly TrackSort[] = ['newest', 'popular'];

/** Where a page starts: after this row of the order. */
export type TrackAfter = { sort: 'newest'; createdAt: Date; id: string } | { sort: 'popular'; plays: number; id: string };

export interface Playlist {
  id: string;
  userId: string;
  name: string;
  isPublic: boolean;
  trackIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function validPlaylistName(v: unknown): string {
  const name = text(v);
  if (!name || name.length > MUSIC_LIMITS.playlistName) throw new ValidationError([{ field: 'name', message: MUSIC_MESSAGES.playlistName }], 'MUSIC.PLAYLIST_NAME');
  return name;
}

/** Whether `next` is exactly a reordering of `current` (same ids, each once). */
export function isPermutation(current: string[], next: string[]): boolean {
  if (current.length !== next.length || new Set(next).size !== next.length) return false;
  const have = new Set(current);
  return next.every((id) => have.has(id));
}

/**
 * Waveform peaks: the max of the (rectified) samples per bucket, `buckets` values (fewer samples: one per sample),
 * scaled so that the loudest bucket is 100 (all 0 for silence), as a player's waveform draws them.
 */
export function computePeaks(samples: Int16Array, buckets: number = MUSIC_LIMITS.peaks): number[] {
  if (samples.length === 0) return [];
  const n = Math.min(buckets, samples.length);
  const raw: number[] = [];
  for (let b = 0; b < n; b++) {
    const from = Math.floor((b * samples.length) / n);
    const to = Math.floor(((b + 1) * samples.length) / n);
    let max = 0;
    for (let i = from; i < to; i++) max = Math.max(max, Math.abs(samples[i]));
    raw.push(max);
  }
  const loudest = Math.max(...raw);
  return raw.map((v) => (loudest > 0 ? Math.round((v / loudest) * 100) : 0));
}

export const TrackNotFound = () => new DomainError('not_found', 'MUSIC.NOT_FOUND', 'Track not found');
export const PlaylistNotFound = () => new DomainError('not_found', 'MUSIC.PLAYLIST_NOT_FOUND', 'Playlist not found');
export const NoMusicFile = () => new DomainError('invalid', 'MUSIC.NO_FILE', MUSIC_MESSAGES.file);
export const NotAudio = (message: string = MUSIC_MESSAGES.notAudio) => new DomainError('invalid', 'MUSIC.NOT_AUDIO', message, [{ field: 'file', message }]);
export const PlaylistFull = () => new DomainError('conflict', 'MUSIC.PLAYLIST_FULL', MUSIC_MESSAGES.playlistFull);
export const TooManyPlaylists = () => new DomainError('conflict', 'MUSIC.TOO_MANY_PLAYLISTS', MUSIC_MESSAGES.tooManyPlaylists);
export const AlreadyInPlaylist = () => new DomainError('conflict', 'MUSIC.ALREADY_IN_PLAYLIST', MUSIC_MESSAGES.alreadyInPlaylist);
export const NotInPlaylist = () => new DomainError('not_found', 'MUSIC.NOT_IN_PLAYLIST', MUSIC_MESSAGES.notInPlaylist);
export const NotAPermutation = () => new ValidationError([{ field: 'track_ids', message: MUSIC_MESSAGES.notPermutation }], 'MUSIC.NOT_A_PERMUTATION');

/** music_tracks, the playlists and the play marks (SQL-owned tables). */
export interface MusicRepository {
  /** Inside the publishing transaction, after the media row was flushed. */
  addTrack(details: TrackDetails): Promise<void>;
  details(mediaIds: string[]): Promise<Map<string, TrackDetails>>;
  saveProcessed(mediaId: string, changes: { peaks: number[] | null; audioKey: string | null; codec: string | null; album?: string | null }): Promise<void>;
  /** Ready public tracks (optionally of one content type and genre) in `sort`'s order, keyset pages. */
  listPublic(filter: TrackFilter, sort: TrackSort, limit: number, after: TrackAfter | null): Promise<string[]>;
  /** The caller's own tracks not removed (processing, failed, ready; any visibility), in `sort`'s order. */
  listOwn(userId: string, filter: TrackFilter, sort: TrackSort, limit: number, after: TrackAfter | null): Promise<string[]>;
  /**
   * Adds listened seconds for a listener (never more than the time since their previous report, plus 2 s); when they
   * reach PLAY_THRESHOLD_SECONDS and at least `minGapSeconds` passed since their last counted play of it, a play is
   * counted (media.views + the hour's activity) and the count starts over. Returns the plays and whether it counted.
   */
  listen(mediaId: string, listenerKey: string, seconds: number, minGapSeconds: number): Promise<{ plays: number; counted: boolean }>;
  /** A deleted listener's marks. */
  forgetListener(listenerKey: string): Promise<void>;
  playlistsOf(userId: string): Promise<Playlist[]>;
  playlist(id: string): Promise<Playlist | null>;
  countPlaylists(userId: string): Promise<number>;
  createPlaylist(p: Playlist): Promise<void>;
  updatePlaylist(id: string, changes: { name?: string; isPublic?: boolean }): Promise<void>;
  deletePlaylist(id: string): Promise<void>;
  /** Appends; false when it was already there. */
  addToPlaylist(id: string, mediaId: string): Promise<boolean>;
  removeFromPlaylist(id: string, mediaId: string): Promise<boolean>;
  reorder(id: string, mediaIds: string[]): Promise<void>;
  /** Serialises changes of one playlist until the transaction ends. */
  lockPlaylist(id: string): Promise<void>;
  lockUserPlaylists(userId: string): Promise<void>;
}

export const MUSIC_REPOSITORY = Symbol('MusicRepository');

import { HttpResponse } from 'msw';
import { errorBody, http } from '../../mocks/http';
import { demoArt } from '../../mocks/mediaDb';
import { caller, fileField, flag, monetizationRefusedBody, sessionInvalid, text } from '../../mocks/mediaHelpers';
import { MUSIC_GENRES, type MusicGenre } from './rules';
import type { MusicTrack, MusicTrackDetail, Playlist } from './types';

/**
 * The music API of QA mode and the tests (seed 002 §7 Music; docs/api.md "## Music"): a small library of generated
 * tones, likes, listening reports, uploads (judged by their first bytes), and each user's playlists.
 */

interface MockTrack {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  genre: MusicGenre;
  content_type: 'audio' | 'video';
  /** The uploader; null for the built-in library. */
  userId: string | null;
  owner: { display_name: string; handle: string };
  monetization_enabled: boolean;
  duration_seconds: number | null;
  plays: number;
  baseLikes: number;
  likedBy: string[];
  created_at: string;
  cover_url: string | null;
  /** The uploaded file; null: /stream plays a generated tone. */
  file: Blob | null;
  peaks: number[];
  /** The tone's pitch (Hz). */
  pitch: number;
}

interface MockPlaylist extends Playlist {
  userId: string;
}

const LIBRARY: Array<Pick<MockTrack, 'title' | 'artist' | 'album' | 'genre' | 'content_type' | 'plays' | 'baseLikes' | 'duration_seconds' | 'pitch'>> = [
  { title: 'Morning Tide', artist: 'The Harbour Lights', album: 'Coastline', genre: 'Pop', content_type: 'audio', plays: 120, baseLikes: 14, duration_seconds: 6, pitch: 440 },
  { title: 'Salt and Glass', artist: 'The Harbour Lights', album: 'Coastline', genre: 'Pop', content_type: 'audio', plays: 87, baseLikes: 9, duration_seconds: 6, pitch: 494 },
  { title: 'Lanterns', artist: 'The Harbour Lights', album: 'Coastline', genre: 'Pop', content_type: 'audio', plays: 64, baseLikes: 5, duration_seconds: 6, pitch: 523 },
  { title: 'Circuit Bloom', artist: 'Vela', album: null, genre: 'Electronic', content_type: 'audio', plays: 310, baseLikes: 40, duration_seconds: 8, pitch: 330 },
  { title: 'Blue Note Avenue', artist: 'Marcus Reed Trio', album: 'Late Set', genre: 'Jazz', content_type: 'audio', plays: 45, baseLikes: 3, duration_seconds: 7, pitch: 392 },
  { title: 'Dust Road', artist: 'June Calloway', album: null, genre: 'Country', content_type: 'audio', plays: 12, baseLikes: 1, duration_seconds: 5, pitch: 349 },
  { title: 'Neon Skyline (Official Video)', artist: 'Vela', album: null, genre: 'Electronic', content_type: 'video', plays: 520, baseLikes: 61, duration_seconds: 8, pitch: 587 },
];

function peaksFor(seed: number): number[] {
  return Array.from({ length: 200 }, (_, i) => Math.round(45 + 40 * Math.sin((i + seed) / 7) * Math.cos((i * seed) / 53)));
}

export const musicDb = {
  tracks: [] as MockTrack[],
  playlists: [] as MockPlaylist[],
  /** Seconds heard, by track and listener. */
  listened: new Map<string, number>(),
  sequence: 0,
};

function nextId(): string {
  musicDb.sequence += 1;
  return `00000000-0000-4000-8000-${String(musicDb.sequence).padStart(12, '0')}`;
}

/** Puts the built-in library back and drops every playlist and upload. */
export function resetMusicDb(): void {
  musicDb.sequence = 0;
  musicDb.playlists = [];
  musicDb.listened = new Map();
  musicDb.tracks = LIBRARY.map((entry, i) => ({
    ...entry,
    id: nextId(),
    userId: null,
    owner: { display_name: entry.artist, handle: entry.artist.toLowerCase().replace(/[^a-z0-9]+/g, '') },
    monetization_enabled: false,
    likedBy: [],
    // Newest first in the list order above.
    created_at: new Date(Date.UTC(2026, 0, 20 - i, 12)).toISOString(),
    cover_url: demoArt(entry.title, (i * 47) % 360, 'wide'),
    file: null,
    peaks: peaksFor(i + 3),
  }));
}
resetMusicDb();

function trackDto(track: MockTrack, viewerId: string | undefined): MusicTrack {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist,
    album: track.album,
    genre: track.genre,
    content_type: track.content_type,
    cover_url: track.cover_url,
    created_at: track.created_at,
    duration_seconds: track.duration_seconds,
    failure_reason: null,
    hls_url: null,
    is_owner: viewerId !== undefined && viewerId === track.userId,
    liked: viewerId !== undefined && track.likedBy.includes(viewerId),
    likes: track.baseLikes + track.likedBy.length,
    monetization_enabled: track.monetization_enabled,
    owner: track.owner,
    plays: track.plays,
    status: 'ready',
    stream_url: `/api/music/tracks/${track.id}/stream`,
  };
}

function detailDto(track: MockTrack, viewerId: string | undefined): MusicTrackDetail {
  return { ...trackDto(track, viewerId), peaks: track.peaks };
}

function publicPlaylist(playlist: MockPlaylist): Playlist {
  const { userId: _owner, ...rest } = playlist;
  return rest;
}

/** A mono 16-bit WAV of `seconds` of a soft tone: what the built-in tracks play. */
function toneWav(seconds: number, pitch: number): ArrayBuffer {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(6000 * Math.sin((2 * Math.PI * pitch * i) / rate)), true);
  return buffer;
}

/** What a file's first bytes say it is: audio, video, or neither. */
async function sniffMusic(file: File): Promise<'audio' | 'video' | null> {
  const b = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (ascii(0, 3) === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'audio';
  if (ascii(0, 4) === 'fLaC' || ascii(0, 4) === 'OggS') return 'audio';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio';
  if (ascii(4, 8) === 'ftyp') return ascii(8, 11) === 'M4A' ? 'audio' : 'video';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'video';
  return null;
}

const trackNotFound = () => errorBody(404, 'CATALOG.NOT_FOUND', 'Track not found');
const playlistNotFound = () => errorBody(404, 'CATALOG.NOT_FOUND', 'Playlist not found');
const invalid = (field: string, detail: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);
const PLAYLIST_NAME = 'Playlist name must be 1 to 100 characters';

function findTrack(id: string): MockTrack | undefined {
  return musicDb.tracks.find((track) => track.id === id);
}

function ownPlaylist(id: string, userId: string): MockPlaylist | undefined {
  return musicDb.playlists.find((playlist) => playlist.id === id && playlist.userId === userId);
}

function touched(playlist: MockPlaylist): void {
  playlist.updated_at = new Date().toISOString();
}

export const musicHandlers = [
  http.get('/api/music/tracks', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const contentType = url.searchParams.get('content_type');
    const genre = url.searchParams.get('genre');
    const sort = url.searchParams.get('sort') ?? 'newest';
    if (contentType && contentType !== 'audio' && contentType !== 'video') {
      return response(400).json(invalid('content_type', 'content_type must be audio or video'));
    }
    if (genre && !(MUSIC_GENRES as readonly string[]).includes(genre)) {
      return response(400).json(invalid('genre', `Genre must be one of ${MUSIC_GENRES.join(', ')}`));
    }
    const rows = musicDb.tracks
      .filter((track) => (!contentType || track.content_type === contentType) && (!genre || track.genre === genre))
      .sort((a, b) => (sort === 'popular' ? b.plays - a.plays : 0) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 20));
    const offset = Math.max(0, Number(url.searchParams.get('cursor')) || 0);
    const slice = rows.slice(offset, offset + limit);
    return response(200).json({
      tracks: slice.map((track) => trackDto(track, viewerId)),
      next_cursor: offset + limit < rows.length ? String(offset + limit) : null,
    });
  }),

  http.get('/api/music/tracks/{id}', ({ request, params, response }) => {
    const track = findTrack(params.id);
    if (!track) return response(404).json(trackNotFound());
    return response(200).json(detailDto(track, caller(request)?.user.id));
  }),

  http.get('/api/music/tracks/{id}/stream', ({ params, response }) => {
    const track = findTrack(params.id);
    if (!track) return response.untyped(HttpResponse.json(trackNotFound(), { status: 404 }));
    if (track.file) return response.untyped(new HttpResponse(track.file, { headers: { 'Content-Type': track.file.type || 'application/octet-stream' } }));
    return response.untyped(new HttpResponse(toneWav(track.duration_seconds ?? 5, track.pitch), { headers: { 'Content-Type': 'audio/wav' } }));
  }),

  // QA mode has no HLS ladders: music videos play their audio.
  http.get('/api/music/tracks/{id}/hls/master.m3u8', ({ response }) => response.untyped(HttpResponse.json(trackNotFound(), { status: 404 }))),
  http.get('/api/music/tracks/{id}/hls/{rendition}/{file}', ({ response }) => response.untyped(HttpResponse.json(trackNotFound(), { status: 404 }))),

  http.post('/api/music/tracks/{id}/play', async ({ params, request, response }) => {
    const track = findTrack(params.id);
    if (!track) return response(404).json(trackNotFound());
    const body = await request.json();
    const seconds = body?.seconds_listened;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
      return response(400).json(invalid('seconds_listened', 'seconds_listened must be a whole number from 1 to 60'));
    }
    // One play per 30 seconds a listener has heard, summed over their reports (the server's rule).
    const key = `${track.id}:${caller(request)?.user.id ?? 'visitor'}`;
    const before = musicDb.listened.get(key) ?? 0;
    musicDb.listened.set(key, before + seconds);
    const counted = Math.floor((before + seconds) / 30) > Math.floor(before / 30);
    if (counted) track.plays += 1;
    return response(200).json({ counted, plays: track.plays });
  }),

  http.post('/api/music/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const track = findTrack(params.id);
    if (!track) return response(404).json(trackNotFound());
    const liked = !track.likedBy.includes(me.user.id);
    track.likedBy = liked ? [...track.likedBy, me.user.id] : track.likedBy.filter((id) => id !== me.user.id);
    return response(200).json({ liked, likes: track.baseLikes + track.likedBy.length });
  }),

  http.post('/api/music/upload', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const form = await request.formData();
    const file = fileField(form, 'file');
    const title = text(form, 'title').trim();
    const artist = text(form, 'artist').trim();
    const album = text(form, 'album').trim();
    const genre = text(form, 'genre') || 'Pop';
    const contentType = text(form, 'content_type') || 'audio';
    if (!file) return response(400).json(invalid('file', 'Please select a file'));
    if (!title) return response(400).json(invalid('title', 'Please enter a title'));
    if (!artist) return response(400).json(invalid('artist', 'Please enter an artist'));
    if (!(MUSIC_GENRES as readonly string[]).includes(genre)) return response(400).json(invalid('genre', `Genre must be one of ${MUSIC_GENRES.join(', ')}`));
    if (contentType !== 'audio' && contentType !== 'video') return response(400).json(invalid('content_type', 'content_type must be audio or video'));
    const monetize = flag(form, 'monetization_enabled');
    if (monetize && !me.user.creator_program) return response(403).json(monetizationRefusedBody());
    const kind = await sniffMusic(file);
    if (!kind) return response(400).json(invalid('file', contentType === 'video' ? 'Please select an audio or video file' : 'This file is not audio: send MP3, AAC/M4A, FLAC, Ogg or WAV'));
    if (kind !== contentType) {
      const detail = kind === 'video' ? 'This file is a video: choose content_type video for a music video' : 'This file is audio, not a video: choose content_type audio';
      return response(400).json(invalid('file', detail));
    }
    const track: MockTrack = {
      id: nextId(),
      title,
      artist,
      album: album || null,
      genre: genre as MusicGenre,
      content_type: contentType,
      userId: me.user.id,
      owner: { display_name: me.user.display_name, handle: me.user.display_name.toLowerCase().replace(/[^a-z0-9]+/g, '') },
      monetization_enabled: monetize,
      duration_seconds: null,
      plays: 0,
      baseLikes: 0,
      likedBy: [],
      created_at: new Date().toISOString(),
      cover_url: demoArt(title, musicDb.sequence * 31, 'wide'),
      file,
      peaks: peaksFor(musicDb.sequence),
      pitch: 440,
    };
    musicDb.tracks.push(track);
    return response(201).json(detailDto(track, me.user.id));
  }),

  http.get('/api/music/playlists', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const mine = musicDb.playlists.filter((playlist) => playlist.userId === me.user.id).sort((a, b) => b.created_at.localeCompare(a.created_at));
    return response(200).json({ playlists: mine.map(publicPlaylist) });
  }),

  http.post('/api/music/playlists', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await request.json();
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name || name.length > 100) return response(400).json(invalid('name', PLAYLIST_NAME));
    if (musicDb.playlists.filter((playlist) => playlist.userId === me.user.id).length >= 200) {
      return response(409).json(errorBody(409, 'CATALOG.CONFLICT', 'You can have at most 200 playlists'));
    }
    const now = new Date().toISOString();
    const playlist: MockPlaylist = { id: nextId(), name, is_public: body.is_public === true, track_ids: [], created_at: now, updated_at: now, userId: me.user.id };
    musicDb.playlists.push(playlist);
    return response(201).json(publicPlaylist(playlist));
  }),

  http.get('/api/music/playlists/{id}', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const playlist = musicDb.playlists.find((entry) => entry.id === params.id && (entry.userId === viewerId || entry.is_public));
    if (!playlist) return response(404).json(playlistNotFound());
    const tracks = playlist.track_ids.flatMap((id) => {
      const track = findTrack(id);
      return track ? [trackDto(track, viewerId)] : [];
    });
    return response(200).json({ ...publicPlaylist(playlist), tracks });
  }),

  http.patch('/api/music/playlists/{id}', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const playlist = ownPlaylist(params.id, me.user.id);
    if (!playlist) return response(404).json(playlistNotFound());
    const body = await request.json();
    if (body.name !== undefined) {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > 100) return response(400).json(invalid('name', PLAYLIST_NAME));
      playlist.name = name;
    }
    if (typeof body.is_public === 'boolean') playlist.is_public = body.is_public;
    touched(playlist);
    return response(200).json(publicPlaylist(playlist));
  }),

  http.delete('/api/music/playlists/{id}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const playlist = ownPlaylist(params.id, me.user.id);
    if (!playlist) return response(404).json(playlistNotFound());
    musicDb.playlists = musicDb.playlists.filter((entry) => entry !== playlist);
    return response(204).empty();
  }),

  http.post('/api/music/playlists/{id}/tracks', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const playlist = ownPlaylist(params.id, me.user.id);
    if (!playlist) return response(404).json(playlistNotFound());
    const body = await request.json();
    const track = typeof body?.track_id === 'string' ? findTrack(body.track_id) : undefined;
    if (!track) return response(404).json(trackNotFound());
    if (playlist.track_ids.includes(track.id)) return response(409).json(errorBody(409, 'CATALOG.CONFLICT', 'This track is already in the playlist'));
    if (playlist.track_ids.length >= 1000) return response(409).json(errorBody(409, 'CATALOG.CONFLICT', 'A playlist holds at most 1000 tracks'));
    playlist.track_ids = [...playlist.track_ids, track.id];
    touched(playlist);
    return response(200).json(publicPlaylist(playlist));
  }),

  http.put('/api/music/playlists/{id}/tracks', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const playlist = ownPlaylist(params.id, me.user.id);
    if (!playlist) return response(404).json(playlistNotFound());
    const body = await request.json();
    const ids = Array.isArray(body?.track_ids) ? body.track_ids : [];
    const same = ids.length === playlist.track_ids.length && new Set(ids).size === ids.length && ids.every((id) => playlist.track_ids.includes(id));
    if (!same) {
      return response(400).json(invalid('track_ids', 'track_ids must list exactly the tracks of the playlist, each once, in the new order'));
    }
    playlist.track_ids = [...ids];
    touched(playlist);
    return response(200).json(publicPlaylist(playlist));
  }),

  http.delete('/api/music/playlists/{id}/tracks/{trackId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const playlist = ownPlaylist(params.id, me.user.id);
    if (!playlist) return response(404).json(playlistNotFound());
    if (!playlist.track_ids.includes(params.trackId)) return response(404).json(errorBody(404, 'CATALOG.NOT_FOUND', 'This track is not in the playlist'));
    playlist.track_ids = playlist.track_ids.filter((id) => id !== params.trackId);
    touched(playlist);
    return response(200).json(publicPlaylist(playlist));
  }),
];

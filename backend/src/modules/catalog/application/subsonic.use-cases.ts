import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import type { Media } from '../domain/media.js';
import { AlreadyInPlaylist, MUSIC_LIMITS, MUSIC_REPOSITORY, PLAY_THRESHOLD_SECONDS, PlaylistFull, PlaylistNotFound, TrackNotFound, type MusicRepository, type Playlist } from '../domain/music.js';
import { ENGAGEMENT, type Engagement } from '../domain/ports.js';
import { MusicPlaylists, MusicTracks, type TrackView } from './music.use-cases.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/**
 * The Subsonic API's view of the music library (issue 14): artists are the tracks' artists, an album is an (artist,
 * album) pair (a track without an album is a single, its own album named after it), a song is a ready track. Everything
 * is read through the music use cases, so the library's rules hold: others' private tracks and playlists are not there,
 * removed tracks never.
 */

/** What a user's Subsonic library reads beside the music use cases (SQL in infrastructure/pg-subsonic-reads.ts). */
export interface SubsonicReads {
  /** When the user liked each of these items (the ones they like). */
  likedAt(mediaIds: string[], userId: string): Promise<Map<string, Date>>;
  /** When the user last reported listening to each music track they listened to. */
  lastListened(userId: string): Promise<Map<string, Date>>;
}
export const SUBSONIC_READS = Symbol('SubsonicReads');

/** The tracks a library walk reads at most (newest first), and per page. */
export const SUBSONIC_LIBRARY_MAX = 20_000;
const PAGE = 500;

export interface SubsonicAlbum {
  id: string;
  name: string;
  artist: string;
  artistId: string;
  /** Oldest first (the order they were published in: Scriven keeps no track numbers). */
  songs: TrackView[];
  created: Date;
  newest: Date;
}

export interface SubsonicArtist {
  id: string;
  name: string;
  albums: SubsonicAlbum[];
}

const hashId = (prefix: string, ...parts: string[]) => `${prefix}-${createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 24)}`;
export const artistIdOf = (artist: string) => hashId('ar', artist);
export const albumNameOf = (t: TrackView) => t.details.album ?? t.media.title;
export const albumIdOf = (t: TrackView) => hashId('al', t.details.artist, albumNameOf(t));

/** Groups songs (any order) into albums and artists. */
export function groupLibrary(songs: TrackView[]): { albums: SubsonicAlbum[]; artists: SubsonicArtist[] } {
  const albums = new Map<string, SubsonicAlbum>();
  for (const s of [...songs].sort((a, b) => a.media.createdAt.getTime() - b.media.createdAt.getTime() || (a.media.id < b.media.id ? -1 : 1))) {
    const id = albumIdOf(s);
    let a = albums.get(id);
    if (!a) {
      a = { id, name: albumNameOf(s), artist: s.details.artist, artistId: artistIdOf(s.details.artist), songs: [], created: s.media.createdAt, newest: s.media.createdAt };
      albums.set(id, a);
    }
    a.songs.push(s);
    a.newest = s.media.createdAt;
  }
  const artists = new Map<string, SubsonicArtist>();
  for (const a of albums.values()) {
    let ar = artists.get(a.artistId);
    if (!ar) {
      ar = { id: a.artistId, name: a.artist, albums: [] };
      artists.set(a.artistId, ar);
    }
    ar.albums.push(a);
  }
  return { albums: [...albums.values()], artists: [...artists.values()] };
}

export const SUBSONIC_LIST_TYPES = ['newest', 'random', 'frequent', 'recent', 'starred', 'highest', 'alphabeticalByName', 'alphabeticalByArtist', 'byGenre', 'byYear'] as const;
export type SubsonicListType = (typeof SUBSONIC_LIST_TYPES)[number];

/** A Subsonic request the library cannot answer as asked (error 0 or 10 with this message). */
export class SubsonicRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

@Injectable()
export class SubsonicLibrary {
  constructor(
    private readonly tracks: MusicTracks,
    private readonly playlists: MusicPlaylists,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    @Inject(SUBSONIC_READS) private readonly reads: SubsonicReads,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  /** Every ready track the user's library lists (public ones of public accounts, and their own), newest first. */
  async songs(viewer: string): Promise<TrackView[]> {
    const out: TrackView[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.tracks.list(viewer, { contentType: null, genre: null }, 'newest', PAGE, cursor);
      out.push(...page.items.filter((t) => t.media.status === 'ready'));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && out.length < SUBSONIC_LIBRARY_MAX);
    return out;
  }

  async library(viewer: string): Promise<{ songs: TrackView[]; albums: SubsonicAlbum[]; artists: SubsonicArtist[] }> {
    const songs = await this.songs(viewer);
    return { songs, ...groupLibrary(songs) };
  }

  async artist(viewer: string, id: string): Promise<SubsonicArtist> {
    const a = (await this.library(viewer)).artists.find((x) => x.id === id);
    if (!a) throw new DomainError('not_found', 'SUBSONIC.ARTIST_NOT_FOUND', 'Artist not found');
    return a;
  }

  async album(viewer: string, id: string): Promise<SubsonicAlbum> {
    const a = (await this.library(viewer)).albums.find((x) => x.id === id);
    if (!a) throw new DomainError('not_found', 'SUBSONIC.ALBUM_NOT_FOUND', 'Album not found');
    return a;
  }

  /** One ready track the user may reach (a direct link's rule: unlisted ones too). */
  async song(viewer: string, id: string): Promise<TrackView> {
    const t = await this.tracks.get(id, viewer);
    if (t.media.status !== 'ready') throw TrackNotFound();
    return t;
  }

  /** getAlbumList2: `size` albums from `offset` in the order `type` names. */
  async albumList(viewer: string, type: string, size: number, offset: number, genre: string | undefined): Promise<SubsonicAlbum[]> {
    if (!(SUBSONIC_LIST_TYPES as readonly string[]).includes(type)) throw new SubsonicRefusal(0, `type must be one of ${SUBSONIC_LIST_TYPES.join(', ')}`);
    if (type === 'byYear') throw new SubsonicRefusal(0, 'Scriven does not know the years of albums: byYear lists are not available');
    if (type === 'byGenre' && !genre) throw new SubsonicRefusal(10, 'Required parameter is missing: genre');
    const { albums } = await this.library(viewer);
    const plays = (a: SubsonicAlbum) => sum(a.songs.map((s) => Number(s.media.views)));
    const likes = (a: SubsonicAlbum) => sum(a.songs.map((s) => s.media.likes));
    let list: SubsonicAlbum[];
    switch (type as SubsonicListType) {
      case 'newest':
        list = albums.sort((a, b) => b.newest.getTime() - a.newest.getTime());
        break;
      case 'random':
        list = albums
          .map((a) => ({ a, k: Math.random() }))
          .sort((x, y) => x.k - y.k)
          .map((x) => x.a);
        break;
      case 'frequent':
        list = albums.filter((a) => plays(a) > 0).sort((a, b) => plays(b) - plays(a) || byName(a.name, b.name));
        break;
      case 'highest':
        // Scriven's rating of a track is its likes.
        list = albums.filter((a) => likes(a) > 0).sort((a, b) => likes(b) - likes(a) || byName(a.name, b.name));
        break;
      case 'recent': {
        const heard = await this.reads.lastListened(viewer);
        const last = (a: SubsonicAlbum) => Math.max(0, ...a.songs.map((s) => heard.get(s.media.id)?.getTime() ?? 0));
        list = albums.filter((a) => last(a) > 0).sort((a, b) => last(b) - last(a));
        break;
      }
      case 'starred': {
        const liked = await this.engagement.likedBy(albums.flatMap((a) => a.songs.map((s) => s.media.id)), viewer);
        list = albums.filter((a) => a.songs.some((s) => liked.has(s.media.id))).sort((a, b) => byName(a.name, b.name));
        break;
      }
      case 'alphabeticalByName':
        list = albums.sort((a, b) => byName(a.name, b.name) || byName(a.artist, b.artist));
        break;
      case 'alphabeticalByArtist':
        list = albums.sort((a, b) => byName(a.artist, b.artist) || byName(a.name, b.name));
        break;
      default:
        list = albums.filter((a) => a.songs.some((s) => s.details.genre.toLowerCase() === genre!.toLowerCase())).sort((a, b) => byName(a.name, b.name));
    }
    return list.slice(offset, offset + size);
  }

  /** search3: artists, albums and songs whose names hold the query (case-insensitive); an empty query matches all. */
  async search(
    viewer: string,
    query: string,
    pages: { artistCount: number; artistOffset: number; albumCount: number; albumOffset: number; songCount: number; songOffset: number },
  ): Promise<{ artists: SubsonicArtist[]; albums: SubsonicAlbum[]; songs: TrackView[] }> {
    const q = query.replace(/^"(.*)"$/, '$1').replace(/\*/g, '').trim().toLowerCase();
    const has = (s: string | null) => !q || (s ?? '').toLowerCase().includes(q);
    const { songs, albums, artists } = await this.library(viewer);
    return {
      artists: artists.filter((a) => has(a.name)).sort((a, b) => byName(a.name, b.name)).slice(pages.artistOffset, pages.artistOffset + pages.artistCount),
      albums: albums.filter((a) => has(a.name)).sort((a, b) => byName(a.name, b.name)).slice(pages.albumOffset, pages.albumOffset + pages.albumCount),
      songs: songs.filter((s) => has(s.media.title) || has(s.details.artist) || has(s.details.album)).slice(pages.songOffset, pages.songOffset + pages.songCount),
    };
  }

  /** The user's liked songs of their library, and when they liked each. */
  async starred(viewer: string): Promise<{ songs: TrackView[]; likedAt: Map<string, Date> }> {
    const songs = await this.songs(viewer);
    const likedAt = await this.reads.likedAt(songs.map((s) => s.media.id), viewer);
    return { songs: songs.filter((s) => likedAt.has(s.media.id)).sort((a, b) => likedAt.get(b.media.id)!.getTime() - likedAt.get(a.media.id)!.getTime()), likedAt };
  }

  likedAt(viewer: string, mediaIds: string[]): Promise<Map<string, Date>> {
    return this.reads.likedAt(mediaIds, viewer);
  }

  /** star (true) or unstar (false) songs: Scriven's like. Every id is checked before anything changes. */
  async star(viewer: string, ids: string[], on: boolean): Promise<void> {
    for (const id of ids) await this.tracks.get(id, viewer);
    const liked = await this.engagement.likedBy(ids, viewer);
    for (const id of new Set(ids)) if (liked.has(id) !== on) await this.tracks.like(id, viewer);
  }

  /**
   * scrobble: a submission is a whole listen of the track, counted by the listening rule (countListening): once per
   * play-through, a report crediting no more than the time since the listener's previous one. "Now playing"
   * notifications (submission=false) count nothing. Every id is checked before anything is counted.
   */
  async scrobble(viewer: string, ids: string[], submission: boolean): Promise<void> {
    const songs: Media[] = [];
    for (const id of ids) songs.push((await this.song(viewer, id)).media);
    if (!submission) return;
    for (const m of songs) {
      const length = Math.ceil(m.durationSeconds ?? 0);
      const r = await this.music.listen(m.id, `u:${viewer}`, PLAY_THRESHOLD_SECONDS, length);
      if (r.counted && viewer !== m.userId && m.monetizationEnabled) {
        await this.engagement.addWatchTime(m.id, viewer, Math.max(1, length), Math.max(60, Math.ceil((m.durationSeconds ?? 20 * 60) * 3)));
      }
    }
  }

  // Playlists: the user's music playlists.

  mine(viewer: string): Promise<Playlist[]> {
    return this.playlists.mine(viewer);
  }

  /** The user's playlist, or anyone's public one, with the ready tracks the user may reach. */
  async playlist(viewer: string, id: string): Promise<{ playlist: Playlist; songs: TrackView[] }> {
    const playlist = await this.playlists.get(id, viewer);
    return { playlist, songs: await this.playable(playlist, viewer) };
  }

  async playable(p: Playlist, viewer: string): Promise<TrackView[]> {
    return (await this.tracks.visible(p.trackIds, viewer)).filter((t) => t.media.status === 'ready');
  }

  /** Songs a playlist may take: each one the user may reach, not twice, at most MUSIC_LIMITS.playlistTracks in all. */
  private async checkSongs(viewer: string, ids: string[], already: string[]): Promise<void> {
    for (const id of ids) await this.song(viewer, id);
    const all = [...already, ...ids];
    if (new Set(all).size !== all.length) throw AlreadyInPlaylist();
    if (all.length > MUSIC_LIMITS.playlistTracks) throw PlaylistFull();
  }

  /** createPlaylist: a new private playlist `name` with these songs (all checked first; nothing is made otherwise). */
  async create(viewer: string, name: string, songIds: string[]): Promise<Playlist> {
    await this.checkSongs(viewer, songIds, []);
    return this.uow.inTransaction(async () => {
      let p = await this.playlists.create(viewer, name, false);
      for (const id of songIds) p = await this.playlists.add(p.id, viewer, id);
      return p;
    });
  }

  private async own(viewer: string, id: string): Promise<Playlist> {
    const p = await this.playlists.get(id, viewer);
    if (p.userId !== viewer) throw PlaylistNotFound();
    return p;
  }

  /** createPlaylist with playlistId: the user's playlist now holds exactly these songs. */
  async replaceSongs(viewer: string, id: string, songIds: string[]): Promise<Playlist> {
    const p = await this.own(viewer, id);
    await this.checkSongs(viewer, songIds, []);
    return this.uow.inTransaction(async () => {
      let now = p;
      for (const t of p.trackIds) now = await this.playlists.removeTrack(id, viewer, t);
      for (const t of songIds) now = await this.playlists.add(id, viewer, t);
      return now;
    });
  }

  /**
   * updatePlaylist: the name, public flag, songs to remove (by their index in the playlist as getPlaylist shows it
   * to its owner) and songs to append. Every change is checked first; nothing changes when one is refused.
   */
  async update(viewer: string, id: string, changes: { name?: string; isPublic?: boolean; add: string[]; removeIndexes: number[] }): Promise<Playlist> {
    const p = await this.own(viewer, id);
    const shown = await this.playable(p, viewer);
    for (const i of changes.removeIndexes) if (!Number.isInteger(i) || i < 0 || i >= shown.length) throw new SubsonicRefusal(0, `songIndexToRemove ${i} is not a song of this playlist (0 to ${shown.length - 1})`);
    const removing = [...new Set(changes.removeIndexes.map((i) => shown[i].media.id))];
    await this.checkSongs(viewer, changes.add, p.trackIds.filter((t) => !removing.includes(t)));
    return this.uow.inTransaction(async () => {
      let now = p;
      if (changes.name !== undefined || changes.isPublic !== undefined) now = await this.playlists.update(id, viewer, { name: changes.name, isPublic: changes.isPublic });
      for (const t of removing) now = await this.playlists.removeTrack(id, viewer, t);
      for (const t of changes.add) now = await this.playlists.add(id, viewer, t);
      return now;
    });
  }

  remove(viewer: string, id: string): Promise<void> {
    return this.playlists.remove(id, viewer);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DomainError, ValidationError } from '../../../common/errors/domain-error.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { decodeCursor, encodeCursor, isUuid } from '../../../common/keyset.js';
import type { Media } from '../domain/media.js';
import { wholeNumber } from '../domain/media-rules.js';
import {
  AlreadyInPlaylist,
  isPermutation,
  MUSIC_LIMITS,
  MUSIC_MESSAGES,
  MUSIC_REPOSITORY,
  NotAPermutation,
  NotInPlaylist,
  PlaylistFull,
  PlaylistNotFound,
  TooManyPlaylists,
  TrackNotFound,
  validPlaylistName,
  type TrackAfter,
  type TrackFilter,
  type TrackSort,
  type MusicRepository,
  type Playlist,
  type TrackDetails,
} from '../domain/music.js';
import { ENGAGEMENT, MEDIA_REPOSITORY, type Engagement, type MediaRepository } from '../domain/ports.js';
import { MediaService } from './media.service.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

export interface TrackView {
  media: Media;
  details: TrackDetails;
}

/** A page's start in `sort`'s order, from the previous page's cursor; null (the first page) for none or another order's. */
function decodeTrackCursor(cursor: string | undefined, sort: TrackSort): TrackAfter | null {
  if (!cursor) return null;
  if (sort === 'newest') {
    const c = decodeCursor(cursor);
    return c ? { sort, createdAt: c.at, id: c.id } : null;
  }
  const [tag, plays, id] = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
  return tag === 'p' && /^\d{1,15}$/.test(plays ?? '') && isUuid(id) ? { sort, plays: Number(plays), id } : null;
}

/** The music library's tracks: a track is a media item of kind 'track' with its music_tracks row. */
@Injectable()
export class MusicTracks {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
    private readonly service: MediaService,
  ) {}

  /** Items with their details, in the order of ids; those without a music_tracks row are left out. */
  async withDetails(items: Media[]): Promise<TrackView[]> {
    const details = await this.music.details(items.map((m) => m.id));
    return items.flatMap((media) => {
      const d = details.get(media.id);
      return d ? [{ media, details: d }] : [];
    });
  }

  /**
   * Everyone's ready tracks of public accounts, and a signed-in viewer's own in every state but removed (as
   * /api/videos lists them), newest first or most played first. Keyset pages; a cursor of the other order starts over.
   */
  async list(viewer: string | null, filter: TrackFilter, sort: TrackSort, limit: number, cursor: string | undefined): Promise<{ items: TrackView[]; nextCursor: string | null }> {
    const after = decodeTrackCursor(cursor, sort);
    const ids = new Set(await this.music.listPublic(filter, sort, limit + 1, after));
    if (viewer) for (const id of await this.music.listOwn(viewer, filter, sort, limit + 1, after)) ids.add(id);
    const key = (m: Media) => (sort === 'popular' ? Number(m.views) : m.createdAt.getTime());
    const rows = (await this.media.findMany([...ids]))
      .filter((m) => m.kind === 'track' && m.isListedFor(viewer))
      .sort((a, b) => key(b) - key(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit + 1);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit ? (sort === 'popular' ? Buffer.from(`p|${Number(last.views)}|${last.id}`, 'utf8').toString('base64url') : encodeCursor(last.createdAt, last.id)) : null;
    return { items: await this.withDetails(items), nextCursor };
  }

  /** The tracks of these ids the viewer may reach (a direct link's rule), in the order given. */
  async visible(ids: string[], viewer: string | null): Promise<TrackView[]> {
    const byId = new Map((await this.media.findMany(ids)).filter((m) => m.kind === 'track' && m.isReachableBy(viewer)).map((m) => [m.id, m]));
    return this.withDetails(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  }

  /** One track the viewer may reach (a direct link: unlisted ones too); 404 otherwise. */
  async get(id: string, viewer: string | null): Promise<TrackView> {
    // Missing or not the viewer's to see is the track's 404; anything else (the database) goes up as it is.
    const m = await this.service.reachable('track', id, viewer).catch((e: unknown) => {
      throw e instanceof DomainError && e.kind === 'not_found' ? TrackNotFound() : e;
    });
    const [view] = await this.withDetails([m]);
    if (!view) throw TrackNotFound();
    return view;
  }

  async like(id: string, userId: string): Promise<{ liked: boolean; likes: number }> {
    await this.get(id, userId);
    return this.engagement.toggleLike(id, userId);
  }

  /**
   * Reports listening: `seconds` (1..60) heard since the last report. A play counts once a listener (the user, or for
   * visitors their address, as video views) has heard 30 s of the track, once per play-through: the same listener's
   * next play counts after the track's length (at least 30 s) has passed since their last counted one. A signed-in
   * listener's seconds of a monetized track (not their own) also count as watch time, the premium pool's and ad
   * revenue's measure as for videos.
   */
  async play(id: string, req: Request & { user?: { userId: string } | null }, seconds: unknown): Promise<{ plays: number; counted: boolean }> {
    const s = wholeNumber(seconds);
    if (!Number.isInteger(s) || s < 1 || s > 60) throw new ValidationError([{ field: 'seconds_listened', message: MUSIC_MESSAGES.secondsListened }]);
    const viewer = MediaService.signedInViewer(req);
    const { media: m } = await this.get(id, viewer);
    const key = viewer ? `u:${viewer}` : `a:${createHash('sha256').update(clientAddress(req)).digest('hex').slice(0, 40)}`;
    const result = await this.music.listen(m.id, key, s, Math.ceil(m.durationSeconds ?? 0));
    if (viewer && viewer !== m.userId && m.monetizationEnabled) {
      await this.engagement.addWatchTime(m.id, viewer, s, Math.max(60, Math.ceil((m.durationSeconds ?? 20 * 60) * 3)));
    }
    return result;
  }

  /** The stored file a player gets: the web rendition of a lossless source when there is one, else the original. */
  async rendition(m: Media): Promise<{ key: string; contentType: string } | null> {
    const d = (await this.music.details([m.id])).get(m.id);
    return d?.audioKey ? { key: d.audioKey, contentType: 'audio/mp4' } : null;
  }
}

/** A user's playlists: theirs to change; others see a public one, and a private one as missing (404). */
@Injectable()
export class MusicPlaylists {
  constructor(
    @Inject(MUSIC_REPOSITORY) private readonly music: MusicRepository,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  mine(userId: string): Promise<Playlist[]> {
    return this.music.playlistsOf(userId);
  }

  /** The owner's, or anyone's when public. */
  async get(id: string, viewer: string | null): Promise<Playlist> {
    const p = await this.music.playlist(id);
    if (!p || (p.userId !== viewer && !p.isPublic)) throw PlaylistNotFound();
    return p;
  }

  private async own(id: string, userId: string): Promise<Playlist> {
    const p = await this.music.playlist(id);
    if (!p || p.userId !== userId) throw PlaylistNotFound();
    return p;
  }

  async create(userId: string, name: unknown, isPublic: boolean | undefined): Promise<Playlist> {
    const validName = validPlaylistName(name);
    return this.uow.inTransaction(async () => {
      await this.music.lockUserPlaylists(userId);
      if ((await this.music.countPlaylists(userId)) >= MUSIC_LIMITS.playlistsPerUser) throw TooManyPlaylists();
      const now = new Date();
      const p: Playlist = { id: randomUUID(), userId, name: validName, isPublic: isPublic ?? false, trackIds: [], createdAt: now, updatedAt: now };
      await this.music.createPlaylist(p);
      return p;
    });
  }

  async update(id: string, userId: string, changes: { name?: unknown; isPublic?: boolean }): Promise<Playlist> {
    const name = changes.name === undefined ? undefined : validPlaylistName(changes.name);
    await this.own(id, userId);
    await this.music.updatePlaylist(id, { name, isPublic: changes.isPublic });
    return this.own(id, userId);
  }

  async remove(id: string, userId: string): Promise<void> {
    await this.own(id, userId);
    await this.music.deletePlaylist(id);
  }

  /** Adds a track the owner may reach (a ready track of another user's public account, or one of theirs). */
  async add(id: string, userId: string, trackId: string): Promise<Playlist> {
    return this.uow.inTransaction(async () => {
      await this.own(id, userId);
      await this.music.lockPlaylist(id);
      const p = await this.own(id, userId);
      const m = await this.media.find(trackId);
      if (!m || m.kind !== 'track' || !m.isReachableBy(userId)) throw TrackNotFound();
      if (p.trackIds.includes(m.id)) throw AlreadyInPlaylist();
      if (p.trackIds.length >= MUSIC_LIMITS.playlistTracks) throw PlaylistFull();
      await this.music.addToPlaylist(id, m.id);
      return this.own(id, userId);
    });
  }

  async removeTrack(id: string, userId: string, trackId: string): Promise<Playlist> {
    return this.uow.inTransaction(async () => {
      await this.own(id, userId);
      await this.music.lockPlaylist(id);
      const p = await this.own(id, userId);
      if (!p.trackIds.includes(trackId) || !(await this.music.removeFromPlaylist(id, trackId))) throw NotInPlaylist();
      return this.own(id, userId);
    });
  }

  /** The new order: exactly the playlist's tracks, each once; anything else is refused and changes nothing. */
  async reorder(id: string, userId: string, trackIds: string[]): Promise<Playlist> {
    return this.uow.inTransaction(async () => {
      await this.own(id, userId);
      await this.music.lockPlaylist(id);
      const p = await this.own(id, userId);
      if (!isPermutation(p.trackIds, trackIds)) throw NotAPermutation();
      await this.music.reorder(id, trackIds);
      return this.own(id, userId);
    });
  }
}

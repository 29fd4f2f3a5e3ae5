import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../common/keyset.js';
import { countListening } from './play-marks.js';
import { type MusicContentType, type MusicRepository, type Playlist, type TrackAfter, type TrackDetails, type TrackFilter, type TrackSort } from '../domain/music.js';

interface TrackRow {
  media_id: string;
  artist: string;
  album: string | null;
  genre: TrackDetails['genre'];
  content_type: MusicContentType;
  peaks: number[] | null;
  audio_key: string | null;
  codec: string | null;
}

interface PlaylistRow {
  id: string;
  user_id: string;
  name: string;
  is_public: boolean;
  created_at: Date;
  updated_at: Date;
  track_ids: string[] | null;
}

const PLAYLIST_SELECT = `select p.id, p.user_id, p.name, p.is_public, p.created_at, p.updated_at,
  (select array_agg(t.media_id order by t.position) from music_playlist_tracks t where t.playlist_id = p.id) as track_ids
  from music_playlists p`;

function toPlaylist(r: PlaylistRow): Playlist {
  return { id: r.id, userId: r.user_id, name: r.name, isPublic: r.is_public, trackIds: r.track_ids ?? [], createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at) };
}

/** music_tracks, music_playlists, music_playlist_tracks and music_play_marks (SQL-owned; see the migration). */
@Injectable()
export class PgMusicRepository implements MusicRepository {
  constructor(private readonly em: EntityManager) {}

  async addTrack(d: TrackDetails): Promise<void> {
    await this.em.execute(
      'insert into music_tracks (media_id, artist, album, genre, content_type, peaks, audio_key, codec) values (?, ?, ?, ?, ?, ?, ?, ?)',
      [d.mediaId, d.artist, d.album, d.genre, d.contentType, d.peaks ? JSON.stringify(d.peaks) : null, d.audioKey, d.codec],
    );
  }

  async details(mediaIds: string[]): Promise<Map<string, TrackDetails>> {
    const ids = mediaIds.filter((id) => isUuid(id));
    if (!ids.length) return new Map();
    const rows = await this.em.execute<TrackRow[]>('select * from music_tracks where media_id in (?)', [ids]);
    return new Map(rows.map((r) => [r.media_id, { mediaId: r.media_id, artist: r.artist, album: r.album, genre: r.genre, contentType: r.content_type, peaks: r.peaks, audioKey: r.audio_key, codec: r.codec }]));
  }

  async saveProcessed(mediaId: string, c: { peaks: number[] | null; audioKey: string | null; codec: string | null; album?: string | null }): Promise<void> {
    await this.em.execute(
      `update music_tracks set peaks = ?, audio_key = ?, codec = ?${c.album !== undefined ? ', album = ?' : ''} where media_id = ?`,
      [c.peaks ? JSON.stringify(c.peaks) : null, c.audioKey, c.codec, ...(c.album !== undefined ? [c.album] : []), mediaId],
    );
  }

  private async page(where: string, params: unknown[], filter: TrackFilter, sort: TrackSort, limit: number, after: TrackAfter | null): Promise<string[]> {
    const conds = [where, `m.kind = 'track'`];
    const args = [...params];
    if (filter.contentType) {
      conds.push('t.content_type = ?');
      args.push(filter.contentType);
    }
    if (filter.genre) {
      conds.push('t.genre = ?');
      args.push(filter.genre);
    }
    if (after?.sort === 'newest') {
      conds.push('(m.created_at, m.id) < (?, ?)');
      args.push(after.createdAt, after.id);
    } else if (after?.sort === 'popular') {
      conds.push('(m.views, m.id) < (?, ?)');
      args.push(after.plays, after.id);
    }
    // media_list_index (kind, status, visibility, created_at, id) orders the public list.
    const rows = await this.em.execute<{ id: string }[]>(
      `select m.id from media m join music_tracks t on t.media_id = m.id where ${conds.join(' and ')} order by ${sort === 'popular' ? 'm.views desc, m.id desc' : 'm.created_at desc, m.id desc'} limit ?`,
      [...args, limit],
    );
    return rows.map((r) => r.id);
  }

  listPublic(filter: TrackFilter, sort: TrackSort, limit: number, after: TrackAfter | null): Promise<string[]> {
    return this.page(`m.status = 'ready' and m.visibility = 'public'`, [], filter, sort, limit, after);
  }

  listOwn(userId: string, filter: TrackFilter, sort: TrackSort, limit: number, after: TrackAfter | null): Promise<string[]> {
    return this.page(`m.user_id = ? and m.status <> 'removed'`, [userId], filter, sort, limit, after);
  }

  listen(mediaId: string, listenerKey: string, seconds: number, minGapSeconds: number): Promise<{ plays: number; counted: boolean }> {
    return countListening(this.em, 'music_play_marks', mediaId, listenerKey, seconds, minGapSeconds);
  }

  async forgetListener(listenerKey: string): Promise<void> {
    await this.em.execute('delete from music_play_marks where listener_key = ?', [listenerKey]);
  }

  async playlistsOf(userId: string): Promise<Playlist[]> {
    const rows = await this.em.execute<PlaylistRow[]>(`${PLAYLIST_SELECT} where p.user_id = ? order by p.created_at desc, p.id desc`, [userId]);
    return rows.map(toPlaylist);
  }

  async playlist(id: string): Promise<Playlist | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.em.execute<PlaylistRow[]>(`${PLAYLIST_SELECT} where p.id = ?`, [id]);
    return row ? toPlaylist(row) : null;
  }

  async countPlaylists(userId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: string }[]>('select count(*) as n from music_playlists where user_id = ?', [userId]);
    return Number(row?.n ?? 0);
  }

  async createPlaylist(p: Playlist): Promise<void> {
    await this.em.execute('insert into music_playlists (id, user_id, name, is_public, created_at, updated_at) values (?, ?, ?, ?, ?, ?)', [p.id, p.userId, p.name, p.isPublic, p.createdAt, p.updatedAt]);
  }

  async updatePlaylist(id: string, c: { name?: string; isPublic?: boolean }): Promise<void> {
    await this.em.execute('update music_playlists set name = coalesce(?, name), is_public = coalesce(?, is_public), updated_at = now() where id = ?', [c.name ?? null, c.isPublic ?? null, id]);
  }

  async deletePlaylist(id: string): Promise<void> {
    await this.em.execute('delete from music_playlists where id = ?', [id]);
  }

  async addToPlaylist(id: string, mediaId: string): Promise<boolean> {
    const rows = await this.em.execute<{ media_id: string }[]>(
      `insert into music_playlist_tracks (playlist_id, media_id, position)
       values (?, ?, (select coalesce(max(position), -1) + 1 from music_playlist_tracks where playlist_id = ?))
       on conflict do nothing returning media_id`,
      [id, mediaId, id],
    );
    if (rows.length) await this.touch(id);
    return rows.length > 0;
  }

  async removeFromPlaylist(id: string, mediaId: string): Promise<boolean> {
    const rows = await this.em.execute<{ position: number }[]>('delete from music_playlist_tracks where playlist_id = ? and media_id = ? returning position', [id, mediaId]);
    if (!rows.length) return false;
    await this.em.execute('update music_playlist_tracks set position = position - 1 where playlist_id = ? and position > ?', [id, rows[0].position]);
    await this.touch(id);
    return true;
  }

  async reorder(id: string, mediaIds: string[]): Promise<void> {
    if (!mediaIds.length) return;
    await this.em.execute(
      `update music_playlist_tracks t set position = o.ord - 1
         from unnest(?::uuid[]) with ordinality as o(media_id, ord)
        where t.playlist_id = ? and t.media_id = o.media_id`,
      [`{${mediaIds.join(',')}}`, id],
    );
    await this.touch(id);
  }

  private async touch(id: string): Promise<void> {
    await this.em.execute('update music_playlists set updated_at = now() where id = ?', [id]);
  }

  async lockPlaylist(id: string): Promise<void> {
    await this.em.execute('select id from music_playlists where id = ? for update', [id]);
  }

  async lockUserPlaylists(userId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`music-playlists:${userId}`]);
  }
}

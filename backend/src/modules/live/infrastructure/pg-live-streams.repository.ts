import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LiveStream, type LiveStatus } from '../domain/live-stream.js';
import type { LiveStreamRepository } from '../domain/ports.js';
import { VIEWERS_OF_S } from './presence-sql.js';

interface StreamRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  is_vertical: boolean;
  super_chat_enabled: boolean;
  record: boolean;
  game: string | null;
  recording_media_id: string | null;
  status: LiveStatus;
  slow_mode_seconds: number;
  likes: number;
  created_at: Date;
  live_at: Date | null;
  ended_at: Date | null;
}

const toStream = (r: StreamRow): LiveStream =>
  new LiveStream({
    id: r.id,
    userId: r.user_id,
    title: r.title,
    description: r.description,
    isVertical: r.is_vertical,
    superChatEnabled: r.super_chat_enabled,
    record: r.record,
    game: r.game,
    recordingMediaId: r.recording_media_id,
    status: r.status,
    slowModeSeconds: Number(r.slow_mode_seconds),
    likes: Number(r.likes),
    createdAt: new Date(r.created_at),
    liveAt: r.live_at ? new Date(r.live_at) : null,
    endedAt: r.ended_at ? new Date(r.ended_at) : null,
  });

const COLUMNS = 's.id, s.user_id, s.title, s.description, s.is_vertical, s.super_chat_enabled, s.record, s.game, s.recording_media_id, s.status, s.slow_mode_seconds, s.likes, s.created_at, s.live_at, s.ended_at';

/** Streams and their likes (SQL-owned tables `live_streams`, `live_likes`). Writes join the caller's transaction. */
@Injectable()
export class PgLiveStreamRepository implements LiveStreamRepository {
  constructor(private readonly em: EntityManager) {}

  async find(id: string, opts: { lock?: boolean } = {}): Promise<LiveStream | null> {
    const [row] = await this.em.execute<StreamRow[]>(`select ${COLUMNS} from live_streams s where s.id = ?${opts.lock ? ' for update' : ''}`, [id]);
    return row ? toStream(row) : null;
  }

  async openOf(userId: string): Promise<LiveStream | null> {
    const [row] = await this.em.execute<StreamRow[]>(`select ${COLUMNS} from live_streams s where s.user_id = ? and s.status <> 'ended'`, [userId]);
    return row ? toStream(row) : null;
  }

  async add(s: LiveStream): Promise<void> {
    await this.em.execute(
      `insert into live_streams (id, user_id, title, description, is_vertical, super_chat_enabled, record, game, status, slow_mode_seconds, likes, created_at, live_at, ended_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.userId, s.title, s.description, s.isVertical, s.superChatEnabled, s.record, s.game, s.status, s.slowModeSeconds, s.likes, s.createdAt, s.liveAt, s.endedAt],
    );
  }

  async save(s: LiveStream): Promise<void> {
    await this.em.execute('update live_streams set status = ?, slow_mode_seconds = ?, live_at = ?, ended_at = ? where id = ?', [s.status, s.slowModeSeconds, s.liveAt, s.endedAt, s.id]);
  }

  async setRecording(streamId: string, mediaId: string): Promise<boolean> {
    const rows = await this.em.execute('update live_streams set recording_media_id = ? where id = ? and recording_media_id is null and record returning 1', [mediaId, streamId]);
    return rows.length > 0;
  }

  async openAmong(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.em.execute<{ id: string }[]>(`select id from live_streams where id = any(?::uuid[]) and status <> 'ended'`, [`{${ids.join(',')}}`]);
    return new Set(rows.map((r) => r.id));
  }

  async listOpen(limit: number, opts: { gaming?: boolean; userId?: string } = {}): Promise<LiveStream[]> {
    const gaming = opts.gaming ? ' and s.game is not null' : '';
    const owner = opts.userId ? ' and s.user_id = ?' : '';
    const rows = await this.em.execute<StreamRow[]>(
      `select ${COLUMNS} from live_streams s where s.status <> 'ended'${gaming}${owner} order by ${VIEWERS_OF_S} desc, s.created_at desc, s.id desc limit ?`,
      [...(opts.userId ? [opts.userId] : []), limit],
    );
    return rows.map(toStream);
  }

  async toggleLike(streamId: string, userId: string, now: Date): Promise<{ liked: boolean; likes: number }> {
    // The caller serialises one user's toggles; the primary key keeps one like per user whatever happens.
    const removed = await this.em.execute('delete from live_likes where stream_id = ? and user_id = ? returning 1', [streamId, userId]);
    if (removed.length) {
      const [row] = await this.em.execute<{ likes: number }[]>('update live_streams set likes = likes - 1 where id = ? returning likes', [streamId]);
      return { liked: false, likes: Number(row.likes) };
    }
    const added = await this.em.execute('insert into live_likes (stream_id, user_id, created_at) values (?, ?, ?) on conflict do nothing returning 1', [streamId, userId, now]);
    const [row] = await this.em.execute<{ likes: number }[]>(`update live_streams set likes = likes + ? where id = ? returning likes`, [added.length, streamId]);
    return { liked: true, likes: Number(row.likes) };
  }

  async count(): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from live_streams');
    return Number(rows[0]?.n ?? 0);
  }

  async likedBy(userId: string, streamIds: string[]): Promise<Set<string>> {
    if (!streamIds.length) return new Set();
    const rows = await this.em.execute<{ stream_id: string }[]>('select stream_id from live_likes where user_id = ? and stream_id = any(?::uuid[])', [userId, `{${streamIds.join(',')}}`]);
    return new Set(rows.map((r) => r.stream_id));
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CONTINUE_LISTENING, FINISHED_WITHIN_SECONDS, type ListeningPosition, type ListeningProgress } from '../domain/podcast.js';

interface Row {
  media_id: string;
  position_seconds: number;
  finished_at: Date | null;
  updated_at: Date;
}

const toPosition = (r: Row): ListeningPosition => ({
  mediaId: r.media_id,
  positionSeconds: Number(r.position_seconds),
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  updatedAt: new Date(r.updated_at),
});

/** Episode resume points in media_watch_progress (one row per user and item; a user's rows go with the account). */
@Injectable()
export class PgListeningProgress implements ListeningProgress {
  constructor(private readonly em: EntityManager) {}

  async get(userId: string, mediaId: string): Promise<ListeningPosition | null> {
    const [row] = await this.em.execute<Row[]>('select media_id, position_seconds, finished_at, updated_at from media_watch_progress where user_id = ? and media_id = ?', [userId, mediaId]);
    return row ? toPosition(row) : null;
  }

  async save(userId: string, mediaId: string, positionSeconds: number, finished: boolean): Promise<ListeningPosition> {
    const [row] = await this.em.execute<Row[]>(
      `insert into media_watch_progress as p (user_id, media_id, position_seconds, finished_at, updated_at)
       values (?, ?, ?, case when ? then now() end, now())
       on conflict (user_id, media_id) do update
         set position_seconds = excluded.position_seconds,
             finished_at = coalesce(excluded.finished_at, case when excluded.position_seconds > 0 then null else p.finished_at end),
             updated_at = now()
       returning media_id, position_seconds, finished_at, updated_at`,
      [userId, mediaId, finished ? 0 : positionSeconds, finished],
    );
    return toPosition(row);
  }

  async inProgress(userId: string, limit: number): Promise<ListeningPosition[]> {
    const rows = await this.em.execute<Row[]>(
      `select p.media_id, p.position_seconds, p.finished_at, p.updated_at
         from media_watch_progress p join media m on m.id = p.media_id
        where p.user_id = ? and m.kind = 'episode' and m.status = 'ready'
          and p.position_seconds >= ? and (m.duration_seconds is null or p.position_seconds < m.duration_seconds - ?)
        order by p.updated_at desc
        limit ?`,
      [userId, CONTINUE_LISTENING.minSeconds, FINISHED_WITHIN_SECONDS, limit],
    );
    return rows.map(toPosition);
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../common/keyset.js';
import type { SubsonicReads } from '../application/subsonic.use-cases.js';

/** What the Subsonic API reads of likes (their time: Subsonic's `starred`) and listening marks (recently played). */
@Injectable()
export class PgSubsonicReads implements SubsonicReads {
  constructor(private readonly em: EntityManager) {}

  async likedAt(mediaIds: string[], userId: string): Promise<Map<string, Date>> {
    const ids = mediaIds.filter((id) => isUuid(id));
    if (!ids.length) return new Map();
    const rows = await this.em.execute<{ media_id: string; created_at: Date }[]>('select media_id, created_at from media_likes where user_id = ? and media_id in (?)', [userId, ids]);
    return new Map(rows.map((r) => [r.media_id, new Date(r.created_at)]));
  }

  async lastListened(userId: string): Promise<Map<string, Date>> {
    const rows = await this.em.execute<{ media_id: string; at: Date }[]>(
      'select media_id, coalesce(last_report_at, counted_at) as at from music_play_marks where listener_key = ? and coalesce(last_report_at, counted_at) is not null order by at desc limit 2000',
      [`u:${userId}`],
    );
    return new Map(rows.map((r) => [r.media_id, new Date(r.at)]));
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChatMessageRecord, LiveContentStore, LiveSearchRow } from '../domain/live-content.js';
import { VIEWERS_OF_S } from './presence-sql.js';

interface SearchRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  game: string | null;
  status: 'created' | 'live';
  is_vertical: boolean;
  super_chat_enabled: boolean;
  likes: number;
  created_at: Date;
}

const COLUMNS = 's.id, s.user_id, s.title, s.description, s.game, s.status, s.is_vertical, s.super_chat_enabled, s.likes, s.created_at';

const toRow = (r: SearchRow): LiveSearchRow => ({
  id: r.id,
  userId: r.user_id,
  title: r.title,
  description: r.description,
  game: r.game,
  status: r.status,
  isVertical: r.is_vertical,
  superChatEnabled: r.super_chat_enabled,
  likes: Number(r.likes),
  createdAt: new Date(r.created_at),
});

/** Every word must match, the last one as a prefix (the searcher may still be typing): social's rule for its index. */
const prefixTsQuery = (words: string[]) => words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');

/**
 * Live's content reads and moderation's write over `live_streams` and `live_comments` (SQL-owned). Search reads the
 * streams not ended through the partial GIN indexes of Migration20261124410000_live_search: the generated
 * `search_document` (full-text) and the folded title (trigrams).
 */
@Injectable()
export class PgLiveContentStore implements LiveContentStore {
  constructor(private readonly em: EntityManager) {}

  async search(words: string[], ownerIds: string[], limit: number, gaming = false): Promise<LiveSearchRow[]> {
    if (!words.length) return [];
    const q = prefixTsQuery(words);
    const rows = await this.em.execute<SearchRow[]>(
      `select ${COLUMNS} from live_streams s
        where s.status <> 'ended'${gaming ? ' and s.game is not null' : ''} and (s.search_document @@ to_tsquery('simple', ?) or s.user_id = any(?::uuid[]))
        order by ts_rank(s.search_document, to_tsquery('simple', ?)) desc, ${VIEWERS_OF_S} desc, s.created_at desc, s.id desc
        limit ?`,
      [q, `{${ownerIds.join(',')}}`, q, limit],
    );
    return rows.map(toRow);
  }

  async similar(folded: string, limit: number, except: string[], gaming = false): Promise<LiveSearchRow[]> {
    if (folded.length < 3) return [];
    // Gaming streams (few: those on now with a game) are also found by a game like the query.
    const like = gaming
      ? `s.game is not null and (? <% scriven_fold(s.title) or ? <% scriven_fold(s.game))`
      : `? <% scriven_fold(s.title)`;
    const similarity = gaming ? 'greatest(word_similarity(?, scriven_fold(s.title)), word_similarity(?, scriven_fold(s.game)))' : 'word_similarity(?, scriven_fold(s.title))';
    const twice = gaming ? [folded, folded] : [folded];
    const rows = await this.em.execute<SearchRow[]>(
      `select ${COLUMNS} from live_streams s
        where s.status <> 'ended' and ${like} and not (s.id = any(?::uuid[]))
        order by ${similarity} desc, s.created_at desc, s.id desc
        limit ?`,
      [...twice, `{${except.join(',')}}`, ...twice, limit],
    );
    return rows.map(toRow);
  }

  async chatMessage(id: string): Promise<ChatMessageRecord | null> {
    const [r] = await this.em.execute<{ id: string; stream_id: string; user_id: string; username: string; message: string; created_at: Date; deleted_at: Date | null }[]>(
      'select id, stream_id, user_id, username, message, created_at, deleted_at from live_comments where id = ?',
      [id],
    );
    if (!r) return null;
    return { id: r.id, streamId: r.stream_id, userId: r.user_id, username: r.username, message: r.message, createdAt: new Date(r.created_at), deletedAt: r.deleted_at ? new Date(r.deleted_at) : null };
  }

  async endByModeration(streamId: string, now: Date): Promise<{ endedNow: boolean; recordingMediaId: string | null } | null> {
    const [before] = await this.em.execute<{ status: string; recording_media_id: string | null }[]>('select status, recording_media_id from live_streams where id = ? for update', [streamId]);
    if (!before) return null;
    await this.em.execute(
      `update live_streams set status = 'ended', ended_at = coalesce(ended_at, ?), record = case when recording_media_id is null then false else record end where id = ?`,
      [now, streamId],
    );
    return { endedNow: before.status !== 'ended', recordingMediaId: before.recording_media_id };
  }
}

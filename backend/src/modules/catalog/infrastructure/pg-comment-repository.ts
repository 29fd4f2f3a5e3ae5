import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../common/keyset.js';
import { MediaComment, type CommentOrder, type CommentPage, type CommentRepository } from '../domain/comment.js';

interface Row {
  id: string;
  media_id: string;
  parent_id: string | null;
  user_id: string;
  account_id: string;
  username: string;
  content: string;
  like_count: number;
  reply_count: number;
  created_at: Date;
  edited_at: Date | null;
  /** created_at in UTC with its microseconds, for cursors (a JS Date keeps milliseconds only). */
  at_key: string;
}

const COLUMNS = `id, media_id, parent_id, user_id, account_id, username, content, like_count, reply_count, created_at, edited_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at_key`;

function toComment(r: Row): MediaComment {
  return Object.assign(new MediaComment(), {
    id: r.id,
    mediaId: r.media_id,
    parentId: r.parent_id,
    userId: r.user_id,
    accountId: r.account_id,
    username: r.username,
    content: r.content,
    likeCount: Number(r.like_count),
    replyCount: Number(r.reply_count),
    createdAt: new Date(r.created_at),
    editedAt: r.edited_at ? new Date(r.edited_at) : null,
  });
}

/**
 * Keyset cursors, opaque to clients: `t|<created_at with microseconds>|<id>` in time order, `l|<likes>|<created_at>|<id>`
 * in the "top" order. A cursor of another order, or not one of ours, reads from the beginning.
 */
interface Key {
  likes?: number;
  at: string;
  id: string;
}
const AT_KEY = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})$/;

function encode(top: boolean, r: Row): string {
  const text = top ? `l|${Number(r.like_count)}|${r.at_key}|${r.id}` : `t|${r.at_key}|${r.id}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decode(cursor: string | undefined, top: boolean): Key | null {
  if (!cursor) return null;
  const parts = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
  const [tag, ...rest] = parts;
  if (tag !== (top ? 'l' : 't') || rest.length !== (top ? 3 : 2)) return null;
  const [likesText, at, id] = top ? rest : [undefined, ...rest];
  const m = AT_KEY.exec(at ?? '');
  if (!m || !isUuid(id)) return null;
  // A real instant (no 30 February), within what the column holds.
  const ms = `${at!.slice(0, 23)}Z`;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== ms || Number(m[1]) < 1970 || Number(m[1]) > 9999) return null;
  if (!top) return { at: at!, id: id! };
  if (!/^\d{1,10}$/.test(likesText ?? '') || Number(likesText) > 2_147_483_647) return null;
  return { likes: Number(likesText), at: at!, id: id! };
}

/** Comments in SQL: each change locks the thread's top-level row first, then the rows it changes, then the item. */
@Injectable()
export class PgCommentRepository implements CommentRepository {
  constructor(private readonly em: EntityManager) {}

  private rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.execute<Row[]>(sql, params);
  }

  async find(id: string): Promise<MediaComment | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.rows(`select ${COLUMNS} from media_comments where id = ?`, [id]);
    return row ? toComment(row) : null;
  }

  async listTopLevel(mediaId: string, order: CommentOrder, limit: number, cursor: string | undefined): Promise<CommentPage> {
    const top = order === 'top';
    const key = decode(cursor, top);
    const params: unknown[] = [mediaId];
    let after = '';
    if (key && top) {
      after = `and (like_count, created_at, id) < (?, ?::timestamp at time zone 'UTC', ?)`;
      params.push(key.likes, key.at, key.id);
    } else if (key) {
      after = `and (created_at, id) ${order === 'oldest' ? '>' : '<'} (?::timestamp at time zone 'UTC', ?)`;
      params.push(key.at, key.id);
    }
    const sort = top ? 'like_count desc, created_at desc, id desc' : order === 'oldest' ? 'created_at, id' : 'created_at desc, id desc';
    params.push(limit + 1);
    const rows = await this.rows(`select ${COLUMNS} from media_comments where media_id = ? and parent_id is null ${after} order by ${sort} limit ?`, params);
    return this.page(rows, limit, top);
  }

  async listReplies(parentId: string, limit: number, cursor: string | undefined): Promise<CommentPage> {
    const key = decode(cursor, false);
    const params: unknown[] = [parentId];
    if (key) params.push(key.at, key.id);
    params.push(limit + 1);
    const rows = await this.rows(
      `select ${COLUMNS} from media_comments where parent_id = ? ${key ? `and (created_at, id) > (?::timestamp at time zone 'UTC', ?)` : ''}
        order by created_at, id limit ?`,
      params,
    );
    return this.page(rows, limit, false);
  }

  private page(rows: Row[], limit: number, top: boolean): CommentPage {
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: items.map(toComment), nextCursor: rows.length > limit && last ? encode(top, last) : null };
  }

  async add(c: MediaComment): Promise<boolean> {
    if (c.parentId) {
      // Locks the parent: a reply and its parent's deletion are serialised (the parent's deletion then takes the reply too).
      const counted = await this.em.execute<{ id: string }[]>(
        'update media_comments set reply_count = reply_count + 1 where id = ? and media_id = ? and parent_id is null returning id',
        [c.parentId, c.mediaId],
      );
      if (!counted.length) return false;
    }
    await this.em.execute(
      `insert into media_comments (id, media_id, parent_id, user_id, account_id, username, content, like_count, reply_count, created_at, edited_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, null)`,
      [c.id, c.mediaId, c.parentId, c.userId, c.accountId, c.username, c.content, c.createdAt],
    );
    await this.em.execute('update media set comments = comments + 1 where id = ?', [c.mediaId]);
    return true;
  }

  async edit(id: string, content: string): Promise<MediaComment | null> {
    const [row] = await this.rows(`update media_comments set content = ?, edited_at = now() where id = ? returning ${COLUMNS}`, [content, id]);
    return row ? toComment(row) : null;
  }

  async remove(id: string): Promise<boolean> {
    const [target] = await this.em.execute<{ parent_id: string | null; media_id: string }[]>('select parent_id, media_id from media_comments where id = ?', [id]);
    if (!target) return false;
    // The thread's top-level row first (as a reply's insert does), then the rows that go.
    const [topLevel] = await this.em.execute<{ id: string }[]>('select id from media_comments where id = ? for update', [target.parent_id ?? id]);
    if (!topLevel) return false;
    const gone = await this.em.execute<{ id: string }[]>(
      target.parent_id ? 'delete from media_comments where id = ? returning id' : 'delete from media_comments where id = ? or parent_id = ? returning id',
      target.parent_id ? [id] : [id, id],
    );
    if (!gone.length) return false;
    const ids = gone.map((g) => g.id);
    await this.em.execute('delete from media_comment_likes where comment_id in (?)', [ids]);
    if (target.parent_id) await this.em.execute('update media_comments set reply_count = greatest(reply_count - 1, 0) where id = ?', [target.parent_id]);
    await this.em.execute('update media set comments = greatest(comments - ?, 0) where id = ?', [ids.length, target.media_id]);
    return true;
  }

  async toggleLike(id: string, userId: string): Promise<{ liked: boolean; likeCount: number } | null> {
    return this.em.transactional(async () => {
      // The comment's row is locked for the toggle: a deletion waits for it (and then takes its like), or it finds the comment gone.
      const [row] = await this.em.execute<{ like_count: number }[]>('select like_count from media_comments where id = ? for update', [id]);
      if (!row) return null;
      const inserted = await this.em.execute<{ n: number }[]>(
        'insert into media_comment_likes (comment_id, user_id, created_at) values (?, ?, now()) on conflict do nothing returning 1 as n',
        [id, userId],
      );
      const delta = inserted.length ? 1 : -1;
      if (!inserted.length) await this.em.execute('delete from media_comment_likes where comment_id = ? and user_id = ?', [id, userId]);
      const [after] = await this.em.execute<{ like_count: number }[]>(
        'update media_comments set like_count = greatest(like_count + ?, 0) where id = ? returning like_count',
        [delta, id],
      );
      return { liked: delta > 0, likeCount: Number(after?.like_count ?? 0) };
    });
  }

  async likedBy(ids: string[], userId: string | null): Promise<Set<string>> {
    if (!userId || !ids.length) return new Set();
    const rows = await this.em.execute<{ comment_id: string }[]>('select comment_id from media_comment_likes where user_id = ? and comment_id in (?)', [userId, ids]);
    return new Set(rows.map((r) => r.comment_id));
  }
}

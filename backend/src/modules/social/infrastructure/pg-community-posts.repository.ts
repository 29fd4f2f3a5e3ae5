import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CommunityComment, CommunityPost, PostType } from '../domain/community-post.js';
import type { CommunityPosts, PostFilter } from '../domain/community-ports.js';

interface PostRow {
  id: string;
  author_id: string;
  title: string;
  content: string;
  game: string;
  post_type: PostType;
  video_id: string | null;
  likes: number;
  comments: number;
  created_at: Date;
  removed_at: Date | null;
}

interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  content: string;
  created_at: Date;
}

const POST_COLUMNS = 'p.id, p.author_id, p.title, p.content, p.game, p.post_type, p.video_id, p.likes, p.comments, p.created_at, p.removed_at';

const toPost = (r: PostRow): CommunityPost => ({
  id: r.id,
  authorId: r.author_id,
  title: r.title,
  content: r.content,
  game: r.game,
  type: r.post_type,
  videoId: r.video_id,
  likes: Number(r.likes),
  comments: Number(r.comments),
  createdAt: new Date(r.created_at),
  removedAt: r.removed_at ? new Date(r.removed_at) : null,
});

const toComment = (r: CommentRow): CommunityComment => ({ id: r.id, postId: r.post_id, authorId: r.author_id, content: r.content, createdAt: new Date(r.created_at) });

/** community_posts, community_post_likes, community_post_comments (SQL_OWNED_TABLES; see the migration). */
@Injectable()
export class PgCommunityPosts implements CommunityPosts {
  constructor(private readonly em: EntityManager) {}

  async insert(p: CommunityPost): Promise<void> {
    await this.em.execute(
      `insert into community_posts (id, author_id, title, content, game, post_type, video_id, likes, comments, created_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, 0, ?)`,
      [p.id, p.authorId, p.title, p.content, p.game, p.type, p.videoId, p.createdAt],
    );
  }

  async find(id: string, opts: { includeRemoved?: boolean; lock?: boolean } = {}): Promise<CommunityPost | null> {
    const rows = await this.em.execute<PostRow[]>(
      `select ${POST_COLUMNS} from community_posts p where p.id = ? ${opts.includeRemoved ? '' : 'and p.removed_at is null'} ${opts.lock ? 'for update' : ''}`,
      [id],
    );
    return rows[0] ? toPost(rows[0]) : null;
  }

  async list(f: PostFilter, limit: number): Promise<CommunityPost[]> {
    const where = ['p.removed_at is null'];
    const params: unknown[] = [];
    if (f.game !== null) {
      where.push('lower(p.game) = lower(?)');
      params.push(f.game);
    }
    if (f.type !== null) {
      where.push('p.post_type = ?');
      params.push(f.type);
    }
    if (f.before) {
      where.push('(p.created_at, p.id) < (?, ?)');
      params.push(f.before.at, f.before.id);
    }
    const rows = await this.em.execute<PostRow[]>(
      `select ${POST_COLUMNS} from community_posts p where ${where.join(' and ')} order by p.created_at desc, p.id desc limit ?`,
      [...params, limit],
    );
    return rows.map(toPost);
  }

  async findByAuthorTitle(authorId: string, title: string): Promise<CommunityPost | null> {
    const rows = await this.em.execute<PostRow[]>(
      `select ${POST_COLUMNS} from community_posts p where p.author_id = ? and p.title = ? order by p.created_at desc, p.id desc limit 1`,
      [authorId, title],
    );
    return rows[0] ? toPost(rows[0]) : null;
  }

  async delete(id: string): Promise<void> {
    await this.em.execute('delete from community_posts where id = ?', [id]);
  }

  async countPostsSince(authorId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const rows = await this.em.execute<{ n: number; oldest: Date | null }[]>(
      'select count(*)::int as n, min(created_at) as oldest from community_posts where author_id = ? and created_at > ?',
      [authorId, since],
    );
    return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
  }

  async toggleLike(postId: string, userId: string, now: Date): Promise<{ liked: boolean; likes: number }> {
    // The caller holds the post's row lock (find with lock): every toggle of the post is serialised, so the count
    // always equals the likes' rows.
    const removed = await this.em.execute<{ n: number }[]>(
      'with gone as (delete from community_post_likes where post_id = ? and user_id = ? returning 1) select count(*)::int as n from gone',
      [postId, userId],
    );
    const liked = Number(removed[0]?.n ?? 0) === 0;
    if (liked) await this.em.execute('insert into community_post_likes (post_id, user_id, created_at) values (?, ?, ?)', [postId, userId, now]);
    const rows = await this.em.execute<{ likes: number }[]>('update community_posts set likes = greatest(likes + ?, 0) where id = ? returning likes', [liked ? 1 : -1, postId]);
    return { liked, likes: Number(rows[0]?.likes ?? 0) };
  }

  async likedAmong(userId: string | null, postIds: string[]): Promise<Set<string>> {
    if (!userId || !postIds.length) return new Set();
    const rows = await this.em.execute<{ post_id: string }[]>('select post_id from community_post_likes where user_id = ? and post_id in (?)', [userId, postIds]);
    return new Set(rows.map((r) => r.post_id));
  }

  async comments(postId: string, after: { at: Date; id: string } | null, limit: number): Promise<CommunityComment[]> {
    const rows = await this.em.execute<CommentRow[]>(
      `select id, post_id, author_id, content, created_at from community_post_comments
        where post_id = ? ${after ? 'and (created_at, id) > (?, ?)' : ''} order by created_at, id limit ?`,
      [postId, ...(after ? [after.at, after.id] : []), limit],
    );
    return rows.map(toComment);
  }

  async findComment(postId: string, commentId: string): Promise<CommunityComment | null> {
    const rows = await this.em.execute<CommentRow[]>('select id, post_id, author_id, content, created_at from community_post_comments where id = ? and post_id = ?', [commentId, postId]);
    return rows[0] ? toComment(rows[0]) : null;
  }

  async addComment(c: CommunityComment): Promise<void> {
    await this.em.execute('insert into community_post_comments (id, post_id, author_id, content, created_at) values (?, ?, ?, ?, ?)', [c.id, c.postId, c.authorId, c.content, c.createdAt]);
    await this.em.execute('update community_posts set comments = comments + 1 where id = ?', [c.postId]);
  }

  async deleteComment(postId: string, commentId: string): Promise<void> {
    const gone = await this.em.execute<{ n: number }[]>(
      'with gone as (delete from community_post_comments where id = ? and post_id = ? returning 1) select count(*)::int as n from gone',
      [commentId, postId],
    );
    if (Number(gone[0]?.n ?? 0) > 0) await this.em.execute('update community_posts set comments = greatest(comments - 1, 0) where id = ?', [postId]);
  }

  async countCommentsSince(authorId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const rows = await this.em.execute<{ n: number; oldest: Date | null }[]>(
      'select count(*)::int as n, min(created_at) as oldest from community_post_comments where author_id = ? and created_at > ?',
      [authorId, since],
    );
    return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
  }

  async markRemoved(id: string, at: Date, asOf?: Date): Promise<void> {
    await this.em.execute(
      `update community_posts set removed_at = coalesce(removed_at, ?) where id = ? and (?::timestamptz is null or restored_at is null or restored_at <= ?::timestamptz)`,
      [at, id, asOf ?? null, asOf ?? null],
    );
  }

  async markRestored(id: string, at: Date, asOf?: Date): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update community_posts set removed_at = null, restored_at = case when removed_at is null then restored_at else ? end
        where id = ? and (?::timestamptz is null or removed_at is null or removed_at <= ?::timestamptz) returning id`,
      [at, id, asOf ?? null, asOf ?? null],
    );
    return rows.length > 0;
  }

  async removedStates(ids: string[]): Promise<Map<string, boolean>> {
    if (!ids.length) return new Map();
    const rows = await this.em.execute<{ id: string; removed: boolean }[]>('select id, removed_at is not null as removed from community_posts where id in (?)', [ids]);
    return new Map(rows.map((r) => [r.id, r.removed]));
  }

  async purgeRemoved(id: string, asOf?: Date): Promise<void> {
    await this.em.execute(
      'delete from community_posts where id = ? and removed_at is not null and (?::timestamptz is null or restored_at is null or restored_at <= ?::timestamptz)',
      [id, asOf ?? null, asOf ?? null],
    );
  }

  async removeAuthor(userId: string): Promise<void> {
    // Their likes and comments on others' posts first, each post's counter down by what went (rows locked in id order).
    await this.em.execute(
      `with gone as (delete from community_post_likes where user_id = ? returning post_id),
            n as (select post_id, count(*)::int as k from gone group by post_id),
            locked as (select p.id from community_posts p join n on n.post_id = p.id order by p.id for update of p)
       update community_posts p set likes = greatest(p.likes - n.k, 0) from n where n.post_id = p.id and p.id in (select id from locked)`,
      [userId],
    );
    await this.em.execute(
      `with gone as (delete from community_post_comments where author_id = ? returning post_id),
            n as (select post_id, count(*)::int as k from gone group by post_id),
            locked as (select p.id from community_posts p join n on n.post_id = p.id order by p.id for update of p)
       update community_posts p set comments = greatest(p.comments - n.k, 0) from n where n.post_id = p.id and p.id in (select id from locked)`,
      [userId],
    );
    // Their posts, with every like and comment on them (cascade).
    await this.em.execute('delete from community_posts where author_id = ?', [userId]);
  }
}

import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CommentEmpty, CommentTooLong, NoPublishingAccount } from '../domain/catalog.errors.js';
import { COMMENT_MAX, MediaComment } from '../domain/comment.js';
import { CommentAudience } from './comment-audience.js';
import { MediaService } from './media.service.js';
import { afterCursor, encodeCursor } from '../../../common/keyset.js';

export interface CommentView {
  id: string;
  username: string;
  content: string;
  created_at: string;
}

/** Reel comments: non-blank, at most 500 characters, written as the commenter's active account. */
@Injectable()
export class ReelCommentsUseCases {
  constructor(
    private readonly em: EntityManager,
    private readonly service: MediaService,
    private readonly accounts: AccountsFacade,
    private readonly audience: CommentAudience,
  ) {}

  /** Oldest first, `limit` at a time; `next_cursor` continues after the last one (null at the end). */
  async list(reelId: string, viewer: string | null, limit: number, cursor?: string): Promise<{ comments: CommentView[]; next_cursor: string | null }> {
    await this.service.reachable('reel', reelId, viewer);
    const after = afterCursor(cursor, 'asc');
    const where = after ? { mediaId: reelId, ...after } : { mediaId: reelId };
    const rows = await this.em.find(MediaComment, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      comments: page.map((c) => ({ id: c.id, username: c.username, content: c.content, created_at: c.createdAt.toISOString() })),
      next_cursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }

  async add(reelId: string, userId: string, content: unknown): Promise<CommentView> {
    const text = typeof content === 'string' ? content.trim() : '';
    if (!text) throw CommentEmpty();
    if (text.length > COMMENT_MAX) throw CommentTooLong();
    const reel = await this.service.reachable('reel', reelId, userId);
    await this.audience.check(reel, userId);
    const account = await this.accounts.publishingAccount(userId);
    if (!account) throw NoPublishingAccount();
    const c = new MediaComment();
    Object.assign(c, { id: randomUUID(), mediaId: reelId, userId, accountId: account.accountId, username: account.handle, content: text });
    await this.em.transactional(async (tx) => {
      tx.persist(c);
      await tx.flush();
      await tx.execute('update media set comments = comments + 1 where id = ?', [reelId]);
    });
    return { id: c.id, username: c.username, content: c.content, created_at: c.createdAt.toISOString() };
  }
}

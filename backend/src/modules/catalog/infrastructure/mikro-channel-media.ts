import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Media } from '../domain/media.js';
import type { ChannelMediaReader, ChannelScope, ChannelSort } from '../domain/channel-media.port.js';
import type { MediaPage } from '../domain/ports.js';
import { afterCursor, isUuid } from '../../../common/keyset.js';
import { encodeMediaCursor } from './mikro-media.repository.js';

/** Keyset cursors of the popular order: the last row's views and id, opaque to clients. */
function encodePopularCursor(m: Media): string {
  return Buffer.from(`v|${Number(m.views)}|${m.id}`, 'utf8').toString('base64url');
}

/** The condition for the rows after a popular cursor (views, id descending); null when it is not one (the list starts over). */
function afterPopularCursor(cursor: string | undefined): { $or: object[] } | null {
  if (!cursor) return null;
  const [tag, viewsText, id] = Buffer.from(String(cursor), 'base64url').toString('utf8').split('|');
  if (tag !== 'v' || !/^\d{1,15}$/.test(viewsText ?? '') || !isUuid(id)) return null;
  const views = Number(viewsText);
  return { $or: [{ views: { $lt: views } }, { views, id: { $lt: id } }] };
}

/**
 * A channel's items. Every query names both the account and its user: media_account_index (account_id) finds the
 * channel's rows, and media_owner_index (user_id, kind, created_at) lets the newest order stop after one page.
 */
@Injectable()
export class MikroChannelMedia implements ChannelMediaReader {
  constructor(private readonly em: EntityManager) {}

  private visible(scope: ChannelScope): object {
    const base = { accountId: scope.accountId, userId: scope.userId };
    // The owner sees every item of theirs but those moderation removed (nobody sees those).
    return scope.viewerUserId === scope.userId ? { ...base, status: { $ne: 'removed' } } : { ...base, status: 'ready', visibility: 'public' };
  }

  async list(scope: ChannelScope, kind: 'video' | 'reel', sort: ChannelSort, limit: number, cursor: string | undefined): Promise<MediaPage> {
    const and: object[] = [{ kind }, this.visible(scope)];
    const after = sort === 'popular' ? afterPopularCursor(cursor) : afterCursor(cursor, 'desc');
    if (after) and.push(after);
    const orderBy = sort === 'popular' ? { views: 'desc', id: 'desc' } : { createdAt: 'desc', id: 'desc' };
    const rows = await this.em.find(Media, { $and: and } as never, { orderBy: orderBy as never, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit ? (sort === 'popular' ? encodePopularCursor(last) : encodeMediaCursor(last)) : null;
    return { items, nextCursor };
  }

  async counts(scope: ChannelScope): Promise<{ videos: number; reels: number; totalViews: number }> {
    const own = scope.viewerUserId === scope.userId;
    const rows = await this.em.execute<{ videos: number; reels: number; total_views: string | number }[]>(
      `select count(*) filter (where kind = 'video')::int as videos,
              count(*) filter (where kind = 'reel')::int as reels,
              coalesce(sum(views) filter (where status = 'ready'), 0)::bigint as total_views
         from media
        where account_id = ? and user_id = ? and kind in ('video', 'reel')${own ? ` and status <> 'removed'` : ` and status = 'ready' and visibility = 'public'`}`,
      [scope.accountId, scope.userId],
    );
    const r = rows[0];
    return { videos: Number(r?.videos ?? 0), reels: Number(r?.reels ?? 0), totalViews: Number(r?.total_views ?? 0) };
  }
}

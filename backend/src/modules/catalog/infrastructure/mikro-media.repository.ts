import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Media, type MediaKind } from '../domain/media.js';
import type { MediaPage, MediaRepository } from '../domain/ports.js';
import { afterCursor, encodeCursor, isUuid } from '../../../common/keyset.js';

export function encodeMediaCursor(m: Media): string {
  return encodeCursor(m.createdAt, m.id);
}

@Injectable()
export class MikroMediaRepository implements MediaRepository {
  constructor(private readonly em: EntityManager) {}

  find(id: string) {
    return isUuid(id) ? this.em.findOne(Media, { id }) : Promise.resolve(null);
  }

  findForUpdate(id: string) {
    return isUuid(id) ? this.em.findOne(Media, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true }) : Promise.resolve(null);
  }

  async awaitingPurge(olderThan: Date, limit: number) {
    // media_purge_pending_index: only the removed items still waiting for their purge.
    const rows = await this.em.find(Media, { purgeRequestedAt: { $ne: null, $lt: olderThan }, filesPurgedAt: null, status: 'removed' }, { fields: ['id'], limit, orderBy: { purgeRequestedAt: 'asc' } });
    return rows.map((m) => m.id);
  }

  findMany(ids: string[]) {
    const valid = ids.filter((id) => isUuid(id));
    return valid.length ? this.em.find(Media, { id: { $in: valid } }) : Promise.resolve([]);
  }

  findByThumbnail(thumbnailKey: string) {
    return this.em.findOne(Media, { thumbnailKey });
  }

  /**
   * One page, newest first. A signed-in viewer's list is everyone's ready public items merged with the viewer's own
   * others: two index-ordered queries (the list index, the owner index) instead of one OR that no index can order,
   * which at a million items would sort the table for every page. Removed items are nobody's, their owner's neither.
   */
  async list(kind: MediaKind, viewerUserId: string | null, limit: number, cursor: string | undefined, filter: { isVertical?: boolean; ownerOnly?: boolean } = {}): Promise<MediaPage> {
    const common: object[] = [{ kind }];
    if (filter.isVertical !== undefined) common.push({ isVertical: filter.isVertical });
    const after = afterCursor(cursor, 'desc');
    if (after) common.push(after);
    const page = (where: object) => this.em.find(Media, { $and: [...common, where] } as never, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 });
    const publicItems = { status: 'ready', visibility: 'public' };
    const notRemoved = { status: { $ne: 'removed' } };
    let rows: Media[];
    if (filter.ownerOnly && viewerUserId) rows = await page({ userId: viewerUserId, ...notRemoved });
    else if (!viewerUserId) rows = await page(publicItems);
    else {
      const [everyone, own] = await Promise.all([page(publicItems), page({ $and: [{ userId: viewerUserId, $not: publicItems }, notRemoved] })]);
      rows = [...everyone, ...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, limit + 1);
    }
    const items = rows.slice(0, limit);
    return { items, nextCursor: rows.length > limit ? encodeMediaCursor(items[items.length - 1]) : null };
  }

  add(media: Media) {
    this.em.persist(media);
  }

  async setVisibilityOfAccount(accountId: string, visibility: Media['visibility']) {
    await this.em.nativeUpdate(Media, { accountId }, { visibility });
  }

  listOfAccount(accountId: string) {
    return this.em.find(Media, { accountId });
  }

  remove(media: Media) {
    this.em.remove(media);
  }

  async removeEngagementOf(mediaIds: string[]) {
    if (!mediaIds.length) return;
    await this.em.execute('delete from media_comment_likes where comment_id in (select id from media_comments where media_id in (?))', [mediaIds]);
    for (const table of ['media_likes', 'media_comments', 'media_view_marks', 'media_watch_time', 'media_activity_hourly', 'media_watch_progress', 'movie_ratings']) {
      await this.em.execute(`delete from ${table} where media_id in (?)`, [mediaIds]);
    }
  }
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
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

  findMany(ids: string[]) {
    const valid = ids.filter((id) => isUuid(id));
    return valid.length ? this.em.find(Media, { id: { $in: valid } }) : Promise.resolve([]);
  }

  findByThumbnail(thumbnailKey: string) {
    return this.em.findOne(Media, { thumbnailKey });
  }

  async list(kind: MediaKind, viewerUserId: string | null, limit: number, cursor: string | undefined, filter: { isVertical?: boolean; ownerOnly?: boolean } = {}): Promise<MediaPage> {
    const visible =
      filter.ownerOnly && viewerUserId
        ? { userId: viewerUserId }
        : viewerUserId
          ? { $or: [{ status: 'ready', visibility: 'public' }, { userId: viewerUserId }] }
          : { status: 'ready', visibility: 'public' };
    const and: object[] = [{ kind }, visible];
    if (filter.isVertical !== undefined) and.push({ isVertical: filter.isVertical });
    const after = afterCursor(cursor, 'desc');
    if (after) and.push(after);
    const rows = await this.em.find(Media, { $and: and } as never, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 });
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

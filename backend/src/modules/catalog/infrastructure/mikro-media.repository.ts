import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Media, type MediaKind } from '../domain/media.js';
import type { MediaPage, MediaRepository } from '../domain/ports.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(m: Media): string {
  return Buffer.from(`${m.createdAt.toISOString()}|${m.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || !UUID.test(id ?? '') ? null : { at: date, id };
}

@Injectable()
export class MikroMediaRepository implements MediaRepository {
  constructor(private readonly em: EntityManager) {}

  find(id: string) {
    return UUID.test(id) ? this.em.findOne(Media, { id }) : Promise.resolve(null);
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
    const c = cursor ? decodeCursor(cursor) : null;
    if (c) and.push({ $or: [{ createdAt: { $lt: c.at } }, { createdAt: c.at, id: { $lt: c.id } }] });
    const rows = await this.em.find(Media, { $and: and } as never, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 });
    const items = rows.slice(0, limit);
    return { items, nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]) : null };
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
    for (const table of ['media_likes', 'media_comments', 'media_view_marks', 'media_watch_time']) {
      await this.em.execute(`delete from ${table} where media_id in (?)`, [mediaIds]);
    }
  }
}

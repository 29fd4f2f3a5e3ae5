import { Inject, Injectable } from '@nestjs/common';
import { COMMENT_REPOSITORY, type CommentRepository } from '../domain/comment.js';
import type { MediaKind } from '../domain/media.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { MEDIA_VIEWS, type MediaViews } from './media-views.port.js';

/** A video, reel or movie as a report names it (what moderation snapshots). */
export interface MediaReportTarget {
  ownerUserId: string;
  title: string;
  description: string | null;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

/** A comment as a report names it, with the item it is on. */
export interface CommentReportTarget {
  ownerUserId: string;
  text: string;
  mediaId: string;
  mediaKind: MediaKind;
  mediaTitle: string;
}

/** The item as the moderation queue previews it now. */
export interface MediaPlayback {
  streamUrl: string | null;
  thumbnailUrl: string | null;
  removed: boolean;
}

/**
 * What moderation reads of the catalog's content: a report's target as the reporter may see it (null when it does
 * not exist, is of another kind, or the reporter may not reach it: private, processing, removed), and the current
 * state of an item for the queue's preview.
 */
@Injectable()
export class ReportTargetsQuery {
  constructor(
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(COMMENT_REPOSITORY) private readonly comments: CommentRepository,
    @Inject(MEDIA_VIEWS) private readonly views: MediaViews,
  ) {}

  async mediaTarget(kind: MediaKind, mediaId: string, viewerUserId: string): Promise<MediaReportTarget | null> {
    const m = await this.media.find(mediaId);
    if (!m || m.kind !== kind || !m.isReachableBy(viewerUserId)) return null;
    // Kept in the case's snapshot: the address a visitor uses (no access token that would expire).
    return { ownerUserId: m.userId, title: m.title, description: m.description, thumbnailUrl: this.views.thumbnailUrl(m, null), durationSeconds: m.durationSeconds };
  }

  async commentTarget(commentId: string, viewerUserId: string): Promise<CommentReportTarget | null> {
    const c = await this.comments.find(commentId);
    const m = c ? await this.media.find(c.mediaId) : null;
    if (!c || !m || !m.isReachableBy(viewerUserId)) return null;
    return { ownerUserId: c.userId, text: c.content, mediaId: m.id, mediaKind: m.kind, mediaTitle: m.title };
  }

  /** Null when the item no longer exists; addresses only while it is ready (with its owner's access where one is needed). */
  async playback(mediaId: string): Promise<MediaPlayback | null> {
    return (await this.playbacks([mediaId])).get(mediaId) ?? null;
  }

  /** The playback of several items in one query, by id; an item that no longer exists is absent from the map. */
  async playbacks(mediaIds: string[]): Promise<Map<string, MediaPlayback>> {
    const unique = [...new Set(mediaIds)];
    const found = unique.length ? await this.media.findMany(unique) : [];
    return new Map(
      found.map((m): [string, MediaPlayback] => [
        m.id,
        m.status !== 'ready' ? { streamUrl: null, thumbnailUrl: null, removed: m.status === 'removed' } : { ...this.views.ownerPlayback(m), removed: false },
      ]),
    );
  }
}

import { defineEntity, p } from '@mikro-orm/core';
import { Media } from '../domain/media.js';
import { MediaComment } from '../domain/comment.js';

export const MediaSchema = defineEntity({
  class: Media,
  tableName: 'media',
  indexes: [
    { name: 'media_list_index', properties: ['kind', 'status', 'visibility', 'createdAt', 'id'] },
    { name: 'media_owner_index', properties: ['userId', 'kind', 'createdAt'] },
    { name: 'media_account_index', properties: ['accountId'] },
    // A channel's Popular tab (most viewed first) at any size, without sorting the channel's items.
    { name: 'media_account_popular_index', properties: ['accountId', 'kind', 'views', 'id'] },
    // Most played first among a kind's listed items (the music library's `sort=popular`), read backwards.
    { name: 'media_popular_index', properties: ['kind', 'status', 'visibility', 'views', 'id'] },
    { name: 'media_thumbnail_index', properties: ['thumbnailKey'] },
    // Removed items whose files are still to be purged (the purge job's sweeper): a handful at most.
    { name: 'media_purge_pending_index', properties: ['purgeRequestedAt'], where: 'purge_requested_at is not null and files_purged_at is null' },
  ],
  properties: {
    id: p.uuid().primary(),
    kind: p.enum(['video', 'reel', 'movie', 'track', 'episode']),
    accountId: p.uuid(),
    userId: p.uuid(),
    title: p.string().length(200),
    description: p.text().nullable(),
    status: p.enum(['processing', 'ready', 'failed', 'removed']).default('processing'),
    failureReason: p.string().length(500).nullable(),
    visibility: p.enum(['public', 'unlisted', 'private']).default('public'),
    originalKey: p.string().length(200),
    originalSize: p.bigint('number'),
    contentType: p.string().length(100),
    durationSeconds: p.double().nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    thumbnailKey: p.string().length(200).nullable(),
    hlsRenditions: p.json<number[]>(),
    isVertical: p.boolean().default(false),
    monetizationEnabled: p.boolean().default(false),
    views: p.bigint('number').default(0),
    likes: p.integer().default(0),
    comments: p.integer().default(0),
    watchSeconds: p.bigint('number').default(0),
    adRevenueCents: p.bigint('number').default(0),
    tags: p.json<string[]>(),
    year: p.integer().nullable(),
    durationMinutes: p.integer().nullable(),
    genres: p.json<string[]>(),
    ageRating: p.enum(['G', 'PG', 'PG-13', 'R', 'NC-17']).default('PG'),
    familySafe: p.boolean().default(true),
    isPremium: p.boolean().default(false),
    cast: p.json<string[]>(),
    ratingSum: p.integer().default(0),
    ratingCount: p.integer().default(0),
    removedAt: p.datetime().nullable(),
    restoredAt: p.datetime().nullable(),
    purgeRequestedAt: p.datetime().nullable(),
    filesPurgedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class MediaLike {
  mediaId: string;
  userId: string;
  createdAt: Date = new Date();
}
export const MediaLikeSchema = defineEntity({
  class: MediaLike,
  tableName: 'media_likes',
  properties: { mediaId: p.uuid().primary(), userId: p.uuid().primary(), createdAt: p.datetime() },
});

export const MediaCommentSchema = defineEntity({
  class: MediaComment,
  tableName: 'media_comments',
  indexes: [
    // Top-level comments of an item, newest (or oldest) first; replies of a comment, oldest first; the most liked.
    // Each ends with the id the pages are ordered by last, and the top-level ones hold top-level comments only
    // (`parent_id is null` does not fix a column's order for the planner), so a page reads its 21 rows from the
    // index in order instead of every comment of the item (2,000 comments scattered over the table: 100 ms, not 1).
    { name: 'media_comments_thread_index', properties: ['mediaId', 'createdAt', 'id'], where: 'parent_id is null' },
    { name: 'media_comments_replies_index', properties: ['parentId', 'createdAt', 'id'] },
    { name: 'media_comments_top_index', properties: ['mediaId', 'likeCount', 'createdAt', 'id'], where: 'parent_id is null' },
  ],
  properties: {
    id: p.uuid().primary(),
    mediaId: p.uuid(),
    /** The top-level comment a reply answers (a comment id; its rows go with it, see PgCommentRepository.remove). */
    parentId: p.uuid().nullable(),
    userId: p.uuid(),
    accountId: p.uuid(),
    username: p.string().length(100),
    content: p.string().length(500),
    likeCount: p.integer().default(0),
    replyCount: p.integer().default(0),
    createdAt: p.datetime(),
    editedAt: p.datetime().nullable(),
  },
});

/** Who likes a comment (one row per user); deleted with the comment. */
export class MediaCommentLike {
  commentId: string;
  userId: string;
  createdAt: Date = new Date();
}
export const MediaCommentLikeSchema = defineEntity({
  class: MediaCommentLike,
  tableName: 'media_comment_likes',
  properties: { commentId: p.uuid().primary(), userId: p.uuid().primary(), createdAt: p.datetime() },
});

/** The last time a viewer's view of an item was counted (one per 30 minutes). */
export class MediaViewMark {
  mediaId: string;
  viewerKey: string;
  countedAt: Date;
}
export const MediaViewMarkSchema = defineEntity({
  class: MediaViewMark,
  tableName: 'media_view_marks',
  properties: { mediaId: p.uuid().primary(), viewerKey: p.string().length(64).primary(), countedAt: p.datetime() },
});

/** Seconds watched by a signed-in viewer per item per day: the partner program's watch hours and the premium pool. */
export class MediaWatchTime {
  mediaId: string;
  userId: string;
  day: string;
  seconds: number;
  lastBeatAt: Date;
}
export const MediaWatchTimeSchema = defineEntity({
  class: MediaWatchTime,
  tableName: 'media_watch_time',
  properties: { mediaId: p.uuid().primary(), userId: p.uuid().primary(), day: p.date().primary(), seconds: p.integer(), lastBeatAt: p.datetime() },
});

/** A viewer's rating of a movie, 1 to 5 stars (one per viewer); the movie's rating_sum and rating_count move with it. */
export class MovieRating {
  mediaId: string;
  userId: string;
  stars: number;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}
export const MovieRatingSchema = defineEntity({
  class: MovieRating,
  tableName: 'movie_ratings',
  checks: [{ name: 'movie_ratings_stars_check', expression: '((stars >= 1) AND (stars <= 5))' }],
  properties: { mediaId: p.uuid().primary(), userId: p.uuid().primary(), stars: p.smallint(), createdAt: p.datetime(), updatedAt: p.datetime() },
});

export const CATALOG_ENTITIES = [MediaSchema, MediaLikeSchema, MediaCommentSchema, MediaCommentLikeSchema, MediaViewMarkSchema, MediaWatchTimeSchema, MovieRatingSchema];

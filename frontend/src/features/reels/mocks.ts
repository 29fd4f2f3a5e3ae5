import { http, errorBody } from '../../mocks/http';
import { mediaDb, mediaId, settle, type MockReel } from '../../mocks/mediaDb';
import {
  caller,
  countView,
  fileField,
  flag,
  isVisible,
  listed,
  ownerDto,
  page,
  playableUrl,
  processingOutcome,
  sniffBlob,
  text,
  monetizationRefused,
  problem,
  sessionInvalid,
} from '../../mocks/mediaHelpers';
import { REEL_COMMENT_MAX, REEL_DESCRIPTION_MAX, REEL_MAX_BYTES, REEL_MESSAGES, REEL_TITLE_MAX, normalizeTags } from './messages';
import type { ReelDto } from './types';

const notFound = () => errorBody(404, 'MEDIA.NOT_FOUND', 'Reel not found');
const badRequest = (detail: string, field: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);

/** A reel as the API shows it to `viewerId`; undefined once its account is gone. */
export function reelDto(reel: MockReel, viewerId: string | undefined): ReelDto | undefined {
  settle(reel);
  const owner = ownerDto(reel.accountId);
  if (!owner) return undefined;
  const isOwner = viewerId === reel.userId;
  return {
    id: reel.id,
    title: reel.title,
    description: reel.description,
    created_by: owner.handle,
    username: owner.handle,
    tags: reel.tags,
    likes: reel.baseLikes + reel.likedBy.length,
    liked: viewerId !== undefined && reel.likedBy.includes(viewerId),
    comments: mediaDb.comments.filter((comment) => comment.reelId === reel.id).length,
    created_at: reel.created_at,
    status: reel.status,
    failure_reason: isOwner ? reel.failure_reason : null,
    duration_seconds: reel.status === 'ready' ? reel.duration_seconds : null,
    thumbnail_url: reel.status === 'ready' ? reel.thumbnail_url : null,
    stream_url: reel.stream_url,
    owner,
    is_owner: isOwner,
    monetization_enabled: reel.monetization_enabled,
    views: reel.views,
  };
}

function visibleReel(id: string, viewerId: string | undefined): MockReel | undefined {
  const reel = mediaDb.reels.find((entry) => entry.id === id);
  if (!reel) return undefined;
  settle(reel);
  return isVisible(reel, viewerId) ? reel : undefined;
}

type CommentKey = { created_at: string; id: string };

/** Comments run oldest first, by time then id (the server's keyset). */
function byCommentKey(a: CommentKey, b: CommentKey): number {
  return a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
}

/** The comment list's `limit`: a whole number from 1 to 100, 20 when absent or unreadable. */
function commentPageSize(raw: string | null): number {
  return Math.min(100, Math.max(1, Number.parseInt(raw ?? '20', 10) || 20));
}

/** An opaque cursor: the last comment's time and id. */
function commentCursor(comment: CommentKey): string {
  return btoa(`${comment.created_at}|${comment.id}`);
}

/** The cursor's time and id; null when it is not one of ours (the list then starts at the beginning, as the server). */
function readCommentCursor(cursor: string | null): CommentKey | null {
  if (!cursor) return null;
  try {
    const [created_at, id] = atob(cursor).split('|');
    return created_at && id && !Number.isNaN(Date.parse(created_at)) ? { created_at, id } : null;
  } catch {
    return null;
  }
}

/** The tags field: a JSON array of strings, as text (a bare word list is taken too). */
function parseTags(raw: string): string[] | null {
  if (!raw.trim()) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((tag) => typeof tag === 'string') ? normalizeTags(value) : null;
  } catch {
    return normalizeTags(raw.split(','));
  }
}

/** The server's answers for reels: list (`mine=true` too), one reel, upload, likes, comments and views. */
export const reelsHandlers = [
  http.get('/api/reels', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const visible = listed(mediaDb.reels.map((reel) => settle(reel)), url, viewerId);
    if (!visible) return response(401).json(sessionInvalid());
    const { items, next } = page(visible, url);
    return response(200).json({ reels: items.flatMap((reel) => reelDto(reel, viewerId) ?? []), next_cursor: next });
  }),

  // One reel, what a shared link opens: 404 for an unknown id and for one the caller may not see.
  http.get('/api/reels/{id}', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const reel = visibleReel(params.id, viewerId);
    const body = reel ? reelDto(reel, viewerId) : undefined;
    if (!body) return response(404).json(notFound());
    return response(200).json(body);
  }),

  http.post('/api/reels/upload', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const form = await request.formData();
    const file = fileField(form, 'file');
    const title = text(form, 'title').trim();
    const description = text(form, 'description').trim();
    if (!file) return response(400).json(badRequest(REEL_MESSAGES.selectVideo, 'file'));
    if (file.size === 0) return response(400).json(badRequest(REEL_MESSAGES.emptyFile, 'file'));
    if (file.size > REEL_MAX_BYTES) return response(413).json(errorBody(413, 'MEDIA.TOO_LARGE', REEL_MESSAGES.tooLarge));
    const kind = await sniffBlob(file);
    if (!kind) return response(400).json(badRequest(REEL_MESSAGES.invalidType, 'file'));
    if (!title) return response(400).json(badRequest(REEL_MESSAGES.titleRequired, 'title'));
    if (title.length > REEL_TITLE_MAX) return response(400).json(badRequest(REEL_MESSAGES.titleTooLong, 'title'));
    if (description.length > REEL_DESCRIPTION_MAX) {
      return response(400).json(badRequest(REEL_MESSAGES.descriptionTooLong, 'description'));
    }
    if (flag(form, 'monetization_enabled') && !me.user.creator_program) return response.untyped(monetizationRefused());
    const tags = parseTags(text(form, 'tags'));
    if (!tags) return response(400).json(badRequest('Tags must be a JSON list of words', 'tags'));
    const reel: MockReel = {
      id: mediaId('reel'),
      userId: me.user.id,
      accountId: me.user.active_account_id ?? '',
      created_at: new Date().toISOString(),
      title,
      description: description || null,
      tags,
      monetization_enabled: flag(form, 'monetization_enabled'),
      views: 0,
      baseLikes: 0,
      likedBy: [],
      status: 'processing',
      failure_reason: null,
      pending: processingOutcome(kind),
      duration_seconds: null,
      thumbnail_url: null,
      stream_url: playableUrl(file, file.name),
    };
    mediaDb.reels.push(reel);
    const body = reelDto(reel, me.user.id);
    if (!body) return response(401).json(sessionInvalid());
    return response(201).json(body);
  }),

  http.post('/api/reels/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const reel = visibleReel(params.id, me.user.id);
    if (!reel) return response(404).json(notFound());
    const liked = !reel.likedBy.includes(me.user.id);
    reel.likedBy = liked ? [...reel.likedBy, me.user.id] : reel.likedBy.filter((id) => id !== me.user.id);
    return response(200).json({ liked, likes: reel.baseLikes + reel.likedBy.length });
  }),

  // Oldest first, `limit` (default 20, at most 100) at a time, after the keyset `cursor`, as the server.
  http.get('/api/reels/{id}/comments', ({ request, params, response }) => {
    const viewer = caller(request)?.user.id ?? null;
    const reel = visibleReel(params.id, viewer ?? undefined);
    if (!reel) return response(404).json(notFound());
    const url = new URL(request.url);
    const limit = commentPageSize(url.searchParams.get('limit'));
    const after = readCommentCursor(url.searchParams.get('cursor'));
    const rows = mediaDb.comments
      .filter((comment) => comment.reelId === reel.id)
      .sort(byCommentKey)
      .filter((comment) => !after || byCommentKey(comment, after) > 0);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return response(200).json({
      comments: items.map(({ id, username, content, created_at, userId }) => ({ id, username, content, created_at, is_mine: viewer !== null && userId === viewer })),
      next_cursor: rows.length > limit && last ? commentCursor(last) : null,
    });
  }),

  http.post('/api/reels/{id}/comments', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const reel = visibleReel(params.id, me.user.id);
    if (!reel) return response(404).json(notFound());
    const { content } = await request.json();
    const body = typeof content === 'string' ? content.trim() : '';
    if (!body) return response(400).json(badRequest(REEL_MESSAGES.commentEmpty, 'content'));
    if (body.length > REEL_COMMENT_MAX) return response(400).json(badRequest(REEL_MESSAGES.commentTooLong, 'content'));
    const author = me.user.active_account_id ? ownerDto(me.user.active_account_id) : undefined;
    const comment = {
      id: mediaId('comment'),
      reelId: reel.id,
      userId: me.user.id,
      username: author?.handle ?? me.user.display_name,
      content: body,
      created_at: new Date().toISOString(),
    };
    mediaDb.comments.push(comment);
    const { id, username, created_at } = comment;
    return response(201).json({ id, username, content: body, created_at, is_mine: true });
  }),

  http.post('/api/reels/{id}/view', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const reel = visibleReel(params.id, viewerId);
    if (!reel || reel.status !== 'ready') return response.untyped(problem(404, 'MEDIA.NOT_FOUND', 'Reel not found'));
    const counted = countView('reel', reel.id, viewerId ?? 'visitor');
    if (counted) reel.views += 1;
    return response(200).json({ views: reel.views, counted });
  }),
];

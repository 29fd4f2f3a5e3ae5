import { accountsOf, mockDb } from '../../mocks/db';
import { commentId, commentsDb, type CommentedKind, type MockComment } from '../../mocks/commentsDb';
import { errorBody, http } from '../../mocks/http';
import type { MockMovie, MockVideo } from '../../mocks/mediaDb';
import { caller, ownerDto, sessionInvalid } from '../../mocks/mediaHelpers';
import { isFollowing, notify } from '../../mocks/socialDb';
import { visibleVideo } from '../videos/mocks';
import { visibleMovie } from '../movies/mocks';
import { COMMENT_MAX, COMMENT_MESSAGES, type CommentDto } from './CommentsStore';

const ORDERS = ['newest', 'top'] as const;
type Order = (typeof ORDERS)[number];

const commentNotFound = () => errorBody(404, 'CATALOG.COMMENT_NOT_FOUND', 'Comment not found');
const mediaNotFound = (kind: CommentedKind) => errorBody(404, 'MEDIA.NOT_FOUND', kind === 'video' ? 'Video not found' : 'Movie not found');
const invalid = (code: string, detail: string, field: string) => errorBody(400, code, detail, [{ field, message: detail }]);

/** The server's check of a comment's text: trimmed, not blank, at most 500 characters; the refusal when it fails. */
function checkText(content: unknown): { text: string } | { refused: ReturnType<typeof errorBody> } {
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) return { refused: invalid('CATALOG.COMMENT_EMPTY', COMMENT_MESSAGES.empty, 'content') };
  if (text.length > COMMENT_MAX) return { refused: invalid('CATALOG.COMMENT_TOO_LONG', COMMENT_MESSAGES.tooLong, 'content') };
  return { text };
}

type Media = { kind: CommentedKind; item: MockVideo | MockMovie; ownerId: string; accountId: string | null; title: string };

/** The video or movie a caller may reach (its page opens for them), or undefined. */
function reachable(kind: CommentedKind, id: string, viewerId: string | undefined): Media | undefined {
  if (kind === 'video') {
    const video = visibleVideo(id, viewerId);
    return video ? { kind, item: video, ownerId: video.userId, accountId: video.accountId, title: video.title } : undefined;
  }
  const movie = visibleMovie(id, viewerId);
  return movie ? { kind, item: movie, ownerId: movie.userId, accountId: null, title: movie.title } : undefined;
}

/** A comment and its item, when the caller may reach that item; otherwise the server's 'Comment not found'. */
function reachableComment(id: string, viewerId: string | undefined): { comment: MockComment; media: Media } | undefined {
  const comment = commentsDb.comments.find((entry) => entry.id === id);
  const media = comment ? reachable(comment.kind, comment.mediaId, viewerId) : undefined;
  return comment && media ? { comment, media } : undefined;
}

const likeCount = (comment: MockComment) => comment.baseLikes + comment.likedBy.length;
const replyCount = (comment: MockComment) =>
  comment.parentId ? 0 : commentsDb.comments.filter((entry) => entry.parentId === comment.id).length;

/** A comment as `viewerId` sees it: its author's account as it is now, and what the viewer may do with it. */
export function commentDto(comment: MockComment, media: Media, viewerId: string | undefined): CommentDto {
  const author = comment.accountId ? ownerDto(comment.accountId) : undefined;
  const mine = viewerId !== undefined && viewerId === comment.userId;
  return {
    id: comment.id,
    media_id: comment.mediaId,
    parent_id: comment.parentId,
    username: author?.handle ?? comment.username,
    display_name: author?.display_name ?? comment.username,
    avatar_url: author?.profile_photo_url ?? null,
    content: comment.content,
    created_at: comment.created_at,
    edited_at: comment.edited_at,
    like_count: likeCount(comment),
    liked: viewerId !== undefined && comment.likedBy.includes(viewerId),
    reply_count: replyCount(comment),
    can_edit: mine,
    can_delete: mine || (viewerId !== undefined && viewerId === media.ownerId),
  };
}

const newestFirst = (a: MockComment, b: MockComment) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
const oldestFirst = (a: MockComment, b: MockComment) => -newestFirst(a, b);

function limitOf(url: URL): number {
  return Math.min(100, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '', 10) || 20));
}

/** A cursor of this list (`${order}:${offset}`): one of another order, or not one of ours, starts at the beginning. */
function offsetOf(url: URL, order: string): number {
  const [of, at] = (url.searchParams.get('cursor') ?? '').split(':');
  const offset = Number(at);
  return of === order && Number.isInteger(offset) && offset > 0 ? offset : 0;
}

function pageOf(rows: MockComment[], url: URL, order: string): { rows: MockComment[]; next: string | null } {
  const limit = limitOf(url);
  const offset = offsetOf(url, order);
  const shown = rows.slice(offset, offset + limit);
  return { rows: shown, next: offset + limit < rows.length ? `${order}:${offset + limit}` : null };
}

/** Who may comment, by the channel's comment_permissions (the owner always may). */
function audienceRefusal(media: Media, userId: string): ReturnType<typeof errorBody> | null {
  if (media.ownerId === userId || !media.accountId) return null;
  const permission = mockDb.accounts.get(media.accountId)?.account.privacy_settings.comment_permissions ?? 'everyone';
  if (permission === 'none') return errorBody(403, 'CATALOG.COMMENTS_OFF', 'Comments are turned off for this channel');
  if (permission === 'subscribers' && !isFollowing(userId, media.ownerId)) {
    return errorBody(403, 'CATALOG.COMMENTS_FOLLOWERS_ONLY', 'Only followers of this channel can comment');
  }
  return null;
}

const EXCERPT = 140;

/** The item's owner (or, for a reply, the comment's author) hears of it, as the server tells them. */
function tellRecipient(comment: MockComment, media: Media, parent: MockComment | null, authorName: string): void {
  const recipient = parent ? parent.userId : media.ownerId;
  if (!recipient || recipient === comment.userId) return;
  const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  const excerpt = clip(comment.content, EXCERPT);
  notify(recipient, {
    type: parent ? 'comment_reply' : 'new_comment',
    title: parent ? 'New reply' : 'New comment',
    message: clip(
      parent
        ? `${authorName} replied to your comment on "${clip(media.title, 200)}": ${excerpt}`
        : `${authorName} commented on "${clip(media.title, 200)}": ${excerpt}`,
      1000,
    ),
    link: { kind: media.kind, id: media.item.id },
    dedupeKey: `comment:${comment.id}`,
  });
}

function listHandler(kind: CommentedKind) {
  return ({ request, params }: { request: Request; params: { id: string } }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const order = (url.searchParams.get('order') ?? 'newest') as Order;
    if (!ORDERS.includes(order)) return { status: 400 as const, body: invalid('VALIDATION_FAILED', 'order must be newest or top', 'order') };
    const media = reachable(kind, params.id, viewerId);
    if (!media) return { status: 404 as const, body: mediaNotFound(kind) };
    const top = commentsDb.comments
      .filter((comment) => comment.kind === kind && comment.mediaId === media.item.id && comment.parentId === null)
      .sort(order === 'top' ? (a, b) => likeCount(b) - likeCount(a) || newestFirst(a, b) : newestFirst);
    const { rows, next } = pageOf(top, url, order);
    return { status: 200 as const, body: { comments: rows.map((comment) => commentDto(comment, media, viewerId)), next_cursor: next } };
  };
}

function postHandler(kind: CommentedKind) {
  return async ({ request, params }: { request: Request; params: { id: string } }) => {
    const me = caller(request);
    if (!me) return { status: 401 as const, body: sessionInvalid() };
    const { content, parent_id: parentId } = (await request.json()) as { content?: unknown; parent_id?: string | null };
    const checked = checkText(content);
    if ('refused' in checked) return { status: 400 as const, body: checked.refused };
    const media = reachable(kind, params.id, me.user.id);
    if (!media) return { status: 404 as const, body: mediaNotFound(kind) };
    const refusal = audienceRefusal(media, me.user.id);
    if (refusal) return { status: 403 as const, body: refusal };
    const parent = parentId ? commentsDb.comments.find((comment) => comment.id === parentId) : null;
    if (parentId && (!parent || parent.kind !== kind || parent.mediaId !== media.item.id)) {
      return { status: 400 as const, body: invalid('CATALOG.REPLY_PARENT_NOT_FOUND', 'The comment you are replying to does not exist on this item', 'parent_id') };
    }
    if (parent?.parentId) {
      return { status: 400 as const, body: invalid('CATALOG.REPLY_TO_REPLY', 'You can only reply to a top-level comment, not to a reply', 'parent_id') };
    }
    const account = me.user.active_account_id ? mockDb.accounts.get(me.user.active_account_id) : undefined;
    const publishing = account?.account ?? accountsOf(me.user).find((entry) => entry.is_primary);
    const comment: MockComment = {
      id: commentId(),
      kind,
      mediaId: media.item.id,
      parentId: parent?.id ?? null,
      userId: me.user.id,
      accountId: publishing?.id ?? null,
      username: publishing?.handle ?? me.user.display_name,
      content: checked.text,
      created_at: new Date().toISOString(),
      edited_at: null,
      baseLikes: 0,
      likedBy: [],
    };
    commentsDb.comments.push(comment);
    tellRecipient(comment, media, parent ?? null, publishing?.display_name ?? me.user.display_name);
    return { status: 201 as const, body: commentDto(comment, media, me.user.id) };
  };
}

/**
 * The server's answers for comments on videos and movies: top-level lists (newest or top first) and replies, open to
 * whoever may open the item; posting (as the active account, under the channel's comment_permissions), editing (its
 * author), deleting (its author or the item's owner, a comment with its replies) and likes, for signed-in users.
 */
export const commentsHandlers = [
  http.get('/api/videos/{id}/comments', ({ request, params, response }) => {
    const { status, body } = listHandler('video')({ request, params });
    return status === 200 ? response(200).json(body) : response(status).json(body);
  }),

  http.get('/api/movies/{id}/comments', ({ request, params, response }) => {
    const { status, body } = listHandler('movie')({ request, params });
    return status === 200 ? response(200).json(body) : response(status).json(body);
  }),

  http.post('/api/videos/{id}/comments', async ({ request, params, response }) => {
    const { status, body } = await postHandler('video')({ request, params });
    return status === 201 ? response(201).json(body) : response(status).json(body);
  }),

  http.post('/api/movies/{id}/comments', async ({ request, params, response }) => {
    const { status, body } = await postHandler('movie')({ request, params });
    return status === 201 ? response(201).json(body) : response(status).json(body);
  }),

  // Replies, oldest first.
  http.get('/api/comments/{id}/replies', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const found = reachableComment(params.id, viewerId);
    if (!found) return response(404).json(commentNotFound());
    const url = new URL(request.url);
    const replies = commentsDb.comments.filter((comment) => comment.parentId === found.comment.id).sort(oldestFirst);
    const { rows, next } = pageOf(replies, url, 'replies');
    return response(200).json({ comments: rows.map((comment) => commentDto(comment, found.media, viewerId)), next_cursor: next });
  }),

  http.patch('/api/comments/{id}', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const { content } = await request.json();
    const checked = checkText(content);
    if ('refused' in checked) return response(400).json(checked.refused);
    const found = reachableComment(params.id, me.user.id);
    if (!found || found.comment.userId !== me.user.id) return response(404).json(commentNotFound());
    found.comment.content = checked.text;
    found.comment.edited_at = new Date().toISOString();
    return response(200).json(commentDto(found.comment, found.media, me.user.id));
  }),

  http.delete('/api/comments/{id}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const found = reachableComment(params.id, me.user.id);
    if (!found || (found.comment.userId !== me.user.id && found.media.ownerId !== me.user.id)) {
      return response(404).json(commentNotFound());
    }
    const gone = found.comment.id;
    commentsDb.comments = commentsDb.comments.filter((comment) => comment.id !== gone && comment.parentId !== gone);
    return response(204).empty();
  }),

  http.post('/api/comments/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const found = reachableComment(params.id, me.user.id);
    if (!found) return response(404).json(commentNotFound());
    const { comment } = found;
    const liked = !comment.likedBy.includes(me.user.id);
    comment.likedBy = liked ? [...comment.likedBy, me.user.id] : comment.likedBy.filter((id) => id !== me.user.id);
    return response(200).json({ liked, like_count: likeCount(comment) });
  }),
];


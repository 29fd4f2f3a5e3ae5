import { findUserByIdentifier, mockDb } from '../../../mocks/db';
import { errorBody, http } from '../../../mocks/http';
import { mediaDb } from '../../../mocks/mediaDb';
import { caller, sessionInvalid } from '../../../mocks/mediaHelpers';
import { COMMUNITY_MESSAGES, POST_LIMITS, validatePost } from './messages';
import type { CommunityComment, CommunityPost, PostType } from './types';

/** A post as the mock server keeps it. */
export interface MockCommunityPost {
  id: string;
  title: string;
  content: string;
  game: string;
  type: PostType;
  authorId: string;
  authorName: string;
  created_at: string;
  likedBy: string[];
  videoId: string | null;
  /** Taken down by moderation: in no list, and 404. */
  removed: boolean;
}

export interface MockCommunityComment {
  id: string;
  postId: string;
  content: string;
  authorId: string;
  authorName: string;
  created_at: string;
}

const MINUTE = 60_000;
let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const POST_TYPES: readonly PostType[] = ['discussion', 'review', 'guide', 'clip'];

/** The mock's posts and comments, seeded again whenever the mock database was reset (its users are new then). */
const state = { seededFor: '', posts: [] as MockCommunityPost[], comments: [] as MockCommunityComment[] };

const GAMES = ['Rocket League', 'Chess', 'Valorant', 'Target Rush', 'Minecraft'];
const TOPICS: [string, PostType, string][] = [
  ['Best camera settings for 1v1?', 'discussion', 'I keep losing track of the ball on kickoffs. What FOV and distance do you use?'],
  ['Patch notes thoughts', 'discussion', 'The new season changes a lot. Which change matters most for ranked?'],
  ['Beginner guide: rotations', 'guide', 'Rotate back post, never ball-chase, and leave space for your teammates. Here is the long version…'],
  ['Is the new map any good?', 'review', 'After 20 games: the sightlines are great, the mid is too open. 3.5/5.'],
  ['Looking for a duo partner', 'discussion', 'Gold rank, EU evenings. Anyone up for some games this week?'],
];

function reseed(): void {
  const ada = findUserByIdentifier('ada@example.com')?.user;
  const mira = findUserByIdentifier('mira@example.com')?.user;
  if (!ada || !mira) return;
  state.seededFor = ada.id;
  state.posts = [];
  state.comments = [];
  const now = Date.now();
  const authors = [
    { id: mira.id, name: mira.display_name },
    { id: 'player-kai', name: 'kai' },
    { id: 'player-nova', name: 'nova' },
  ];
  // 24 older posts (so the list pages), then the recent ones the tests and QA look at.
  for (let i = 0; i < 24; i += 1) {
    const [title, type, content] = TOPICS[i % TOPICS.length];
    const author = authors[i % authors.length];
    state.posts.push({
      id: nextId('post'),
      title: `${title} #${24 - i}`,
      content,
      game: GAMES[i % GAMES.length],
      type,
      authorId: author.id,
      authorName: author.name,
      created_at: new Date(now - (3 * 24 * 60 + i * 90) * MINUTE).toISOString(),
      likedBy: i % 3 === 0 ? ['player-kai'] : [],
      videoId: null,
      removed: false,
    });
  }
  const miraVideo = mediaDb.videos.find((v) => v.userId === mira.id && v.status === 'ready');
  const long = `${'Target Rush rewards speed over accuracy until you learn the rhythm. '.repeat(12)}\n\nThe last tip: keep your cursor near the centre between targets.`;
  state.posts.push(
    {
      id: nextId('post'),
      title: 'How I got 240 in Target Rush',
      content: long,
      game: 'Target Rush',
      type: 'guide',
      authorId: mira.id,
      authorName: mira.display_name,
      created_at: new Date(now - 5 * 60 * MINUTE).toISOString(),
      likedBy: ['player-kai', 'player-nova'],
      videoId: null,
      removed: false,
    },
    {
      id: nextId('post'),
      title: 'That last-second save',
      content: 'Watch till the end. I still cannot believe it went in.',
      game: 'Rocket League',
      type: 'clip',
      authorId: mira.id,
      authorName: mira.display_name,
      created_at: new Date(now - 2 * 60 * MINUTE).toISOString(),
      likedBy: [ada.id],
      videoId: miraVideo?.id ?? null,
      removed: false,
    },
    {
      id: nextId('post'),
      title: 'Chess openings for blitz',
      content: 'I play the London as white and the Caro-Kann as black. Fewer traps to learn, solid positions.',
      game: 'Chess',
      type: 'discussion',
      authorId: ada.id,
      authorName: ada.display_name,
      created_at: new Date(now - 30 * MINUTE).toISOString(),
      likedBy: [mira.id],
      videoId: null,
      removed: false,
    },
  );
  const chess = state.posts[state.posts.length - 1];
  state.comments.push(
    { id: nextId('comment'), postId: chess.id, content: 'The London is great until someone plays an early c5.', authorId: mira.id, authorName: mira.display_name, created_at: new Date(now - 20 * MINUTE).toISOString() },
    { id: nextId('comment'), postId: chess.id, content: 'Caro-Kann gang!', authorId: 'player-kai', authorName: 'kai', created_at: new Date(now - 10 * MINUTE).toISOString() },
  );
}

/** The mock's community (for tests and the moderation mock). */
export function communityDb(): typeof state {
  if (!mockDb.users.has(state.seededFor)) reseed();
  return state;
}

const visiblePost = (id: string) => communityDb().posts.find((p) => p.id === id && !p.removed);

/** What a report of a post is about (the moderation mock's target), or null when there is no such post. */
export function communityPostSnapshot(id: string) {
  const post = visiblePost(id);
  if (!post) return null;
  return {
    ownerUserId: post.authorId,
    title: post.title,
    description: null,
    text: post.content,
    channelName: null,
    handle: post.authorName,
    thumbnailUrl: null,
    mediaKind: null,
    mediaId: null,
  };
}

/** Moderation took a post down (true) or brought it back (false). */
export function setCommunityPostRemoved(id: string, removed: boolean): void {
  const post = communityDb().posts.find((p) => p.id === id);
  if (post) post.removed = removed;
}

export function communityPostDto(p: MockCommunityPost, viewerId?: string): CommunityPost {
  const video = p.videoId ? mediaDb.videos.find((v) => v.id === p.videoId) : undefined;
  return {
    id: p.id,
    title: p.title,
    content: p.content,
    game: p.game,
    type: p.type,
    author_id: p.authorId,
    author_name: p.authorName,
    created_at: p.created_at,
    likes: p.likedBy.length,
    comments: communityDb().comments.filter((c) => c.postId === p.id).length,
    liked: viewerId !== undefined && p.likedBy.includes(viewerId),
    is_mine: viewerId === p.authorId,
    video: video ? { id: video.id, title: video.title, thumbnail_url: video.thumbnail_url, duration: video.duration_seconds } : null,
  };
}

const commentDto = (c: MockCommunityComment, viewerId?: string): CommunityComment => ({
  id: c.id,
  content: c.content,
  author_id: c.authorId,
  author_name: c.authorName,
  created_at: c.created_at,
  is_mine: viewerId === c.authorId,
});

const postNotFound = () => errorBody(404, 'SOCIAL.POST_NOT_FOUND', 'Post not found');
const invalid = (field: string, message: string) => errorBody(400, 'VALIDATION_FAILED', message, [{ field, message }]);
const cursorOf = (p: { created_at: string; id: string }) => btoa(`${p.created_at}|${p.id}`);
const newestFirst = (a: MockCommunityPost, b: MockCommunityPost) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  } catch {
    return {};
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The server's answers for the gaming community (issue 15 contract). */
export const communityHandlers = [
  http.get('/api/gaming/community/posts', ({ request, response }) => {
    const me = caller(request)?.user.id;
    const query = new URL(request.url).searchParams;
    const game = query.get('game')?.trim().toLowerCase();
    const type = query.get('post_type');
    if (type && !POST_TYPES.includes(type as PostType)) return response(400).json(invalid('post_type', 'post_type must be one of discussion, review, guide, clip'));
    const limit = query.has('limit') ? Number(query.get('limit')) : 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return response(400).json(invalid('limit', 'limit must be a whole number from 1 to 50'));
    const before = query.get('before');
    const all = communityDb()
      .posts.filter((p) => !p.removed && (!game || p.game.toLowerCase() === game) && (!type || p.type === type))
      .sort(newestFirst);
    const start = before ? all.findIndex((p) => cursorOf(p) === before) + 1 : 0;
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    const headers = more && page.length > 0 ? { 'X-Next-Cursor': cursorOf(page[page.length - 1]) } : undefined;
    return response(200).json(
      page.map((p) => communityPostDto(p, me)),
      headers ? { headers } : undefined,
    );
  }),

  http.post('/api/gaming/community/post', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await bodyOf(request);
    const type = text(body.post_type) || 'discussion';
    if (!POST_TYPES.includes(type as PostType)) return response(400).json(invalid('post_type', 'post_type must be one of discussion, review, guide, clip'));
    const input = { title: text(body.title), game: text(body.game), content: text(body.content), post_type: type as PostType, video_id: text(body.video_id) || null };
    const errors = Object.entries(validatePost(input));
    if (errors.length > 0) return response(400).json(errorBody(400, 'VALIDATION_FAILED', errors[0][1] as string, errors.map(([field, message]) => ({ field, message: message as string }))));
    if (input.video_id) {
      if (input.post_type !== 'clip') return response(400).json(invalid('video_id', 'Only clip posts can attach a video'));
      const video = mediaDb.videos.find((v) => v.id === input.video_id && v.userId === me.user.id && v.status === 'ready');
      if (!video) return response(404).json(errorBody(404, 'SOCIAL.VIDEO_NOT_FOUND', 'Video not found'));
    }
    const post: MockCommunityPost = {
      id: nextId('post'),
      title: input.title.trim(),
      content: input.content.trim(),
      game: input.game.trim(),
      type: input.post_type,
      authorId: me.user.id,
      authorName: me.user.display_name,
      created_at: new Date().toISOString(),
      likedBy: [],
      videoId: input.video_id,
      removed: false,
    };
    communityDb().posts.push(post);
    return response(201).json(communityPostDto(post, me.user.id));
  }),

  http.get('/api/gaming/community/post/{id}', ({ request, params, response }) => {
    const post = visiblePost(params.id);
    if (!post) return response(404).json(postNotFound());
    return response(200).json(communityPostDto(post, caller(request)?.user.id));
  }),

  http.delete('/api/gaming/community/post/{id}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const post = visiblePost(params.id);
    if (!post || post.authorId !== me.user.id) return response(404).json(postNotFound());
    const db = communityDb();
    db.posts = db.posts.filter((p) => p.id !== post.id);
    db.comments = db.comments.filter((c) => c.postId !== post.id);
    return response(204).empty();
  }),

  http.post('/api/gaming/community/post/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const post = visiblePost(params.id);
    if (!post) return response(404).json(postNotFound());
    const liked = !post.likedBy.includes(me.user.id);
    post.likedBy = liked ? [...post.likedBy, me.user.id] : post.likedBy.filter((id) => id !== me.user.id);
    return response(200).json({ liked, likes: post.likedBy.length });
  }),

  http.get('/api/gaming/community/post/{id}/comments', ({ request, params, response }) => {
    const post = visiblePost(params.id);
    if (!post) return response(404).json(postNotFound());
    const me = caller(request)?.user.id;
    const list = communityDb()
      .comments.filter((c) => c.postId === post.id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((c) => commentDto(c, me));
    return response(200).json(list);
  }),

  http.post('/api/gaming/community/post/{id}/comments', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const post = visiblePost(params.id);
    if (!post) return response(404).json(postNotFound());
    const content = text((await bodyOf(request)).content).trim();
    if (!content) return response(400).json(invalid('content', COMMUNITY_MESSAGES.commentRequired));
    if (content.length > POST_LIMITS.comment) return response(400).json(invalid('content', COMMUNITY_MESSAGES.commentTooLong));
    const comment: MockCommunityComment = {
      id: nextId('comment'),
      postId: post.id,
      content,
      authorId: me.user.id,
      authorName: me.user.display_name,
      created_at: new Date().toISOString(),
    };
    communityDb().comments.push(comment);
    return response(201).json(commentDto(comment, me.user.id));
  }),

  http.delete('/api/gaming/community/post/{id}/comments/{commentId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const post = visiblePost(params.id);
    const comment = communityDb().comments.find((c) => c.id === params.commentId && c.postId === params.id);
    if (!post || !comment || (comment.authorId !== me.user.id && post.authorId !== me.user.id)) {
      return response(404).json(errorBody(404, 'SOCIAL.COMMENT_NOT_FOUND', 'Comment not found'));
    }
    const db = communityDb();
    db.comments = db.comments.filter((c) => c.id !== comment.id);
    return response(204).empty();
  }),
];

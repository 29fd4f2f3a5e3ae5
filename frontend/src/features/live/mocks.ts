import { HttpResponse } from 'msw';
import { mockDb } from '../../mocks/db';
import { liveDb, liveId, newKey, type MockLiveComment, type MockLiveStream, type MockSuperChat } from '../../mocks/liveDb';
import { errorBody, http } from '../../mocks/http';
import { caller, sessionInvalid } from '../../mocks/mediaHelpers';
import { emitToRoom, registerMockRooms, roomIdentityHandler, roomViewerCount } from '../../mocks/realtimeRooms';
import { checkoutAnswer, mockPaymentSession, returnOrigin } from '../payments/mocks';
import { SUPER_CHAT_MESSAGE_MAX, SUPER_CHAT_PACKAGES } from './messages';
import type { LiveComment, LiveStream, SuperChat, SuperChatPackageId } from './types';

const MINUTE = 60_000;
const room = (id: string) => `live:${id}`;
const usernameOf = (userId: string) => mockDb.users.get(userId)?.user.display_name ?? 'someone';
const findStream = (id: string) => liveDb.streams.find((s) => s.id === id);
const openStreams = () => liveDb.streams.filter((s) => s.status !== 'ended');
const revenueOf = (streamId: string) =>
  Math.round(liveDb.superChats.filter((c) => c.streamId === streamId && c.paid).reduce((sum, c) => sum + c.amount * 100, 0)) / 100;

/** Demo viewers, and the people with the stream's page open as the server counts them (the streamer is not one). */
function viewerCount(s: MockLiveStream): number {
  return s.status === 'ended' ? 0 : s.baseViewers + roomViewerCount(room(s.id), s.userId);
}

export function liveStreamDto(s: MockLiveStream, viewerId?: string): LiveStream {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    is_vertical: s.is_vertical,
    super_chat_enabled: s.super_chat_enabled,
    super_chat_revenue: revenueOf(s.id),
    viewer_count: viewerCount(s),
    likes: s.likedBy.length,
    username: usernameOf(s.userId),
    user_id: s.userId,
    status: s.status,
    liked: viewerId !== undefined && s.likedBy.includes(viewerId),
    slow_mode_seconds: s.slow_mode_seconds,
    created_at: s.created_at,
    record: s.record,
    recording_video_id: s.recording_video_id,
    live_at: s.live_at,
    ended_at: s.ended_at,
    room: room(s.id),
    game: s.game,
  };
}

const commentDto = ({ streamId: _streamId, ...c }: MockLiveComment): LiveComment => c;
export const superChatDto = ({ streamId: _s, paid: _p, sessionId: _i, ...c }: MockSuperChat): SuperChat => c;

function recentMessages(streamId: string): LiveComment[] {
  return liveDb.comments
    .filter((c) => c.streamId === streamId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, 50)
    .map(commentDto);
}

/** Room presence changed: the room hears its viewer count, as the server's tick tells it. */
registerMockRooms('live:', {
  exists: (name) => findStream(name.slice('live:'.length)) !== undefined,
  changed: (name) => {
    const s = findStream(name.slice('live:'.length));
    if (s) emitToRoom(name, { event: 'viewers', stream_id: s.id, viewer_count: viewerCount(s) });
  },
});

/** The stream's first media arrived (the studio's ingest mock calls this): created → live, and the room hears it. */
export function markMockStreamLive(id: string): void {
  const s = findStream(id);
  if (!s || s.status !== 'created') return;
  s.status = 'live';
  s.live_at = new Date().toISOString();
  emitToRoom(room(id), { event: 'status', stream_id: id, status: 'live' });
}

/** A paid Super Chat's fulfilment (payments mocks call it once): listed, pinned from now, and sent to the room. */
export function fulfilMockSuperChat(sessionId: string): void {
  const chat = liveDb.superChats.find((c) => c.sessionId === sessionId);
  if (!chat || chat.paid) return;
  const pkg = SUPER_CHAT_PACKAGES.find((p) => p.id === chat.package_id);
  chat.paid = true;
  chat.created_at = new Date().toISOString();
  chat.pinned_until = new Date(Date.now() + (pkg?.pinSeconds ?? 60) * 1000).toISOString();
  emitToRoom(room(chat.streamId), { event: 'super_chat', stream_id: chat.streamId, super_chat: superChatDto(chat), super_chat_revenue: revenueOf(chat.streamId) });
}

const notFound = () => errorBody(404, 'LIVE.STREAM_NOT_FOUND', 'Live stream not found');
const notOwner = () => errorBody(403, 'LIVE.NOT_OWNER', 'Only the streamer can do this');
const ended = () => errorBody(409, 'LIVE.ENDED', 'This live stream has ended');
const invalid = (field: string, message: string) => errorBody(400, 'VALIDATION_FAILED', message, [{ field, message }]);

/** A body sent as JSON, urlencoded or multipart, as the server reads it (formDto). */
async function formBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  } catch {
    return {};
  }
}

const flag = (value: unknown, fallback: boolean) =>
  value === undefined ? fallback : value === true || value === 'true' || value === '1' || value === 'on';

/** The server's answers for live streams, their chat, likes, moderation, stream keys and Super Chats. */
export const liveHandlers = [
  roomIdentityHandler,
  http.get('/api/live/streams', ({ request, response }) => {
    const me = caller(request)?.user.id;
    // `user_id`: only that user's stream on now (how a creator's page finds it again after a reload).
    const query = new URL(request.url).searchParams;
    const only = query.get('user_id');
    const limit = query.has('limit') ? Number(query.get('limit')) : 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return response(400).json(invalid('limit', 'limit must be a whole number from 1 to 100'));
    const list = openStreams()
      .filter((s) => !only || s.userId === only)
      .map((s) => liveStreamDto(s, me))
      .sort((a, b) => b.viewer_count - a.viewer_count || b.created_at.localeCompare(a.created_at))
      .slice(0, limit);
    return response(200).json(list);
  }),

  http.post('/api/live/start', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await formBody(request);
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (!title) return response(400).json(invalid('title', 'Please enter a title'));
    if (title.length > 100) return response(400).json(invalid('title', 'Title must be at most 100 characters'));
    if (openStreams().some((s) => s.userId === me.user.id)) {
      return response(409).json(errorBody(409, 'LIVE.ALREADY_LIVE', 'You already have a live stream: end it before starting another'));
    }
    const s: MockLiveStream = {
      id: liveId('live'),
      userId: me.user.id,
      title,
      description: typeof body.description === 'string' ? body.description.trim() : '',
      is_vertical: flag(body.is_vertical, false),
      super_chat_enabled: flag(body.super_chat_enabled, false),
      record: flag(body.record, true),
      status: 'created',
      likedBy: [],
      slow_mode_seconds: 0,
      created_at: new Date().toISOString(),
      live_at: null,
      ended_at: null,
      recording_video_id: null,
      game: null,
      baseViewers: 0,
    };
    liveDb.streams.push(s);
    return response(201).json(liveStreamDto(s, me.user.id));
  }),

  http.get('/api/live/key', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    liveDb.keys[me.user.id] ??= newKey();
    return response(200).json({ stream_key: liveDb.keys[me.user.id], server_url: liveDb.rtmp ? `rtmp://${new URL(request.url).hostname}:1935/live` : null });
  }),

  http.post('/api/live/key/regenerate', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    liveDb.keys[me.user.id] = newKey();
    return response(200).json({ stream_key: liveDb.keys[me.user.id], server_url: liveDb.rtmp ? `rtmp://${new URL(request.url).hostname}:1935/live` : null });
  }),

  http.get('/api/live/{id}', ({ request, params, response }) => {
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    return response(200).json(liveStreamDto(s, caller(request)?.user.id));
  }),

  http.post('/api/live/{id}/end', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    if (s.userId !== me.user.id) return response(403).json(notOwner());
    if (s.status === 'ended') return response(409).json(ended());
    s.status = 'ended';
    s.ended_at = new Date().toISOString();
    emitToRoom(room(s.id), { event: 'ended', stream_id: s.id });
    return response(200).json(liveStreamDto(s, me.user.id));
  }),

  http.post('/api/live/{id}/join', ({ request, params, response }) => {
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    return response(200).json({ stream: liveStreamDto(s, caller(request)?.user.id), messages: recentMessages(s.id) });
  }),

  http.get('/api/live/{id}/comments', ({ params, response }) => {
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    return response(200).json({ messages: recentMessages(s.id) });
  }),

  http.post('/api/live/{id}/comment', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    if (s.status === 'ended') return response(409).json(ended());
    const body = await formBody(request);
    const message = typeof body.message === 'string' ? body.message.trim() : '';
    if (!message) return response(400).json(invalid('message', 'Please enter a message'));
    if (message.length > 500) return response(400).json(invalid('message', 'Message must be at most 500 characters'));
    const until = liveDb.timeouts[`${s.id}:${me.user.id}`];
    if (until && Date.parse(until) > Date.now()) {
      const minutes = Math.ceil((Date.parse(until) - Date.now()) / MINUTE);
      return response(403).json(errorBody(403, 'LIVE.TIMED_OUT', `You are timed out of this chat for ${minutes} minute${minutes === 1 ? '' : 's'} more`));
    }
    if (s.slow_mode_seconds > 0 && s.userId !== me.user.id) {
      const last = liveDb.comments.find((c) => c.streamId === s.id && c.user_id === me.user.id && Date.now() - Date.parse(c.created_at) < s.slow_mode_seconds * 1000);
      if (last) {
        return response(429).json(errorBody(429, 'LIVE.SLOW_MODE', `Slow mode is on: one message every ${s.slow_mode_seconds} seconds.`));
      }
    }
    const comment: MockLiveComment = { id: liveId('lc'), streamId: s.id, user_id: me.user.id, username: me.user.display_name, message, created_at: new Date().toISOString() };
    liveDb.comments.push(comment);
    emitToRoom(room(s.id), { event: 'comment', stream_id: s.id, comment: commentDto(comment) });
    return response(201).json(commentDto(comment));
  }),

  http.delete('/api/live/{id}/comments/{commentId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    if (s.userId !== me.user.id) return response(403).json(notOwner());
    const index = liveDb.comments.findIndex((c) => c.id === params.commentId && c.streamId === s.id);
    if (index < 0) return response(404).json(errorBody(404, 'LIVE.MESSAGE_NOT_FOUND', 'Message not found'));
    liveDb.comments.splice(index, 1);
    emitToRoom(room(s.id), { event: 'comment_deleted', stream_id: s.id, id: params.commentId });
    return response(200).json({ id: params.commentId, deleted: true });
  }),

  http.put('/api/live/{id}/slow-mode', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    if (s.userId !== me.user.id) return response(403).json(notOwner());
    const body = await formBody(request);
    const seconds = Number(body.seconds);
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600) {
      return response(400).json(invalid('seconds', 'seconds must be a whole number from 0 (off) to 3600'));
    }
    s.slow_mode_seconds = seconds;
    emitToRoom(room(s.id), { event: 'slow_mode', stream_id: s.id, slow_mode_seconds: seconds });
    return response(200).json(liveStreamDto(s, me.user.id));
  }),

  http.post('/api/live/{id}/timeouts', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    if (s.userId !== me.user.id) return response(403).json(notOwner());
    const body = await formBody(request);
    const seconds = Number(body.seconds);
    const userId = typeof body.user_id === 'string' ? body.user_id : '';
    if (userId === me.user.id) return response(400).json(invalid('user_id', 'You cannot time yourself out'));
    if (!mockDb.users.has(userId)) return response(404).json(errorBody(404, 'LIVE.USER_NOT_FOUND', 'User not found'));
    if (!Number.isInteger(seconds) || seconds < 10 || seconds > 86_400) {
      return response(400).json(invalid('seconds', 'seconds must be a whole number from 10 to 86400 (10 seconds to 24 hours)'));
    }
    const until = new Date(Date.now() + seconds * 1000).toISOString();
    liveDb.timeouts[`${s.id}:${userId}`] = until;
    emitToRoom(room(s.id), { event: 'timeout', stream_id: s.id, user_id: userId, until });
    return response(200).json({ user_id: userId, until });
  }),

  http.post('/api/live/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const s = findStream(params.id);
    if (!s) return response(404).json(notFound());
    const liked = !s.likedBy.includes(me.user.id);
    s.likedBy = liked ? [...s.likedBy, me.user.id] : s.likedBy.filter((id) => id !== me.user.id);
    emitToRoom(room(s.id), { event: 'likes', stream_id: s.id, likes: s.likedBy.length });
    return response(200).json({ liked, likes: s.likedBy.length });
  }),

  // QA mode has no media: the playlist says the stream has not started, as the server does before its first media.
  http.get('/api/live/{id}/hls/index.m3u8', ({ response }) =>
    response.untyped(HttpResponse.json(errorBody(404, 'LIVE.NOT_STARTED', 'This live stream has not started yet'), { status: 404 })),
  ),

  http.get('/api/live/{id}/super-chat', ({ params, response }) => {
    if (!findStream(params.id)) return response(404).json(notFound());
    const list = liveDb.superChats
      .filter((c) => c.streamId === params.id && c.paid)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, 100)
      .map(superChatDto);
    return response(200).json({ super_chats: list, super_chat_revenue: revenueOf(params.id) });
  }),

  http.post('/api/super-chat/send', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await formBody(request);
    const s = findStream(typeof body.stream_id === 'string' ? body.stream_id : '');
    const pkg = SUPER_CHAT_PACKAGES.find((p) => p.id === body.package_id);
    const message = typeof body.message === 'string' ? body.message.trim() : '';
    const refuse = (status: 400 | 403 | 404 | 409, code: string, detail: string, field?: string) =>
      response(status).json(errorBody(status, code, detail, field ? [{ field, message: detail }] : undefined));
    if (!pkg) return refuse(400, 'VALIDATION_FAILED', 'package_id must be one of small, medium, large, mega', 'package_id');
    if (!message) return refuse(400, 'VALIDATION_FAILED', 'Please enter a message', 'message');
    if (message.length > SUPER_CHAT_MESSAGE_MAX) return refuse(400, 'VALIDATION_FAILED', 'Super Chat messages can be at most 200 characters', 'message');
    if (!s) return refuse(404, 'LIVE.STREAM_NOT_FOUND', 'Live stream not found');
    if (s.status === 'ended') return refuse(409, 'LIVE.ENDED', 'This live stream has ended');
    if (!s.super_chat_enabled) return refuse(403, 'SUPER_CHAT.DISABLED', 'Super Chat is not enabled for this stream');
    if (s.userId === me.user.id) return refuse(403, 'SUPER_CHAT.OWN_STREAM', 'You cannot Super Chat your own stream');
    const origin = returnOrigin(body.origin_url, request);
    if (!origin) return refuse(400, 'PAYMENTS.BAD_ORIGIN_URL', 'origin_url must be an address of this site', 'origin_url');
    const session = mockPaymentSession({
      userId: me.user.id,
      purpose: 'super_chat',
      package: pkg.id,
      packageName: `Super Chat ${pkg.label}`,
      amountCents: Math.round(pkg.amount * 100),
    });
    liveDb.superChats.push({
      id: liveId('sc'),
      streamId: s.id,
      username: me.user.display_name,
      amount: pkg.amount,
      message,
      color: pkg.color,
      package_id: pkg.id as SuperChatPackageId,
      user_id: me.user.id,
      created_at: new Date().toISOString(),
      pinned_until: new Date().toISOString(),
      paid: false,
      sessionId: session.id,
    });
    return response(201).json(checkoutAnswer(session, origin));
  }),
];

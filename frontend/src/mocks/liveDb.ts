import type { LiveComment, LiveStream, SuperChat } from '../features/live/types';

let sequence = 0;
/** Ids of the mock's live data (streams, chat messages, Super Chats). */
export function liveId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

/** A stream as the mock server keeps it. */
export interface MockLiveStream {
  id: string;
  userId: string;
  title: string;
  description: string;
  is_vertical: boolean;
  super_chat_enabled: boolean;
  record: boolean;
  status: LiveStream['status'];
  /** Users who like it. */
  likedBy: string[];
  slow_mode_seconds: number;
  created_at: string;
  live_at: string | null;
  ended_at: string | null;
  recording_video_id: string | null;
  game: string | null;
  /** Demo data only: people watching from elsewhere (QA mode has no other viewers), added to the room's sockets. */
  baseViewers: number;
}

export interface MockLiveComment extends LiveComment {
  streamId: string;
}

export interface MockSuperChat extends SuperChat {
  streamId: string;
  /** Listed once its checkout is paid. */
  paid: boolean;
  sessionId: string;
}

/** The mock server's live data (reset with the rest of the mock database). */
export const liveDb = {
  streams: [] as MockLiveStream[],
  comments: [] as MockLiveComment[],
  superChats: [] as MockSuperChat[],
  /** user id → stream key */
  keys: {} as Record<string, string>,
  /** `${streamId}:${userId}` → until (ISO) */
  timeouts: {} as Record<string, string>,
  /** Whether RTMP ingest is on (server_url null when off). */
  rtmp: true,
};

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

export function newKey(): string {
  return `live_${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}`;
}

/** The demo's live stream: mira on the harbour, with a chat and one Super Chat (QA mode and tests). */
export function resetLiveDb(people: { ada: { userId: string; name: string }; mira: { userId: string; name: string } } | null): void {
  liveDb.streams = [];
  liveDb.comments = [];
  liveDb.superChats = [];
  liveDb.keys = {};
  liveDb.timeouts = {};
  liveDb.rtmp = true;
  if (!people) return;
  const harbour: MockLiveStream = {
    id: liveId('live'),
    userId: people.mira.userId,
    title: 'Harbour live: the boats come in',
    description: 'Evening on the quay, live. Say hi in the chat!',
    is_vertical: false,
    super_chat_enabled: true,
    record: true,
    status: 'live',
    likedBy: [people.ada.userId],
    slow_mode_seconds: 0,
    created_at: ago(42),
    live_at: ago(41),
    ended_at: null,
    recording_video_id: null,
    game: null,
    baseViewers: 12,
  };
  liveDb.streams.push(harbour);
  liveDb.comments.push(
    { id: liveId('lc'), streamId: harbour.id, user_id: people.ada.userId, username: people.ada.name, message: 'The light on the water!', created_at: ago(30) },
    { id: liveId('lc'), streamId: harbour.id, user_id: people.mira.userId, username: people.mira.name, message: 'Welcome everyone, the first boat is coming in.', created_at: ago(35) },
  );
  liveDb.superChats.push({
    id: liveId('sc'),
    streamId: harbour.id,
    username: people.ada.name,
    amount: 4.99,
    message: 'For the coffee on the quay',
    color: 'green',
    package_id: 'medium',
    user_id: people.ada.userId,
    created_at: ago(20),
    pinned_until: ago(18),
    paid: true,
    sessionId: 'cs_demo',
  });
}

export function snapshotLiveDb() {
  return { streams: liveDb.streams, comments: liveDb.comments, superChats: liveDb.superChats, keys: liveDb.keys, timeouts: liveDb.timeouts };
}

export function restoreLiveDb(data: ReturnType<typeof snapshotLiveDb> | undefined): void {
  if (!data) return;
  liveDb.streams = data.streams ?? [];
  liveDb.comments = data.comments ?? [];
  liveDb.superChats = data.superChats ?? [];
  liveDb.keys = data.keys ?? {};
  liveDb.timeouts = data.timeouts ?? {};
}


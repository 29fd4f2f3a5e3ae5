import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import type { ChatMessage } from './chat-message.js';
import type { LiveStream } from './live-stream.js';
import type { SuperChat } from './super-chat.js';

export interface LiveStreamRepository {
  find(id: string, opts?: { lock?: boolean }): Promise<LiveStream | null>;
  /** The user's stream that has not ended, if any. */
  openOf(userId: string): Promise<LiveStream | null>;
  add(stream: LiveStream): Promise<void>;
  /** Writes status, times and slow mode. */
  save(stream: LiveStream): Promise<void>;
  /** Notes the video a stream's recording became (once, and only while its recording is wanted: else false). */
  setRecording(streamId: string, mediaId: string): Promise<boolean>;
  /** Which of these ids are streams that have not ended (one read). */
  openAmong(ids: string[]): Promise<Set<string>>;
  /** Streams that have not ended (only those with a game when `gaming`): the most watched first, then the newest. */
  listOpen(limit: number, opts?: { gaming?: boolean; userId?: string }): Promise<LiveStream[]>;
  /** Adds the user's like, or takes it back; returns whether they like it now and the stream's count. */
  toggleLike(streamId: string, userId: string, now: Date): Promise<{ liked: boolean; likes: number }>;
  /** Which of the streams the user likes. */
  likedBy(userId: string, streamIds: string[]): Promise<Set<string>>;
  /** How many streams there have been (any status). */
  count(): Promise<number>;
}

export interface LiveChatRepository {
  add(message: ChatMessage): Promise<void>;
  /** The newest `limit` messages not deleted, newest first. */
  recent(streamId: string, limit: number): Promise<ChatMessage[]>;
  find(streamId: string, id: string): Promise<ChatMessage | null>;
  /** Marks the message deleted; false when it was already. */
  markDeleted(id: string, at: Date): Promise<boolean>;
  /** Messages the user sent (any stream) after `since`, and the oldest of them. */
  sentSince(userId: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  /** When the user last sent a message to the stream. */
  lastSentAt(streamId: string, userId: string): Promise<Date | null>;
  /** Times the user out of the stream's chat until `until` (replacing a timeout in force). */
  setTimeout(streamId: string, userId: string, until: Date, now: Date): Promise<void>;
  timedOutUntil(streamId: string, userId: string): Promise<Date | null>;
}

/**
 * Who has a stream open now, across every server process: a signed-in user counts once however many pages they have
 * open; a visitor (userId null) once per client address and stream (per socket when the address is not known).
 */
export interface LivePresence {
  joined(streamId: string, socketId: string, userId: string | null, address?: string): Promise<void>;
  left(streamId: string, socketId: string): Promise<void>;
  /** People watching each stream now (by id; unknown ids are left out), its owner not counted, in one read. */
  viewerCounts(streamIds: string[]): Promise<Map<string, number>>;
}

/** What the stream's open pages hear (the realtime room `live:<id>`, on whichever process holds each socket). */
export interface LiveEvents {
  publish(streamId: string, event: Record<string, unknown>): Promise<void>;
}

export interface UserDirectory {
  usernames(userIds: string[]): Promise<Map<string, string>>;
  exists(userId: string): Promise<boolean>;
}

/** The time, injectable so that tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export type LiveUnitOfWork = UnitOfWork;

/** Each user's one RTMP stream key (stored hashed and sealed; see Migration20261124310000_live_ingest). */
export interface StreamKeyRepository {
  /** The user's key, or null when they have none yet. */
  keyOf(userId: string): Promise<string | null>;
  /** Gives the user this key unless they have one (concurrent calls keep one). */
  addIfAbsent(userId: string, key: string, now: Date): Promise<void>;
  /** Replaces the user's key (the old one stops working at once). */
  replace(userId: string, key: string, now: Date): Promise<void>;
  /** Whose key this is, or null. */
  userOfKey(key: string): Promise<string | null>;
  /** Which of these keys are still someone's key (one read; a regenerated key is no longer). */
  stillValid(keys: string[]): Promise<Set<string>>;
  /** A publish token for the stream (stream-key.ts: signed with the server's secret, valid a minute). */
  publishToken(streamId: string, now: Date): string;
  /** The stream a publish token names, or null (malformed, forged, expired). */
  streamOfPublishToken(token: string, now: Date): string | null;
}

/** Where a finished stream's recording goes: an ordinary video of its owner, through the catalog's processing. */
export interface LiveRecordings {
  /** Publishes the file as a video of the user (the caller keeps its file); returns the video's id. */
  publish(userId: string, fields: { title: string; description: string }, path: string): Promise<string>;
  /** Takes a video published from a recording down again, files and all (it lost a race: see publishRecording). */
  discard(mediaId: string): Promise<void>;
}

/** What the ingest is told by the HTTP side: a stream ended (stop its publisher, keep or drop its recording). */
export interface LiveIngestControl {
  ended(streamId: string): Promise<void>;
}

export const LIVE_STREAMS = Symbol('LiveStreamRepository');
export const LIVE_CHAT = Symbol('LiveChatRepository');
export const LIVE_PRESENCE = Symbol('LivePresence');
export const LIVE_EVENTS = Symbol('LiveEvents');
export const LIVE_USERS = Symbol('LiveUserDirectory');
export const LIVE_CLOCK = Symbol('LiveClock');
export const LIVE_UNIT_OF_WORK = Symbol('LiveUnitOfWork');
/** A live stream's LL-HLS files as its ingest writes them, readable from any server process. */
export interface LiveHlsFiles {
  /**
   * The playlist; with `msn` (and `part`), a blocking reload: waits, a few seconds at most, until the playlist holds
   * that segment (or that part of it). Null when the stream has no playlist (no media yet).
   */
  playlist(streamId: string, want: { msn?: number; part?: number }): Promise<string | null>;
  /** An init, part or segment file; a part announced as coming (PRELOAD-HINT) is waited for briefly. Null when absent. */
  file(streamId: string, name: string): Promise<Buffer | null>;
}

export const LIVE_HLS = Symbol('LiveHlsFiles');
export const LIVE_KEYS = Symbol('StreamKeyRepository');
export const LIVE_RECORDINGS = Symbol('LiveRecordings');
export const LIVE_INGEST = Symbol('LiveIngestControl');

/** The realtime room of a stream. */
export const liveRoom = (streamId: string) => `live:${streamId}`;

/** Paid Super Chats (written inside the payment's fulfilment transaction). */
export interface SuperChatRepository {
  /** Records it, once per payment session: false when that session's Super Chat was recorded already. */
  add(superChat: SuperChat): Promise<boolean>;
  find(id: string): Promise<SuperChat | null>;
  /** The stream's newest `limit`, newest first. */
  recent(streamId: string, limit: number): Promise<SuperChat[]>;
}

/**
 * Gross Super Chat revenue per stream, in cents, as the ledger has it (monetization's: it registers its reader at
 * start-up through LiveFacade.useSuperChatRevenue). Unknown streams are left out; one read for any number of streams.
 */
export type SuperChatRevenueReader = (streamIds: string[]) => Promise<Map<string, number>>;

export const LIVE_SUPER_CHATS = Symbol('SuperChatRepository');

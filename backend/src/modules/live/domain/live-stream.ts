import { randomUUID } from 'node:crypto';
import { LIVE_MESSAGES, liveErrors } from './live.errors.js';
import { superChatErrors } from './super-chat.js';
import { DESCRIPTION_MAX, GAME_MAX, SLOW_MODE_MAX_SECONDS, TIMEOUT_MAX_SECONDS, TIMEOUT_MIN_SECONDS, TITLE_MAX } from './live.rules.js';

export type LiveStatus = 'created' | 'live' | 'ended';

export interface StartInput {
  title: string;
  description: string;
  isVertical: boolean;
  superChatEnabled: boolean;
  /** Whether the recording becomes a video of the owner when the stream ends (default true). */
  record?: boolean;
  /** The game of a gaming stream (POST /api/gaming/start-stream); null or absent for other streams. */
  game?: string | null;
}

export interface LiveStreamProps extends StartInput {
  record: boolean;
  game: string | null;
  /** The video the recording became (set once, after the stream ended). */
  recordingMediaId: string | null;
  id: string;
  userId: string;
  status: LiveStatus;
  slowModeSeconds: number;
  likes: number;
  createdAt: Date;
  liveAt: Date | null;
  endedAt: Date | null;
}

/**
 * A live stream: `created` when its owner starts it, `live` once media arrives (markLive, called by the ingest),
 * `ended` when its owner ends it. One per user that has not ended (the repository's partial unique index holds it).
 * Only its owner ends it and moderates its chat; its limits (title, description, slow mode, timeouts) hold here for any
 * caller, the request DTOs checking them first. Media comes over RTMP with the owner's stream key (see StreamKey); when
 * it ends, its recording becomes a video of the owner unless `record` is false.
 */
export class LiveStream implements LiveStreamProps {
  id: string;
  userId: string;
  title: string;
  description: string;
  isVertical: boolean;
  superChatEnabled: boolean;
  record: boolean;
  game: string | null;
  recordingMediaId: string | null;
  status: LiveStatus;
  slowModeSeconds: number;
  likes: number;
  createdAt: Date;
  liveAt: Date | null;
  endedAt: Date | null;

  constructor(p: LiveStreamProps) {
    Object.assign(this, p);
  }

  static start(userId: string, input: StartInput, now: Date): LiveStream {
    const title = input.title.trim();
    const description = input.description.trim();
    if (!title) throw liveErrors.invalid('title', LIVE_MESSAGES.titleRequired);
    if (title.length > TITLE_MAX) throw liveErrors.invalid('title', LIVE_MESSAGES.titleTooLong);
    if (description.length > DESCRIPTION_MAX) throw liveErrors.invalid('description', LIVE_MESSAGES.descriptionTooLong);
    let game: string | null = null;
    if (input.game !== undefined && input.game !== null) {
      game = input.game.trim();
      if (!game) throw liveErrors.invalid('game', LIVE_MESSAGES.gameRequired);
      if (game.length > GAME_MAX) throw liveErrors.invalid('game', LIVE_MESSAGES.gameTooLong);
    }
    return new LiveStream({ ...input, game, record: input.record ?? true, recordingMediaId: null, title, description, id: randomUUID(), userId, status: 'created', slowModeSeconds: 0, likes: 0, createdAt: now, liveAt: null, endedAt: null });
  }

  get ended(): boolean {
    return this.status === 'ended';
  }

  isOwner(userId: string): boolean {
    return this.userId === userId;
  }

  assertOwner(userId: string): void {
    if (!this.isOwner(userId)) throw liveErrors.notOwner();
  }

  assertOpen(): void {
    if (this.ended) throw liveErrors.ended();
  }

  /** Whether `userId` may send this stream a Super Chat: it has not ended, takes them, and is not their own. */
  assertAcceptsSuperChatFrom(userId: string): void {
    this.assertOpen();
    if (!this.superChatEnabled) throw superChatErrors.disabled();
    if (this.isOwner(userId)) throw superChatErrors.ownStream();
  }

  /** First media arrived: `created` becomes `live`. Returns whether it changed (an ended or live stream stays as it is). */
  markLive(now: Date): boolean {
    if (this.status !== 'created') return false;
    this.status = 'live';
    this.liveAt = now;
    return true;
  }

  end(byUserId: string, now: Date): void {
    this.assertOwner(byUserId);
    this.assertOpen();
    this.status = 'ended';
    this.endedAt = now;
  }

  setSlowMode(byUserId: string, seconds: number): void {
    this.assertOwner(byUserId);
    this.assertOpen();
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > SLOW_MODE_MAX_SECONDS) throw liveErrors.invalid('seconds', LIVE_MESSAGES.slowMode);
    this.slowModeSeconds = seconds;
  }

  /** The streamer times another user out of the chat for 10 s to 24 h: returns when it ends. */
  timeOut(byUserId: string, userId: string, seconds: number, now: Date): Date {
    this.assertOwner(byUserId);
    this.assertOpen();
    if (userId === byUserId) throw liveErrors.selfTimeout();
    if (!Number.isInteger(seconds) || seconds < TIMEOUT_MIN_SECONDS || seconds > TIMEOUT_MAX_SECONDS) throw liveErrors.invalid('seconds', LIVE_MESSAGES.timeoutSeconds);
    return new Date(now.getTime() + seconds * 1000);
  }
}

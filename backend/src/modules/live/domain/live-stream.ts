import { randomUUID } from 'node:crypto';
import { liveErrors } from './live.errors.js';

export type LiveStatus = 'created' | 'live' | 'ended';

export interface StartInput {
  title: string;
  description: string;
  isVertical: boolean;
  superChatEnabled: boolean;
  /** Whether the recording becomes a video of the owner when the stream ends (default true). */
  record?: boolean;
}

export interface LiveStreamProps extends StartInput {
  record: boolean;
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
 * Only its owner ends it and moderates its chat. Media comes over RTMP with the owner's stream key (see StreamKey); when
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
    if (!title) throw new Error('a live stream needs a title'); // the DTO refuses a blank title first
    return new LiveStream({ ...input, record: input.record ?? true, recordingMediaId: null, title, description: input.description.trim(), id: randomUUID(), userId, status: 'created', slowModeSeconds: 0, likes: 0, createdAt: now, liveAt: null, endedAt: null });
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
    this.slowModeSeconds = seconds;
  }
}

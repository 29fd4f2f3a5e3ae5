import { Inject, Injectable } from '@nestjs/common';
import type { LiveStream } from '../domain/live-stream.js';
import { LIVE_CLOCK, LIVE_KEYS, LIVE_RECORDINGS, LIVE_STREAMS, type Clock, type LiveRecordings, type LiveStreamRepository, type StreamKeyRepository } from '../domain/ports.js';
import { PUBLISH_TOKEN_RE, STREAM_KEY_RE } from '../domain/stream-key.js';
import { MarkLiveUseCase } from './mark-live.use-case.js';

/** What the RTMP ingest asks of live: whose stream a key publishes to, first media, the end's recording. */
@Injectable()
export class LiveIngestUseCases {
  constructor(
    @Inject(LIVE_KEYS) private readonly keys: StreamKeyRepository,
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_RECORDINGS) private readonly recordings: LiveRecordings,
    private readonly markLiveUseCase: MarkLiveUseCase,
    @Inject(LIVE_CLOCK) private readonly clock: Clock,
  ) {}

  /** The open stream (created or live) a key may publish to; null for an unknown key or a user with no open stream. */
  async streamForKey(key: string): Promise<LiveStream | null> {
    if (PUBLISH_TOKEN_RE.test(key)) {
      const id = this.keys.streamOfPublishToken(key, this.clock.now());
      const stream = id ? await this.streams.find(id) : null;
      return stream && !stream.ended ? stream : null;
    }
    if (!STREAM_KEY_RE.test(key)) return null;
    const userId = await this.keys.userOfKey(key);
    return userId ? this.streams.openOf(userId) : null;
  }

  /** Which of these stream keys were regenerated since (no longer anyone's): their publishers are disconnected. */
  async revokedKeys(keys: string[]): Promise<string[]> {
    const valid = await this.keys.stillValid(keys);
    return keys.filter((k) => !valid.has(k));
  }

  /** Whether the stream is still open (not ended, not gone). */
  async isOpen(streamId: string): Promise<boolean> {
    const s = await this.streams.find(streamId);
    return !!s && !s.ended;
  }

  /** Which of these streams have ended (or are gone), in one read. */
  async endedAmong(streamIds: string[]): Promise<string[]> {
    const open = await this.streams.openAmong(streamIds);
    return streamIds.filter((id) => !open.has(id));
  }

  /** Whether the stream's owner wants its recording (null: no such stream). */
  async recordOf(streamId: string): Promise<boolean | null> {
    return (await this.streams.find(streamId))?.record ?? null;
  }

  firstMedia(streamId: string): Promise<boolean> {
    return this.markLiveUseCase.execute(streamId);
  }

  /**
   * The recording of an ended stream becomes a video of its owner (title and description of the stream), once:
   * null when the stream is not ended, opted out, or its recording was published already.
   */
  async publishRecording(streamId: string, path: string | null): Promise<string | null> {
    const s = await this.streams.find(streamId);
    if (!s || !s.ended || !s.record || s.recordingMediaId || !path) return null;
    const mediaId = await this.recordings.publish(s.userId, { title: s.title, description: s.description }, path);
    // Noted only if no other run noted one meanwhile and the recording is still wanted (moderation may have removed
    // the stream while the video was being made): otherwise this video goes again, so none is left over.
    if (await this.streams.setRecording(s.id, mediaId)) return mediaId;
    await this.recordings.discard(mediaId);
    return null;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { liveErrors } from '../domain/live.errors.js';
import type { LiveStatus } from '../domain/live-stream.js';
import { LIVE_HLS_FILE_RE } from '../domain/live.rules.js';
import { LIVE_HLS, LIVE_STREAMS, type LiveHlsFiles, type LiveStreamRepository } from '../domain/ports.js';

/** How long a process trusts a stream's status it read (players ask several times a second). */
const STATUS_TTL_MS = 1000;

/**
 * Watching a live stream: anyone may, while it is `live` (as the list shows it); before its first media 404
 * (LIVE.NOT_STARTED), once ended 410 (LIVE.ENDED). The files come from the ingest's directory, whichever process asks.
 */
@Injectable()
export class LivePlaybackQuery {
  private readonly statuses = new Map<string, { status: LiveStatus | null; at: number }>();

  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_HLS) private readonly files: LiveHlsFiles,
  ) {}

  async playlist(streamId: string, want: { msn?: number; part?: number }): Promise<string> {
    const id = await this.watchable(streamId);
    const text = await this.files.playlist(id, want);
    if (text === null) throw liveErrors.notStarted();
    return text;
  }

  async file(streamId: string, name: string): Promise<Buffer> {
    if (!LIVE_HLS_FILE_RE.test(name)) throw liveErrors.fileNotFound();
    const id = await this.watchable(streamId);
    const body = await this.files.file(id, name);
    if (!body) throw liveErrors.fileNotFound();
    return body;
  }

  private async watchable(streamId: string): Promise<string> {
    if (!isUuid(streamId)) throw liveErrors.streamNotFound();
    const id = streamId.toLowerCase();
    const status = await this.statusOf(id);
    if (status === null) throw liveErrors.streamNotFound();
    if (status === 'ended') throw liveErrors.playbackEnded();
    if (status === 'created') throw liveErrors.notStarted();
    return id;
  }

  private async statusOf(id: string): Promise<LiveStatus | null> {
    const now = Date.now();
    const known = this.statuses.get(id);
    if (known && now - known.at < STATUS_TTL_MS) return known.status;
    const status = (await this.streams.find(id))?.status ?? null;
    if (this.statuses.size > 10_000) this.statuses.clear();
    this.statuses.set(id, { status, at: now });
    return status;
  }
}

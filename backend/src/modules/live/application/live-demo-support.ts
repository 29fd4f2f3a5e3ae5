import { Inject, Injectable } from '@nestjs/common';
import { LIVE_INGEST_ENDPOINT, type LiveIngestEndpoint } from '../domain/live-content.js';
import { LIVE_STREAMS, type LiveStreamRepository } from '../domain/ports.js';
import { EndLiveStreamUseCase } from './end-live-stream.use-case.js';
import { StartLiveStreamUseCase } from './start-live-stream.use-case.js';
import { StreamKeyUseCases } from './stream-key.use-cases.js';

/**
 * What the demo's live stream needs of live (the demo context publishes into the RTMP ingest as OBS would): the
 * ingest's port in this process, its creator's open stream, starting and ending it and a publish token for it (so that the creator's key is in no command line), each through
 * the use case a person's request goes through.
 */
@Injectable()
export class LiveDemoSupport {
  constructor(
    @Inject(LIVE_STREAMS) private readonly streams: LiveStreamRepository,
    @Inject(LIVE_INGEST_ENDPOINT) private readonly endpoint: LiveIngestEndpoint,
    private readonly starter: StartLiveStreamUseCase,
    private readonly ender: EndLiveStreamUseCase,
    private readonly keys: StreamKeyUseCases,
  ) {}

  ingestPort(): number | null {
    return this.endpoint.port;
  }

  async openStreamOf(userId: string): Promise<{ id: string; status: 'created' | 'live' } | null> {
    const s = await this.streams.openOf(userId);
    return s && s.status !== 'ended' ? { id: s.id, status: s.status } : null;
  }

  async start(userId: string, input: { title: string; description: string; isVertical: boolean; superChatEnabled: boolean; record: boolean; game?: string | null }): Promise<string> {
    return (await this.starter.execute(userId, input)).stream.id;
  }

  publishToken(streamId: string): string {
    return this.keys.publishToken(streamId);
  }

  async endOpen(userId: string): Promise<boolean> {
    const s = await this.streams.openOf(userId);
    if (!s) return false;
    await this.ender.execute(userId, s.id);
    return true;
  }
}

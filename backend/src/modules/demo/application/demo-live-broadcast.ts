import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LiveFacade } from '../../live/live.facade.js';
import { DEMO_LIVE } from '../domain/demo-plan.js';
import { DEMO_LIVE_PUBLISHER, DEMO_MARK, DEMO_MARKS, DEMO_MEDIA_MAKER, type DemoMarks, type DemoMediaMaker, type LivePublisher, type RunningPublisher } from '../domain/ports.js';

/** How often the broadcast looks at its conditions (the demo there, not removed, `live` on, the publisher up). */
export const DEMO_LIVE_CHECK_MS = 10_000;
/** A publisher that dies is started again after this, doubling up to DEMO_LIVE_MAX_BACKOFF_MS while it keeps dying. */
export const DEMO_LIVE_FIRST_BACKOFF_MS = 2_000;
export const DEMO_LIVE_MAX_BACKOFF_MS = 60_000;
/** A publisher that ran this long was healthy: the next death starts from the first backoff again. */
const HEALTHY_RUN_MS = 60_000;

/**
 * The demo's live stream (product.md §13): its creator (DEMO_LIVE.creator) is live with real video, a generated loop
 * published into this process's RTMP ingest as OBS would (naming a publish token for the stream, not the creator's key). It runs only with DEMO_DATA,
 * in the process that runs the ingest (the media/jobs worker; a test app opens no RTMP port unless asked), and only
 * while the `live` feature is on (off: the publisher stops, and starts again once it is back on). A publisher that dies
 * is started again with a doubling backoff; the app's shutdown stops it. `demo:remove` ends the stream and marks the
 * demo removed: the broadcast then stops for good, as it does when someone else (moderation) ended the stream.
 */
@Injectable()
export class DemoLiveBroadcast implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Demo');
  private readonly abort = new AbortController();
  private timer?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  private publisher: RunningPublisher | null = null;
  private backoffMs = DEMO_LIVE_FIRST_BACKOFF_MS;
  private nextStartAt = 0;
  private finished = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly orm: MikroORM,
    @Inject(DEMO_MARKS) private readonly marks: DemoMarks,
    @Inject(DEMO_MEDIA_MAKER) private readonly maker: DemoMediaMaker,
    @Inject(DEMO_LIVE_PUBLISHER) private readonly publishers: LivePublisher,
    private readonly identity: IdentityFacade,
    private readonly live: LiveFacade,
    private readonly features: FeatureFlags,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The publisher's process id while one runs (for the status and tests). */
  get pid(): number | null {
    return this.publisher?.pid ?? null;
  }

  /** Whether the broadcast stopped for good (the demo was removed, or its stream ended by someone else). */
  get stopped(): boolean {
    return this.finished;
  }

  onApplicationBootstrap(): void {
    if (!this.config.demoData) return;
    this.timer = setInterval(() => void this.tick(), DEMO_LIVE_CHECK_MS);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.finished = true;
    this.abort.abort();
    clearInterval(this.timer);
    clearTimeout(this.retry);
    await this.running?.catch(() => undefined);
    await this.stopPublisher();
  }

  /** One look at the conditions, acting on them (one at a time; a look while one runs waits for it). */
  tick(): Promise<void> {
    this.running ??= this.step()
      .catch((e: Error) => this.logger.warn(`demo live stream: ${e.message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private ctx<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  private async step(): Promise<void> {
    if (this.finished || !this.config.demoData) return;
    const port = this.live.ingestPort();
    if (port === null) return;
    if (await this.ctx(() => this.marks.has(DEMO_MARK.removed))) return this.finish('the demo data was removed');
    if (!this.features.isEnabled('live')) {
      if (this.publisher) this.logger.log('Demo live stream paused: the live feature is off');
      return this.stopPublisher();
    }
    const userId = await this.creatorId();
    if (!userId) return; // the demo is still being seeded
    let stream = await this.ctx(() => this.live.openStreamOf(userId));
    if (!stream) {
      if (await this.ctx(() => this.marks.has(DEMO_MARK.liveStarted))) return this.finish('its stream was ended');
      const id = await this.ctx(() =>
        this.live.startStream(userId, { title: DEMO_LIVE.title, description: DEMO_LIVE.description, isVertical: false, superChatEnabled: true, record: false, game: DEMO_LIVE.game }),
      );
      await this.ctx(() => this.marks.mark(DEMO_MARK.liveStarted));
      stream = { id, status: 'created' };
    } else await this.ctx(() => this.marks.mark(DEMO_MARK.liveStarted));
    if (this.publisher || Date.now() < this.nextStartAt) return;
    const loop = await this.maker.liveLoop(DEMO_LIVE.loop, this.abort.signal);
    if (this.finished || this.publisher) return;
    this.startPublisher(loop, `rtmp://127.0.0.1:${port}/live/${this.live.publishTokenFor(stream.id)}`);
  }

  private async creatorId(): Promise<string | null> {
    const ids = await this.ctx(() => this.identity.demoUserIds());
    if (!ids.length) return null;
    const names = await this.ctx(() => this.identity.usernames(ids));
    return ids.find((id) => names.get(id) === DEMO_LIVE.creator) ?? null;
  }

  private startPublisher(loop: string, url: string): void {
    const started = Date.now();
    const p = this.publishers.start(loop, url);
    this.publisher = p;
    this.logger.log(`Demo live stream: ${DEMO_LIVE.creator} is publishing (ffmpeg pid ${p.pid ?? '?'})`);
    void p.exited.then(({ code, signal, detail }) => {
      if (this.publisher !== p) return; // stopped on purpose
      this.publisher = null;
      if (this.finished) return;
      if (Date.now() - started >= HEALTHY_RUN_MS) this.backoffMs = DEMO_LIVE_FIRST_BACKOFF_MS;
      this.logger.warn(`Demo live stream publisher ended (${signal ?? `exit ${code}`}${detail ? `: ${detail}` : ''}); starting it again in ${this.backoffMs / 1000} s`);
      this.nextStartAt = Date.now() + this.backoffMs;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.tick(), this.backoffMs);
      this.retry.unref();
      this.backoffMs = Math.min(this.backoffMs * 2, DEMO_LIVE_MAX_BACKOFF_MS);
    });
  }

  private async stopPublisher(): Promise<void> {
    const p = this.publisher;
    this.publisher = null;
    await p?.stop();
  }

  private async finish(why: string): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.timer);
    clearTimeout(this.retry);
    await this.stopPublisher();
    this.logger.log(`Demo live stream stopped for good: ${why}`);
  }
}

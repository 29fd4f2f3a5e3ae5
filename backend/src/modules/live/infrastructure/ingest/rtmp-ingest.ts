import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { isUuid } from '../../../../common/keyset.js';
import { processRole } from '../../../../common/supervisor-link.js';
import { FeatureFlags } from '../../../../common/features/feature-flags.js';
import { LiveIngestUseCases } from '../../application/live-ingest.use-cases.js';
import { STREAM_KEY_RE } from '../../domain/stream-key.js';
import { Fmp4Splitter, parseInit, parseMoof, type TrackInfo } from './fmp4.js';
import { resolveBinary } from '../../../../common/media/ffmpeg-binaries.js';
import { PipedFfmpeg } from '../../../../common/media/ffmpeg-pipe.js';
import { liveDir, liveRoot } from './live-dirs.js';
import { LlHlsPackager } from './ll-hls-packager.js';
import { flvHeader, flvTag, GatedRtmpSession, type AvPacket } from './rtmp-protocol.js';

/** Time a connection has to publish (handshake, connect, publish, key check). */
const PUBLISH_WITHIN_MS = 10_000;
/** A publisher that sends nothing this long is dropped. */
const IDLE_MS = 30_000;
/** Media held while the key is checked (by count, and by bytes with ~200 B of bookkeeping each); more closes the connection. */
const PENDING_MAX_PACKETS = 500;
const PENDING_MAX_BYTES = 16 * 1024 * 1024;
const PENDING_PACKET_OVERHEAD = 200;
/** Connections at once, in all and from one address. */
const MAX_CONNECTIONS = 500;
const MAX_CONNECTIONS_PER_ADDRESS = 10;
/** Media waiting for ffmpeg's stdin beyond which the publisher is dropped (about 20 s of 1080p at 6 Mb/s). */
const FFMPEG_BACKLOG_BYTES = 16 * 1024 * 1024;
/** How often publishers of streams ended elsewhere are looked for, and leftover directories swept. */
const ENDED_CHECK_MS = 3_000;
const SWEEP_MS = 60_000;

/**
 * The research's probe settings: default probing keeps the output about 1.4 s behind for good (a 100 KB probe does not).
 * Not `-fflags +nobuffer`: it drops the packets read while probing, the first keyframe among them, so the first video
 * sample was stretched over a second and the first segment listed at ~2.7 s. `-map` leaves FLV's data stream out (the mp4 muxer fails on it); -frag_duration is in µs (fragments of about 200 ms: the LL-HLS parts).
 */
function ffmpegArgs(recordTo: string | null): string[] {
  const copy = ['-map', '0:v?', '-map', '0:a?', '-c', 'copy'];
  return [
    '-hide_banner', '-loglevel', 'error',
    '-analyzeduration', '100000', '-probesize', '100000',
    '-f', 'flv', '-i', 'pipe:0',
    ...copy, '-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '200000', '-flush_packets', '1', 'pipe:1',
    ...(recordTo ? [...copy, '-f', 'matroska', recordTo] : []),
  ];
}


/** One RTMP connection: handshake → publish with a key → media into one `ffmpeg -c copy` → the stream's packager. */
class Publisher {
  state: 'connecting' | 'authorizing' | 'live' | 'closed' = 'connecting';
  streamId: string | null = null;
  /** The stream key it published with (null for a publish token): regenerating the key disconnects it. */
  key: string | null = null;
  private ffmpeg: PipedFfmpeg | null = null;
  private pending: AvPacket[] = [];
  private pendingBytes = 0;
  /** Arrival (wall clock) of recent video frames by their FLV timestamp, for the segments' PROGRAM-DATE-TIME. */
  private arrivals: [number, number][] = [];
  private firstDts: number | null = null;
  private firstTfdt: number | null = null;
  private tracks: Map<number, TrackInfo> = new Map();
  private announced = false;
  private stopping: Promise<void> | null = null;
  readonly rtmp = new GatedRtmpSession();

  constructor(
    readonly socket: net.Socket,
    private readonly ingest: RtmpIngest,
  ) {}

  start(): void {
    const { socket, rtmp } = this;
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_MS, () => void this.stop());
    const deadline = setTimeout(() => {
      if (this.state !== 'live') void this.stop();
    }, PUBLISH_WITHIN_MS);
    deadline.unref();
    rtmp.onOutputCallback = (b) => {
      if (!socket.destroyed) socket.write(b);
    };
    rtmp.onPublishRequest = (app, name) => void this.authorize(app, name);
    rtmp.onPlayRequest = () => void this.stop();
    rtmp.onPacketCallback = (pkt) => this.onPacket(pkt);
    socket.on('data', (d: Buffer) => {
      try {
        if (rtmp.parserData(d)) void this.stop();
      } catch {
        void this.stop();
      }
    });
    socket.on('close', () => void this.stop());
    socket.on('error', () => void this.stop());
  }

  /** Never rejects: any failure (the key check, the files, ffmpeg) disconnects the publisher. The key is not logged. */
  private async authorize(app: string, key: string): Promise<void> {
    if (this.state !== 'connecting') return void this.stop();
    this.state = 'authorizing';
    try {
      await this.authorizeAndStart(app, key);
    } catch (e) {
      this.ingest.logger.warn(`publisher${this.streamId ? ` of stream ${this.streamId}` : ''} could not start: ${(e as Error).message}`);
      void this.stop();
    }
  }

  private async authorizeAndStart(app: string, key: string): Promise<void> {
    let streamId: string | null = null;
    try {
      streamId = app === 'live' && this.ingest.accepting ? await this.ingest.streamForKey(key) : null;
    } catch (e) {
      this.ingest.logger.warn(`stream key check failed: ${(e as Error).message}`);
    }
    if (this.state !== 'authorizing') return;
    if (!streamId) {
      this.rtmp.refuse();
      this.socket.end();
      setTimeout(() => this.socket.destroy(), 200).unref();
      this.state = 'closed';
      return;
    }
    this.streamId = streamId;
    this.key = STREAM_KEY_RE.test(key) ? key : null;
    await this.ingest.takeOver(this);
    if (this.state !== 'authorizing') return;
    this.state = 'live';
    this.spawnFfmpeg();
    this.rtmp.accept();
    this.ffmpeg!.stdin.write(flvHeader());
    const held = this.pending;
    this.pending = [];
    for (const p of held) this.onPacket(p);
  }

  private spawnFfmpeg(): void {
    const streamId = this.streamId!;
    const packager = this.ingest.packagerOf(streamId, true);
    const recordTo = this.ingest.recordingPath(streamId);
    const ff = PipedFfmpeg.start(ffmpegArgs(recordTo), {
      stdout: true,
      track: this.ingest.children,
      onExit: (code) => {
        if (this.state !== 'live') return;
        if (code) this.ingest.logger.warn(`ingest ffmpeg of stream ${streamId} exited ${code}: ${ff.stderrTail()}`);
        void this.stop();
      },
    });
    this.ffmpeg = ff;
    const splitter = new Fmp4Splitter(
      (init) => {
        this.tracks = parseInit(init);
        packager.startSession(init);
      },
      (fragment, moofLength) => {
        const info = parseMoof(fragment, { type: 'moof', start: 0, end: moofLength, body: 8 }, this.tracks);
        void packager
          .addFragment(fragment, info, this.arrivalOf(info))
          .then(() => {
            if (packager.error) throw packager.error;
            if (!this.announced) {
              this.announced = true;
              void this.ingest.firstMedia(streamId);
            }
          })
          .catch((e: Error) => {
            this.ingest.logger.warn(`live files of stream ${streamId} could not be written: ${e.message}`);
            void this.stop();
          });
      },
    );
    ff.stdout!.on('data', (chunk: Buffer) => {
      try {
        splitter.push(chunk);
      } catch {
        void this.stop();
      }
    });
  }

  /** When the fragment's first frame reached the server (the nearest video frame's arrival), else now. */
  private arrivalOf(info: ReturnType<typeof parseMoof>): number {
    const v = info.find((t) => t.handler === 'vide');
    if (!v || this.firstDts === null) return Date.now();
    this.firstTfdt ??= v.tfdt;
    const want = this.firstDts + Math.round(((v.tfdt - this.firstTfdt) / v.timescale) * 1000);
    let best: [number, number] | null = null;
    for (const a of this.arrivals) if (!best || Math.abs(a[0] - want) < Math.abs(best[0] - want)) best = a;
    return best && Math.abs(best[0] - want) <= 50 ? best[1] : Date.now();
  }

  private onPacket(pkt: AvPacket): void {
    // Media before `publish` is refused; while the key is checked it is held (copied: the parser reuses its buffer).
    if (this.state === 'connecting') return void this.stop();
    if (this.state === 'authorizing') {
      this.pending.push({ ...pkt, data: Buffer.from(pkt.data.subarray(0, pkt.size)) });
      this.pendingBytes += pkt.size + PENDING_PACKET_OVERHEAD;
      if (this.pending.length > PENDING_MAX_PACKETS || this.pendingBytes > PENDING_MAX_BYTES) {
        this.pending = [];
        void this.stop();
      }
      return;
    }
    if (this.state !== 'live' || !this.ffmpeg) return;
    if (pkt.codec_type === 9 && pkt.flags !== 2 && pkt.flags !== 5) {
      this.firstDts ??= pkt.dts;
      this.arrivals.push([pkt.dts, Date.now()]);
      if (this.arrivals.length > 300) this.arrivals.splice(0, this.arrivals.length - 300);
    }
    // ffmpeg only copies: one that falls this far behind is stuck, and the publisher is dropped rather than the media
    // piling up in memory (OBS reconnects, and the stream continues).
    if (this.ffmpeg.stdin.writableLength > FFMPEG_BACKLOG_BYTES) {
      this.ingest.logger.warn(`ingest ffmpeg of stream ${this.streamId} fell behind; the publisher is disconnected`);
      return void this.stop();
    }
    this.ffmpeg.stdin.write(flvTag(pkt));
  }

  /** Disconnects the publisher, lets ffmpeg finish its files (or kills it), and closes the packager's session. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const wasLive = this.state === 'live';
      this.state = 'closed';
      this.pending = [];
      try {
        this.socket.destroy();
        await this.ffmpeg?.stop();
        if (wasLive && this.streamId) await this.ingest.packagerOf(this.streamId).endSession();
      } catch (e) {
        this.ingest.logger.warn(`publisher${this.streamId ? ` of stream ${this.streamId}` : ''} did not stop cleanly: ${(e as Error).message}`);
      } finally {
        this.ingest.released(this);
      }
    })();
    return this.stopping;
  }
}

/**
 * RTMP ingest (OBS, ffmpeg) in the process that runs the job handlers: the media/jobs worker under `npm start`, or the
 * one process (role `all`) when JOBS_ENABLED; off with LIVE_RTMP_PORT=0. A publisher names its stream key as the
 * stream (`rtmp://host:port/live/<key>`); `publish` is answered once the key is found to belong to a user with an
 * open stream, else refused and the connection closed (nothing is stored). H.264/AAC is copied, not re-encoded: one
 * `ffmpeg -c copy` per publisher makes fMP4 fragments for the LL-HLS packager (written under DATA_DIR/live/<id>/ for
 * every process to serve) and, unless the owner opted out, a Matroska recording part. A publisher that comes back
 * (after any gap, while the stream is open) continues the same stream after a discontinuity; a second publisher with
 * the same key replaces the first. When the stream ends (the `live.finish` job, or this process noticing) the
 * publisher is disconnected and the recording parts become one video of the owner.
 */
@Injectable()
export class RtmpIngest implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly logger = new Logger('LiveIngest');
  readonly children = new Set<ChildProcess>();
  private server: net.Server | null = null;
  private readonly publishers = new Map<string, Publisher>();
  private readonly connections = new Set<Publisher>();
  private readonly perAddress = new Map<string, number>();
  private readonly packagers = new Map<string, LlHlsPackager>();
  private readonly finishing = new Map<string, Promise<void>>();
  /** Whether each stream's owner wants its recording, as last read when a publisher took it over. */
  private readonly recordOf = new Map<string, boolean>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  private boundPort: number | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly use: LiveIngestUseCases,
    private readonly flags: FeatureFlags,
  ) {}

  /** Whether a publish may start now: not shutting down, and the `live` feature on. */
  get accepting(): boolean {
    return !this.closed && this.flags.isEnabled('live');
  }

  /** Whether this process runs the ingest (the RTMP port, the end of streams' recordings). */
  get enabled(): boolean {
    return this.config.live.rtmpPort > 0 && this.config.jobsEnabled && processRole() !== 'api';
  }

  /** The port the RTMP server listens on (null when it does not). */
  get port(): number | null {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    const server = net.createServer((socket) => {
      const address = socket.remoteAddress ?? '';
      if (this.closed || (this.perAddress.get(address) ?? 0) >= MAX_CONNECTIONS_PER_ADDRESS) return socket.destroy();
      this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
      const p = new Publisher(socket, this);
      this.connections.add(p);
      socket.once('close', () => {
        const n = (this.perAddress.get(address) ?? 1) - 1;
        if (n > 0) this.perAddress.set(address, n);
        else this.perAddress.delete(address);
      });
      p.start();
    });
    server.maxConnections = MAX_CONNECTIONS;
    const listening = await new Promise<boolean>((resolve) => {
      let started = false;
      // Kept for good: an error after listening (EMFILE on accept, say) must not become an uncaught 'error' event.
      server.on('error', (e: NodeJS.ErrnoException) => {
        if (started) return this.logger.warn(`live ingest (RTMP) server error: ${e.code ?? e.message}`);
        this.logger.error(`Live ingest is off: the RTMP port ${this.config.live.rtmpPort} cannot be opened (${e.code ?? e.message}); set LIVE_RTMP_PORT to a free port, or 0`);
        resolve(false);
      });
      server.listen(this.config.live.rtmpPort, this.config.host, () => {
        started = true;
        this.server = server;
        this.boundPort = (server.address() as net.AddressInfo).port;
        this.logger.log(`Live ingest (RTMP) on port ${this.boundPort}`);
        resolve(true);
      });
    });
    if (!listening) return;
    this.timers.push(setInterval(() => void this.kickEnded(), ENDED_CHECK_MS), setInterval(() => void this.sweep(), SWEEP_MS));
    for (const t of this.timers) t.unref();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.server?.close();
    await Promise.all([...this.connections].map((p) => p.stop()));
    for (const ff of this.children) ff.kill('SIGKILL');
    await Promise.allSettled([...this.finishing.values()]);
  }

  private inContext<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  /** The stream a key publishes to, or null (never logged). */
  streamForKey(key: string): Promise<string | null> {
    return this.inContext(async () => (await this.use.streamForKey(key))?.id ?? null);
  }

  async firstMedia(streamId: string): Promise<void> {
    try {
      await this.inContext(() => this.use.firstMedia(streamId));
    } catch (e) {
      this.logger.warn(`stream ${streamId} could not be marked live: ${(e as Error).message}`);
    }
  }

  /** The stream's packager; `renewFailed` (a new ingest session) replaces one that failed to write (it stays failed). */
  packagerOf(streamId: string, renewFailed = false): LlHlsPackager {
    let p = this.packagers.get(streamId);
    if (!p || (renewFailed && p.error)) {
      p = new LlHlsPackager(liveDir(this.config.dataDir, streamId));
      this.packagers.set(streamId, p);
    }
    return p;
  }

  /** Where this session's recording part goes (null: the owner opted out). */
  recordingPath(streamId: string): string | null {
    const dir = liveDir(this.config.dataDir, streamId);
    mkdirSync(dir, { recursive: true });
    return this.recordOf.get(streamId) === false ? null : join(dir, `rec-${Date.now()}.mkv`);
  }

  /** A publisher with a valid key: the stream's previous publisher (if any) is stopped first. */
  async takeOver(p: Publisher): Promise<void> {
    const id = p.streamId!;
    try {
      this.recordOf.set(id, await this.inContext(async () => (await this.use.recordOf(id)) ?? true));
    } catch {
      /* keep the last known */
    }
    // The stream may have ended (finish) or the publisher gone while recordOf was awaited.
    if (p.state !== 'authorizing' || this.closed) return;
    const previous = this.publishers.get(id);
    this.publishers.set(id, p);
    if (previous && previous !== p) await previous.stop();
  }

  released(p: Publisher): void {
    this.connections.delete(p);
    if (p.streamId && this.publishers.get(p.streamId) === p) this.publishers.delete(p.streamId);
  }

  /**
   * Every few seconds: finishes the streams that were ended (on any process); disconnects every publisher while the
   * `live` feature is off, and the publishers whose stream key was regenerated since they connected.
   */
  private async kickEnded(): Promise<void> {
    const ids = [...this.publishers.keys()];
    if (!ids.length) return;
    try {
      if (!this.flags.isEnabled('live')) {
        await Promise.all([...this.publishers.values()].map((p) => p.stop()));
        return;
      }
      const ended = await this.inContext(() => this.use.endedAmong(ids));
      await Promise.all(ended.map((id) => this.finish(id)));
      const keyed = [...this.publishers.values()].filter((p) => p.key);
      if (!keyed.length) return;
      const revoked = new Set(await this.inContext(() => this.use.revokedKeys(keyed.map((p) => p.key!))));
      await Promise.all(keyed.filter((p) => revoked.has(p.key!)).map((p) => p.stop()));
    } catch (e) {
      this.logger.warn(`live ingest check failed: ${(e as Error).message}`);
    }
  }

  /** Finishes streams that ended while no process was there to do it (a crash, a lost job). */
  private async sweep(): Promise<void> {
    const root = liveRoot(this.config.dataDir);
    if (!existsSync(root)) return;
    try {
      const ids = (await readdir(root)).filter((d) => isUuid(d) && !this.publishers.has(d));
      if (!ids.length) return;
      const ended = await this.inContext(() => this.use.endedAmong(ids));
      for (const id of ended) await this.finish(id).catch((e: Error) => this.logger.warn(`recording of stream ${id}: ${e.message}`));
    } catch (e) {
      this.logger.warn(`live sweep failed: ${(e as Error).message}`);
    }
  }

  /**
   * An ended stream: its publisher is disconnected, its recording parts (one per ingest session) are joined and
   * published as a video of its owner (unless opted out), and its directory goes. Nothing for a stream still open.
   * Idempotent; a failure (other than the catalog refusing the file) is thrown for the job to retry.
   */
  finish(streamId: string): Promise<void> {
    const id = streamId.toLowerCase();
    const running = this.finishing.get(id);
    if (running) return running;
    const work = (async () => {
      if (await this.inContext(() => this.use.isOpen(id))) return;
      const publisher = this.publishers.get(id);
      this.publishers.delete(id);
      await publisher?.stop();
      this.packagers.delete(id);
      this.recordOf.delete(id);
      const dir = liveDir(this.config.dataDir, id);
      if (!existsSync(dir)) return;
      const parts: string[] = [];
      for (const f of (await readdir(dir)).filter((n) => /^rec-\d+\.mkv$/.test(n)).sort()) {
        if ((await stat(join(dir, f))).size > 0) parts.push(join(dir, f));
      }
      const path = parts.length > 1 ? await this.join(dir, parts) : (parts[0] ?? null);
      try {
        const mediaId = await this.inContext(() => this.use.publishRecording(id, path));
        if (mediaId) this.logger.log(`the recording of stream ${id} is video ${mediaId}`);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        this.logger.warn(`the recording of stream ${id} was refused: ${e.message}`);
      }
      await rm(dir, { recursive: true, force: true });
    })().finally(() => this.finishing.delete(id));
    this.finishing.set(id, work);
    return work;
  }

  /** Joins the recording parts of several ingest sessions into one file (copied, not re-encoded). */
  private async join(dir: string, parts: string[]): Promise<string> {
    const list = join(dir, 'rec-list.txt');
    const out = join(dir, 'recording.mkv');
    await writeFile(list, parts.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
    await new Promise<void>((resolve, reject) => {
      const ff = spawn(resolveBinary('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0', '-c', 'copy', '-f', 'matroska', out], { stdio: ['ignore', 'ignore', 'pipe'] });
      ff.on('error', reject);
      this.children.add(ff);
      let err = '';
      ff.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-1000)));
      const timer = setTimeout(() => ff.kill('SIGKILL'), 10 * 60_000);
      timer.unref();
      ff.on('close', (code) => {
        clearTimeout(timer);
        this.children.delete(ff);
        if (code === 0) resolve();
        else reject(new Error(`joining the recording failed: ${err.trim().split('\n').pop() ?? code}`));
      });
    });
    return out;
  }
}

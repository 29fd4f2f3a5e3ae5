import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { TokenService } from '../../../../common/auth/token.service.js';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { FeatureFlags } from '../../../../common/features/feature-flags.js';
import { PipedFfmpeg } from '../../../../common/media/ffmpeg-pipe.js';
import { RealtimeGateway } from '../../../../common/realtime/realtime.gateway.js';
import { BrowserIngestUseCases } from '../../application/browser-ingest.use-cases.js';
import { LIVE_HLS, type LiveHlsFiles } from '../../domain/ports.js';
import { RtmpIngest } from './rtmp-ingest.js';

/** `/api/live/<id>/ingest` (the id is checked after the upgrade, so that a client hears why it is refused). */
export const BROWSER_INGEST_PATH = /^\/api\/live\/([^/]{1,100})\/ingest$/;
/** Time a connection has to send its `start` message. */
const START_WITHIN_MS = 10_000;
/** The largest binary frame (a MediaRecorder chunk of 200 ms is far smaller); larger closes with 1009. */
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** Media rate and frame rate a connection may keep up, averaged over RATE_WINDOW_MS; more closes with 1008. */
const MAX_BITS_PER_SECOND = 12_000_000;
const MAX_FRAMES_PER_SECOND = 100;
const RATE_WINDOW_MS = 5_000;
/** Media waiting for ffmpeg to read it; more (ffmpeg cannot keep up) closes with 1008 rather than buffer without bound. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** A connection that sends no media this long is closed. */
const IDLE_MS = 30_000;
/** Browser ingest connections at once, in this process and from one address. */
const MAX_CONNECTIONS = 50;
const MAX_CONNECTIONS_PER_ADDRESS = 4;
/** How often the streams' state is looked at: media in the playlist (→ `live`), ended elsewhere (→ close 1000). */
const CHECK_MS = 500;

/** Close codes of the protocol (docs/api.md, "Browser ingest"). */
export const INGEST_CLOSE = {
  ended: 1000,
  tooFast: 1008,
  tooLarge: 1009,
  failed: 1011,
  restarting: 1012,
  unauthenticated: 4401,
  forbidden: 4403,
  notFound: 4404,
  takenOver: 4409,
  unsupported: 4415,
  off: 4503,
} as const;

const INGEST_OFF_MESSAGE = 'Going live from the browser is not available on this server';

export type IngestCodecs = { video: 'h264' | 'vp8' | 'vp9' | null; audio: 'opus' };

/**
 * The codecs of a MediaRecorder mimeType this server takes, or null: WebM (or Matroska) with H.264, VP8 or VP9 video
 * and Opus audio, or WebM audio with Opus alone. Case, spaces, quotes, the codecs' order and profile suffixes
 * (`avc1.42E01E`, `vp8.0`, `vp09.00.10.08`) do not matter.
 */
export function ingestCodecs(mime: string): IngestCodecs | null {
  const [type, ...params] = mime.toLowerCase().split(';').map((p) => p.trim());
  const codecsParam = params.find((p) => /^codecs\s*=/.test(p));
  if (!codecsParam || params.length !== 1) return null;
  const codecs = codecsParam
    .replace(/^codecs\s*=\s*/, '')
    .replace(/^"(.*)"$/, '$1')
    .split(',')
    .map((c) => c.trim());
  const video = codecs.filter((c) => !/^opus$/.test(c));
  if (codecs.length - video.length !== 1) return null;
  if (type === 'audio/webm') return video.length === 0 ? { video: null, audio: 'opus' } : null;
  if ((type !== 'video/webm' && type !== 'video/x-matroska') || video.length !== 1) return null;
  const v = video[0];
  if (v === 'h264' || /^avc1(\.[0-9a-f]{6})?$/.test(v)) return { video: 'h264', audio: 'opus' };
  if (v === 'vp8' || v === 'vp8.0') return { video: 'vp8', audio: 'opus' };
  if (v === 'vp9' || /^vp09(\.\d{2}){3,}$/.test(v)) return { video: 'vp9', audio: 'opus' };
  return null;
}

/**
 * ffmpeg from the browser's WebM on stdin to an RTMP publish: H.264 is copied, VP8/VP9 (Firefox records VP8) encoded
 * to H.264 with a keyframe each second of media whatever the camera's frame rate (segments are cut on them), Opus to AAC. WebM names its tracks' codecs, so a short probe serves; not
 * `-fflags +nobuffer`, which drops the packets read while probing (the first keyframe's second). `key` is a publish
 * token (valid a minute, for this stream only: stream-key.ts), never the owner's stream key; it goes as rtmp_playpath
 * rather than in the URL, so that error lines naming the URL do not carry it.
 */
export function browserIngestArgs(codecs: IngestCodecs, rtmpUrl: string, key: string): string[] {
  const video =
    codecs.video === null
      ? []
      : codecs.video === 'h264'
        ? ['-map', '0:v:0', '-c:v', 'copy']
        : ['-map', '0:v:0', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-force_key_frames', 'expr:gte(t,n_forced*1)', '-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-analyzeduration', '200000', '-probesize', '200000',
    '-f', 'matroska', '-i', 'pipe:0',
    ...video, '-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k',
    '-f', 'flv', '-flvflags', 'no_duration_filesize', '-rtmp_playpath', key, rtmpUrl,
  ];
}

/** The init numbers the playlist names (`init-<n>.mp4`): the highest, or 0. */
function lastInit(playlist: string | null): number {
  let n = 0;
  for (const m of (playlist ?? '').matchAll(/#EXT-X-MAP:URI="init-(\d+)\.mp4"/g)) n = Math.max(n, Number(m[1]));
  return n;
}

/** Whether the playlist holds media of an ingest session newer than `after` (a part or a segment after its map). */
function hasMediaAfter(playlist: string | null, after: number): boolean {
  const sessions = (playlist ?? '').split('#EXT-X-MAP:URI="init-').slice(1);
  return sessions.some((s) => Number(/^(\d+)/.exec(s)?.[1] ?? 0) > after && /(#EXT-X-PART:|^s\d+\.m4s$)/m.test(s));
}


/** One browser's connection: `start` (token, mime) → `ready` → media chunks into one ffmpeg → RTMP → the stream. */
class IngestSession {
  state: 'waiting' | 'starting' | 'running' | 'closed' = 'waiting';
  streamId: string | null = null;
  private ffmpeg: PipedFfmpeg | null = null;
  /** The newest init the playlist named before this session's media (its own comes after). */
  private initBefore = 0;
  live = false;
  private lastMediaAt = Date.now();
  /** Bytes and frames received per second, the last RATE_WINDOW_MS of them. */
  private readonly buckets: { second: number; bytes: number; frames: number }[] = [];
  private stopping: Promise<void> | null = null;
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    private readonly pathId: string,
    private readonly ingest: BrowserIngest,
  ) {
    this.startTimer = setTimeout(() => this.state === 'waiting' && this.refuse(INGEST_CLOSE.unauthenticated, 'unauthenticated', 'Send the start message with your token first'), START_WITHIN_MS);
    this.startTimer.unref();
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    // A frame over maxPayload: ws closes with 1009 itself; any other socket error ends the session.
    ws.on('error', () => undefined);
    ws.on('close', () => void this.stop());
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Tells the client why (`{type:'error'}`), closes with the protocol's code, and stops. */
  refuse(code: number, errorCode: string, message: string): void {
    this.send({ type: 'error', code: errorCode, message });
    this.close(code, message);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason.slice(0, 120));
    void this.stop();
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    if (!this.withinRate(bytes)) return this.refuse(INGEST_CLOSE.tooFast, 'too_fast', 'Media is arriving faster than this server takes it');
    if (this.state === 'waiting') {
      if (isBinary) return this.refuse(INGEST_CLOSE.unauthenticated, 'unauthenticated', 'Send the start message with your token first');
      this.state = 'starting';
      void this.begin(data.toString()).catch((e: Error) => {
        this.ingest.logger.warn(`browser ingest could not start: ${e.message}`);
        this.refuse(INGEST_CLOSE.failed, 'ingest_failed', 'The stream could not be started; try again');
      });
      return;
    }
    if (!isBinary) return; // nothing else is asked of the client; text after `start` is ignored
    if (this.state !== 'running' || !this.ffmpeg) return this.refuse(INGEST_CLOSE.tooFast, 'too_fast', 'Wait for the ready message before sending media');
    this.lastMediaAt = Date.now();
    const stdin = this.ffmpeg.stdin;
    if (Array.isArray(data)) for (const b of data) stdin.write(b);
    else stdin.write(Buffer.isBuffer(data) ? data : Buffer.from(data));
    if (stdin.writableLength > MAX_PENDING_BYTES) this.refuse(INGEST_CLOSE.tooFast, 'too_fast', 'Media is arriving faster than this server can process it');
  }

  private withinRate(bytes: number): boolean {
    const second = Math.floor(Date.now() / 1000);
    const last = this.buckets[this.buckets.length - 1];
    if (last?.second === second) {
      last.bytes += bytes;
      last.frames++;
    } else this.buckets.push({ second, bytes, frames: 1 });
    const windowSeconds = RATE_WINDOW_MS / 1000;
    while (this.buckets.length && this.buckets[0].second <= second - windowSeconds) this.buckets.shift();
    let [b, f] = [0, 0];
    for (const x of this.buckets) [b, f] = [b + x.bytes, f + x.frames];
    return b * 8 <= MAX_BITS_PER_SECOND * windowSeconds && f <= MAX_FRAMES_PER_SECOND * windowSeconds;
  }

  /** The `start` message: checks (in order) ingest on, token, stream, owner, open, mime; then ffmpeg and `ready`. */
  private async begin(text: string): Promise<void> {
    let msg: { type?: unknown; token?: unknown; mime?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      msg = {};
    }
    if (!msg || typeof msg !== 'object' || msg.type !== 'start') return this.refuse(INGEST_CLOSE.unauthenticated, 'unauthenticated', 'Send the start message with your token first');
    if (!this.ingest.available) return this.refuse(INGEST_CLOSE.off, 'ingest_off', INGEST_OFF_MESSAGE);
    const token = typeof msg.token === 'string' && msg.token.length <= 4096 ? msg.token : '';
    const principal = token ? await this.ingest.authenticate(token) : null;
    if (this.state !== 'starting') return;
    if (!principal) return this.refuse(INGEST_CLOSE.unauthenticated, 'unauthenticated', 'Sign in to go live');
    let target: { streamId: string; key: string };
    try {
      target = await this.ingest.publishKey(principal.userId, this.pathId);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      if (e.kind === 'forbidden') return this.refuse(INGEST_CLOSE.forbidden, 'forbidden', 'Only the streamer can send media to this stream');
      if (e.kind === 'not_found') return this.refuse(INGEST_CLOSE.notFound, 'not_found', 'Live stream not found');
      if (e.code === 'LIVE.ENDED') return this.refuse(INGEST_CLOSE.notFound, 'ended', 'This live stream has ended');
      throw e;
    }
    const codecs = typeof msg.mime === 'string' && msg.mime.length <= 200 ? ingestCodecs(msg.mime) : null;
    if (!codecs) return this.refuse(INGEST_CLOSE.unsupported, 'unsupported_mime', 'Record as video/webm with H.264, VP8 or VP9 and Opus, or audio/webm with Opus');
    if (this.state !== 'starting') return;
    this.streamId = target.streamId;
    this.initBefore = lastInit(await this.ingest.playlistOf(target.streamId));
    if (this.state !== 'starting') return;
    this.ingest.claim(this);
    this.spawnFfmpeg(codecs, target.key);
    this.state = 'running';
    this.lastMediaAt = Date.now();
    this.send({ type: 'ready' });
  }

  private spawnFfmpeg(codecs: IngestCodecs, key: string): void {
    this.ffmpeg = PipedFfmpeg.start(browserIngestArgs(codecs, this.ingest.rtmpUrl(), key), {
      stdout: false,
      redact: key,
      track: this.ingest.children,
      onExit: (code) => void this.ffmpegExited(code),
    });
    this.ingest.logger.log(`browser ingest of stream ${this.streamId} started`);
  }

  /**
   * ffmpeg stopped while the browser still sends: the stream ended (1000), another publisher took the stream over
   * (its RTMP connection was dropped after media had gone through: 4409), or it could not start (1011).
   */
  private async ffmpegExited(code: number | null): Promise<void> {
    if (this.state !== 'running') return;
    const open = await this.ingest.isOpen(this.streamId!).catch(() => true);
    if (this.state !== 'running') return;
    if (!open) return this.close(INGEST_CLOSE.ended, 'This live stream has ended');
    // The RTMP ingest drops every publisher while the `live` feature is off: not a takeover.
    if (!this.ingest.available) return this.refuse(INGEST_CLOSE.off, 'ingest_off', INGEST_OFF_MESSAGE);
    if (this.live) return this.refuse(INGEST_CLOSE.takenOver, 'taken_over', 'Another publisher took over this stream');
    this.ingest.logger.warn(`browser ingest ffmpeg of stream ${this.streamId} exited ${code}: ${this.ffmpeg?.stderrTail() ?? ''}`);
    this.refuse(INGEST_CLOSE.failed, 'ingest_failed', 'The server could not read this recording');
  }

  /** One look (the ingest's timer): the first media in the playlist → `live`; nothing received for long → closed. */
  async check(): Promise<void> {
    if (this.state !== 'running') return;
    if (Date.now() - this.lastMediaAt > IDLE_MS) return this.refuse(INGEST_CLOSE.tooFast, 'idle', 'No media arrived for 30 seconds');
    if (this.live) return;
    if (!hasMediaAfter(await this.ingest.playlistOf(this.streamId!), this.initBefore)) return;
    if ((await this.ingest.statusOf(this.streamId!)) !== 'live' || this.state !== 'running' || this.live) return;
    this.live = true;
    this.send({ type: 'live' });
  }

  /** Closes the socket (if open), ends ffmpeg's input (killed after 5 s) and forgets the session. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.state = 'closed';
      clearTimeout(this.startTimer);
      if (this.ws.readyState === this.ws.OPEN) this.ws.close(INGEST_CLOSE.ended, 'stopped');
      await this.ffmpeg?.stop();
      this.ingest.released(this);
    })();
    return this.stopping;
  }
}

/**
 * Going live from the browser: the camera and microphone's MediaRecorder chunks (WebM) arrive over a WebSocket at
 * `/api/live/<id>/ingest` on any API process, which runs one ffmpeg per connection that publishes them over RTMP, with
 * a publish token for the stream in place of the owner's stream key, to this server's own RTMP ingest. So everything after (the LL-HLS packager, the recording,
 * a publisher coming back, takeover, the end and the recording's video) is the RTMP path's, unchanged; a browser and
 * OBS publishing one stream replace each other like two OBS publishers. Protocol and close codes: docs/api.md.
 */
@Injectable()
export class BrowserIngest implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly logger = new Logger('BrowserIngest');
  readonly children = new Set<ChildProcess>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly connections = new Set<IngestSession>();
  private readonly perAddress = new Map<string, number>();
  /** The running session of each stream on this process (a newer one takes over: the older closes with 4409). */
  private readonly byStream = new Map<string, IngestSession>();
  private timer?: NodeJS.Timeout;
  private checking = false;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly gateway: RealtimeGateway,
    private readonly tokens: TokenService,
    private readonly flags: FeatureFlags,
    private readonly use: BrowserIngestUseCases,
    private readonly rtmp: RtmpIngest,
    @Inject(LIVE_HLS) private readonly hls: LiveHlsFiles,
  ) {}

  onApplicationBootstrap(): void {
    this.gateway.registerUpgrade(BROWSER_INGEST_PATH, (req, socket, head, address) => this.upgrade(req, socket, head, address));
    this.timer = setInterval(() => void this.check(), CHECK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.connections].map((s) => (s.close(INGEST_CLOSE.restarting, 'server restarting'), s.stop())));
    for (const ff of this.children) ff.kill('SIGKILL');
    await new Promise<void>((r) => this.wss.close(() => r()));
  }

  /**
   * Whether this server takes browser media now: RTMP ingest configured (LIVE_RTMP_PORT not 0), the `live` feature on,
   * and, where this process runs the RTMP server itself, its port open.
   */
  get available(): boolean {
    if (this.config.live.rtmpPort === 0 || !this.flags.isEnabled('live')) return false;
    return !this.rtmp.enabled || this.rtmp.port !== null;
  }

  /** This server's RTMP ingest, as seen from here (the publish token goes separately, as the RTMP play path). */
  rtmpUrl(): string {
    const port = this.rtmp.port ?? this.config.live.rtmpPort;
    const host = ['', '0.0.0.0', '::', '[::]'].includes(this.config.host) ? '127.0.0.1' : this.config.host;
    return `rtmp://${host.includes(':') ? `[${host}]` : host}:${port}/live`;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, address: string): void {
    const id = BROWSER_INGEST_PATH.exec((req.url ?? '').split('?')[0])![1];
    if (this.closed || this.connections.size >= MAX_CONNECTIONS || (this.perAddress.get(address) ?? 0) >= MAX_CONNECTIONS_PER_ADDRESS) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const n = (this.perAddress.get(address) ?? 1) - 1;
      if (n > 0) this.perAddress.set(address, n);
      else this.perAddress.delete(address);
    };
    socket.once('close', uncount);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new IngestSession(ws, address, id, this);
      this.connections.add(session);
      ws.once('close', uncount);
    });
  }

  private inContext<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  authenticate(token: string) {
    return this.inContext(() => this.tokens.authenticate(token, 'user'));
  }

  publishKey(userId: string, streamId: string): Promise<{ streamId: string; key: string }> {
    return this.inContext(() => this.use.publishKey(userId, streamId));
  }

  statusOf(streamId: string) {
    return this.inContext(() => this.use.statusOf(streamId));
  }

  async isOpen(streamId: string): Promise<boolean> {
    return (await this.inContext(() => this.use.openAmong([streamId]))).has(streamId);
  }

  playlistOf(streamId: string): Promise<string | null> {
    return this.hls.playlist(streamId, {});
  }

  /** The session starts sending to its stream: a running one of the same stream on this process is replaced (4409). */
  claim(session: IngestSession): void {
    const previous = this.byStream.get(session.streamId!);
    this.byStream.set(session.streamId!, session);
    if (previous && previous !== session) previous.refuse(INGEST_CLOSE.takenOver, 'taken_over', 'This stream is now sent from another browser');
  }

  released(session: IngestSession): void {
    this.connections.delete(session);
    if (session.streamId && this.byStream.get(session.streamId) === session) this.byStream.delete(session.streamId);
  }

  /**
   * Closes (1000) the sessions of streams that ended on any process, and (4503) every session while ingest is off (the
   * `live` feature switched off), and lets each running session look at its stream.
   */
  private async check(): Promise<void> {
    if (this.checking || !this.byStream.size) return;
    if (!this.available) {
      for (const s of [...this.byStream.values()]) s.refuse(INGEST_CLOSE.off, 'ingest_off', INGEST_OFF_MESSAGE);
      return;
    }
    this.checking = true;
    try {
      const open = await this.inContext(() => this.use.openAmong([...this.byStream.keys()]));
      for (const [id, s] of [...this.byStream]) if (!open.has(id)) s.close(INGEST_CLOSE.ended, 'This live stream has ended');
      await Promise.all([...this.byStream.values()].map((s) => s.check().catch((e: Error) => this.logger.warn(`browser ingest check failed: ${e.message}`))));
    } catch (e) {
      this.logger.warn(`browser ingest check failed: ${(e as Error).message}`);
    } finally {
      this.checking = false;
    }
  }
}

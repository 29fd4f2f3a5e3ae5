import { browserRecorder, recorderOptions, RECORDER_TIMESLICE_MS, type RecorderFactory, type RecorderLike } from './media';
import { STUDIO_MESSAGES } from './messages';

/**
 * The browser ingest (CONTRACT: browser ingest): the camera's MediaRecorder chunks, in order, over a WebSocket to
 * `/api/live/{id}/ingest`. It opens the socket, sends `start` with the user token and the recorder's format, records
 * from the server's `ready` on, and reports `live` once the server has the first media in the stream's playlist.
 * A connection that drops is tried again (1 s, 2 s, 4 s… apart) for 30 s: the server continues the same stream.
 * A refusal (bad token, not your stream, an ended stream, a format it does not take…) stops it with the reason.
 */

/** The part of a WebSocket the client uses, so tests can hand it a fake. */
export interface IngestSocket {
  readonly readyState: number;
  /** Bytes sent and not yet on the network (the browser holds them). */
  readonly bufferedAmount: number;
  binaryType: BinaryType;
  send(data: string | Blob | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type IngestSocketFactory = (url: string) => IngestSocket;

export const browserIngestSocket: IngestSocketFactory = (url) => new WebSocket(url) as IngestSocket;

export type IngestState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting' }
  | { kind: 'ended' }
  | { kind: 'error'; message: string };

/** A dropped ingest is tried again for this long (the server continues a stream whose ingest came back within it). */
export const INGEST_RECONNECT_WINDOW_MS = 30_000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 8000;
/** The server closes with these when trying again would be refused again. */
const FINAL_CODES = new Set([4401, 4403, 4404, 4415, 4409, 4503, 1009, 1008]);
const NORMAL_CLOSE = 1000;
/**
 * How much recorded video may wait in the browser for a connection slower than the camera (about 30 s of a 4 Mbit/s
 * camera): beyond it the ingest stops and says so, instead of holding ever more of the recording in memory.
 */
export const INGEST_BACKLOG_MAX_BYTES = 16 * 1024 * 1024;

/** ws://host/api/live/{id}/ingest on an http page, wss:// on an https one. */
export function ingestUrl(streamId: string, origin: string | undefined = globalThis.location?.origin): string {
  const base = origin && origin !== 'null' ? origin : 'http://localhost';
  const url = new URL(`/api/live/${encodeURIComponent(streamId)}/ingest`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export interface IngestClientOptions {
  streamId: string;
  media: MediaStream;
  /** The recorder's format (one of CONTRACT's). */
  mime: string;
  /** The user token, read on every connection. */
  getToken: () => string | null;
  onState: (state: IngestState) => void;
  socketFactory?: IngestSocketFactory;
  recorderFactory?: RecorderFactory;
  url?: string;
}

export class IngestClient {
  private socket: IngestSocket | null = null;
  private recorder: RecorderLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** When the connection was lost (ms), while trying again. */
  private droppedAt: number | null = null;
  private running = false;
  /** The server's last `error` message on this connection: the reason shown when it closes. */
  private serverMessage: string | null = null;
  /** The server's last `error` message on any connection since the loss (shown if the 30 s run out). */
  private lastServerMessage: string | null = null;
  private readonly url: string;
  private readonly socketFactory: IngestSocketFactory;
  private readonly recorderFactory: RecorderFactory;

  constructor(private readonly options: IngestClientOptions) {
    this.url = options.url ?? ingestUrl(options.streamId);
    this.socketFactory = options.socketFactory ?? browserIngestSocket;
    this.recorderFactory = options.recorderFactory ?? browserRecorder;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.droppedAt = null;
    this.lastServerMessage = null;
    this.options.onState({ kind: 'connecting' });
    this.connect();
  }

  /** Stops recording and closes the connection (the stream ended, or the creator stopped sending). */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.clearTimer();
    this.stopRecorder();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(NORMAL_CLOSE, 'stopped');
      } catch {
        // Already closed.
      }
    }
  }

  private connect(): void {
    this.clearTimer();
    if (!this.running) return;
    const token = this.options.getToken();
    if (!token) {
      this.fail(STUDIO_MESSAGES.ingest.byCode[4401] ?? '');
      return;
    }
    let socket: IngestSocket;
    try {
      socket = this.socketFactory(this.url);
    } catch {
      this.dropped();
      return;
    }
    this.socket = socket;
    this.serverMessage = null;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify({ type: 'start', token, mime: this.options.mime }));
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket || typeof message.data !== 'string') return;
      const event = parse(message.data);
      if (!event) return;
      if (event.type === 'ready') {
        // Accepted: a later loss has its own 30 s again.
        this.attempt = 0;
        this.droppedAt = null;
        this.lastServerMessage = null;
        this.record(socket);
      } else if (event.type === 'live') {
        this.options.onState({ kind: 'live' });
      } else if (event.type === 'error' && typeof event.message === 'string') {
        this.serverMessage = event.message;
        this.lastServerMessage = event.message;
      }
    };
    socket.onerror = () => {
      // A close always follows; it decides what happens next.
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      detach(socket);
      this.socket = null;
      this.stopRecorder();
      if (!this.running) return;
      if (close.code === NORMAL_CLOSE) {
        this.running = false;
        this.options.onState({ kind: 'ended' });
        return;
      }
      if (FINAL_CODES.has(close.code)) {
        this.fail(this.serverMessage ?? STUDIO_MESSAGES.ingest.byCode[close.code] ?? STUDIO_MESSAGES.ingest.lost);
        return;
      }
      this.dropped();
    };
  }

  /** The server is ready: a new recorder (its first chunk carries the WebM header the server starts from). */
  private record(socket: IngestSocket): void {
    this.stopRecorder();
    let recorder: RecorderLike;
    try {
      recorder = this.recorderFactory(this.options.media, recorderOptions(this.options.mime));
    } catch {
      this.fail(STUDIO_MESSAGES.noRecorder);
      return;
    }
    this.recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (this.recorder !== recorder || this.socket !== socket || event.data.size === 0) return;
      if (socket.bufferedAmount > INGEST_BACKLOG_MAX_BYTES) {
        this.fail(STUDIO_MESSAGES.ingest.tooSlow);
        return;
      }
      // WebSocket frames leave in the order they are sent: the chunks reach the server in recording order.
      socket.send(event.data);
    };
    recorder.onerror = () => {
      if (this.recorder !== recorder) return;
      this.fail(STUDIO_MESSAGES.capture.failed);
    };
    recorder.start(RECORDER_TIMESLICE_MS);
  }

  private stopRecorder(): void {
    const recorder = this.recorder;
    this.recorder = null;
    if (!recorder) return;
    recorder.ondataavailable = null;
    recorder.onerror = null;
    try {
      if (recorder.state !== 'inactive') recorder.stop();
    } catch {
      // Already stopped.
    }
  }

  /** The connection was lost: try again, for 30 s from the first loss. */
  private dropped(): void {
    const now = Date.now();
    this.droppedAt ??= now;
    const left = this.droppedAt + INGEST_RECONNECT_WINDOW_MS - now;
    if (left <= 0) {
      // What the server said last (it could not read the recording, it restarted…), else that the connection was lost.
      this.fail(this.lastServerMessage ?? STUDIO_MESSAGES.ingest.lost);
      return;
    }
    this.options.onState({ kind: 'reconnecting' });
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.attempt, left);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private fail(message: string): void {
    this.stop();
    this.options.onState({ kind: 'error', message });
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

function detach(socket: IngestSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

function parse(data: string): { type: string; [key: string]: unknown } | null {
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') return value as { type: string };
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

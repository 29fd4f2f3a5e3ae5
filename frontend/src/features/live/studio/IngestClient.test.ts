import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { INGEST_BACKLOG_MAX_BYTES, IngestClient, ingestUrl, type IngestSocket, type IngestState } from './IngestClient';
import { STUDIO_MESSAGES } from './messages';
import { FakeMediaStream, FakeRecorder, FakeTrack } from './fakeCapture';
import { pickRecorderMime, recorderOptions } from './media';

/** A WebSocket the test plays the server of. */
class FakeIngestSocket implements IngestSocket {
  readyState = 0;
  bufferedAmount = 0;
  binaryType: BinaryType = 'blob';
  sent: Array<string | Blob | ArrayBuffer> = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string | Blob | ArrayBuffer): void {
    this.sent.push(data);
  }
  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: Record<string, unknown>): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '', wasClean: code !== 1006 } as CloseEvent);
  }
  get texts(): unknown[] {
    return this.sent.filter((data): data is string => typeof data === 'string').map((data) => JSON.parse(data) as unknown);
  }
  get chunks(): Blob[] {
    return this.sent.filter((data): data is Blob => data instanceof Blob);
  }
}

const media = new FakeMediaStream([new FakeTrack('audio', 'mic'), new FakeTrack('video', 'cam')]) as unknown as MediaStream;

function setUp(token: string | null = 'user-token') {
  const sockets: FakeIngestSocket[] = [];
  const states: IngestState[] = [];
  const client = new IngestClient({
    streamId: 'stream-1',
    media,
    mime: 'video/webm;codecs=vp8,opus',
    getToken: () => token,
    onState: (state) => states.push(state),
    url: 'ws://localhost/api/live/stream-1/ingest',
    socketFactory: (url) => {
      const socket = new FakeIngestSocket(url);
      sockets.push(socket);
      return socket;
    },
    recorderFactory: (stream, options) => new FakeRecorder(stream, options),
  });
  const latest = () => {
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error('no socket opened');
    return socket;
  };
  const recorder = () => {
    const found = FakeRecorder.instances[FakeRecorder.instances.length - 1];
    if (!found) throw new Error('no recorder made');
    return found;
  };
  /** The server accepts the connection. */
  const accept = () => {
    latest().open();
    latest().push({ type: 'ready' });
  };
  return { client, sockets, states, latest, recorder, accept, last: () => states[states.length - 1] };
}

beforeEach(() => {
  FakeRecorder.instances = [];
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the browser ingest client (CONTRACT: browser ingest)', () => {
  test('starts with the token and format, records 200 ms chunks once ready, sends them in order, and says Live', () => {
    const { client, latest, recorder, states, last } = setUp();
    client.start();
    expect(last()).toEqual({ kind: 'connecting' });
    expect(latest().url).toBe('ws://localhost/api/live/stream-1/ingest');

    latest().open();
    expect(latest().texts).toEqual([{ type: 'start', token: 'user-token', mime: 'video/webm;codecs=vp8,opus' }]);
    // Nothing is recorded before the server is ready.
    expect(FakeRecorder.instances).toHaveLength(0);

    latest().push({ type: 'ready' });
    expect(recorder().state).toBe('recording');
    expect(recorder().timeslice).toBe(200);
    expect(recorder().options).toEqual({ mimeType: 'video/webm;codecs=vp8,opus', videoKeyFrameIntervalDuration: 1000 });

    recorder().emit([1, 2, 3]);
    recorder().emit([]);
    recorder().emit([4, 5]);
    expect(latest().chunks.map((chunk) => chunk.size)).toEqual([3, 2]);
    expect(states.map((state) => state.kind)).toEqual(['connecting']);

    latest().push({ type: 'live' });
    expect(last()).toEqual({ kind: 'live' });
  });

  test('a connection slower than the camera: once the unsent backlog passes its bound, sending stops and says why', () => {
    const { client, latest, recorder, accept, last } = setUp();
    client.start();
    accept();
    recorder().emit([1]);
    latest().bufferedAmount = INGEST_BACKLOG_MAX_BYTES;
    recorder().emit([2]);
    expect(latest().chunks).toHaveLength(2);
    const socket = latest();
    const first = recorder();
    socket.bufferedAmount = INGEST_BACKLOG_MAX_BYTES + 1;
    first.emit([3]);
    expect(socket.chunks).toHaveLength(2);
    expect(last()).toEqual({ kind: 'error', message: STUDIO_MESSAGES.ingest.tooSlow });
    expect(first.state).toBe('inactive');
    expect(socket.closedWith?.code).toBe(1000);
    expect(client.isRunning).toBe(false);
  });

  test('a dropped connection is tried again, with a new recorder, and continues the stream', () => {
    jest.useFakeTimers();
    const { client, sockets, latest, recorder, accept, last } = setUp();
    client.start();
    accept();
    latest().push({ type: 'live' });
    const first = recorder();

    latest().drop(1006);
    expect(last()).toEqual({ kind: 'reconnecting' });
    expect(first.state).toBe('inactive');
    first.emit([9]);
    expect(sockets[0]?.chunks).toHaveLength(0);

    jest.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    accept();
    // A new recorder: its first chunk carries the WebM header the server starts again from.
    expect(recorder()).not.toBe(first);
    recorder().emit([7, 7]);
    expect(latest().chunks).toHaveLength(1);
    latest().push({ type: 'live' });
    expect(last()).toEqual({ kind: 'live' });
  });

  test('gives up after 30 s without the server, and says so', () => {
    jest.useFakeTimers();
    const { client, sockets, latest, accept, last } = setUp();
    client.start();
    accept();
    latest().drop(1006);
    // Every attempt fails at once: 1 s, 2 s, 4 s, 8 s, 8 s, then what is left of the 30 s.
    for (let i = 0; i < 20 && last()?.kind === 'reconnecting'; i += 1) {
      jest.advanceTimersByTime(8000);
      if (latest().readyState !== 3) latest().drop(1006);
    }
    expect(last()).toEqual({ kind: 'error', message: 'The connection to the server was lost for 30 seconds. Press Send camera again to continue.' });
    const attempts = sockets.length;
    jest.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(attempts);
    expect(attempts).toBeGreaterThan(4);
  });

  test('a connection the server cannot read (1011) is tried again; after 30 s its reason is shown', () => {
    jest.useFakeTimers();
    const { client, sockets, latest, accept, last } = setUp();
    client.start();
    accept();
    latest().push({ type: 'error', code: 'ingest_failed', message: 'The server could not read this recording' });
    latest().drop(1011);
    expect(last()).toEqual({ kind: 'reconnecting' });
    for (let i = 0; i < 20 && last()?.kind === 'reconnecting'; i += 1) {
      jest.advanceTimersByTime(8000);
      if (latest().readyState !== 3) latest().drop(1006);
    }
    expect(sockets.length).toBeGreaterThan(2);
    expect(last()).toEqual({ kind: 'error', message: 'The server could not read this recording' });
  });

  test.each([
    [4401, 'Your session has expired. Sign in again to go live.'],
    [4403, 'This is not your stream.'],
    [4404, 'This stream has ended or does not exist.'],
    [4415, 'The server cannot take this browser’s video format. Stream from OBS instead.'],
    [4409, 'Another browser window took over this stream.'],
    [4503, 'Streaming from the browser is off on this server. Stream from OBS instead.'],
    [1009, 'The browser sent more than the server takes at once.'],
    [1008, 'The server stopped this stream: it was sending too fast.'],
  ])('close %i is final: no retry, and the reason is shown', (code, message) => {
    jest.useFakeTimers();
    const { client, sockets, latest, accept, recorder, last } = setUp();
    client.start();
    accept();
    latest().drop(code);
    expect(last()).toEqual({ kind: 'error', message });
    expect(recorder().state).toBe('inactive');
    jest.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  test("the server's own error message is shown when it came before the close", () => {
    const { client, latest, last } = setUp();
    client.start();
    latest().open();
    latest().push({ type: 'error', code: 'unsupported_mime', message: 'This format is not supported: video/x-foo' });
    latest().drop(4415);
    expect(last()).toEqual({ kind: 'error', message: 'This format is not supported: video/x-foo' });
  });

  test('a normal close (the stream ended) stops without retrying', () => {
    jest.useFakeTimers();
    const { client, sockets, latest, accept, last } = setUp();
    client.start();
    accept();
    latest().drop(1000);
    expect(last()).toEqual({ kind: 'ended' });
    jest.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.isRunning).toBe(false);
  });

  test('stop() stops recording and closes the socket normally; nothing more is sent', () => {
    const { client, latest, accept, recorder } = setUp();
    client.start();
    accept();
    const socket = latest();
    client.stop();
    expect(recorder().state).toBe('inactive');
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'stopped' });
    recorder().emit([1]);
    expect(socket.chunks).toHaveLength(0);
  });

  test('without a token it does not connect', () => {
    const { client, sockets, last } = setUp(null);
    client.start();
    expect(sockets).toHaveLength(0);
    expect(last()).toEqual({ kind: 'error', message: 'Your session has expired. Sign in again to go live.' });
  });
});

describe('formats and addresses', () => {
  test('the first supported video format, H.264 first; Opus alone for Audio Only; null when none', () => {
    expect(pickRecorderMime(false, () => true)).toBe('video/webm;codecs=h264,opus');
    expect(pickRecorderMime(false, (type) => type.includes('vp8') || type.includes('vp9'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecorderMime(true, () => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecorderMime(false, () => false)).toBeNull();
    expect(recorderOptions('audio/webm;codecs=opus')).toEqual({ mimeType: 'audio/webm;codecs=opus' });
  });

  test('ws:// on an http page, wss:// on an https one', () => {
    expect(ingestUrl('a b', 'http://localhost:3000')).toBe('ws://localhost:3000/api/live/a%20b/ingest');
    expect(ingestUrl('s1', 'https://scriven.example')).toBe('wss://scriven.example/api/live/s1/ingest');
  });
});

import { ws, type WebSocketHandlerConnection } from 'msw';
import { mockDb } from '../../../mocks/db';
import { liveDb } from '../../../mocks/liveDb';
import { markMockStreamLive } from '../mocks';

type Client = WebSocketHandlerConnection['client'];

/** The browser ingest (`/api/live/{id}/ingest`) as the server runs it (CONTRACT: browser ingest). */
export const ingestLink = ws.link(/\/api\/live\/[^/?#]+\/ingest(\?.*)?$/);

/** The formats the server takes, normalised (lower case, no spaces, avc1 as h264, codecs in any order). */
const ACCEPTED = ['video/webm;codecs=h264,opus', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'audio/webm;codecs=opus'];

export function normaliseIngestMime(mime: string): string {
  const [type = '', ...params] = mime.toLowerCase().replace(/\s+/g, '').split(';');
  const codecs = params
    .find((param) => param.startsWith('codecs='))
    ?.slice('codecs='.length)
    .replace(/"/g, '')
    .split(',')
    .map((codec) => (codec.startsWith('avc1') || codec === 'h264' ? 'h264' : codec))
    .sort((a, b) => (a === 'opus' ? 1 : b === 'opus' ? -1 : a.localeCompare(b)));
  return codecs ? `${type};codecs=${codecs.join(',')}` : type;
}

/** The browser ingest of each stream now (a newer one takes over: the older closes with 4409). */
const ingests = new Map<string, Client>();

/** What the mock ingest received, per stream (tests read it). */
export const ingestReceived = new Map<string, { mime: string; chunks: number; bytes: number }>();

function streamIdOf(client: Client): string {
  const parts = client.url.pathname.split('/');
  return decodeURIComponent(parts[3] ?? '');
}

function sizeOf(data: unknown): number {
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  return 0;
}

type StartMessage = { type?: unknown; token?: unknown; mime?: unknown };

function parseStart(data: unknown): StartMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as StartMessage) : null;
  } catch {
    return null;
  }
}

const ingestHandler = ingestLink.addEventListener('connection', ({ client }) => {
  const streamId = streamIdOf(client);
  let started = false;
  let live = false;
  // The stream ended (End Live Stream, another tab): the ingest closes normally, as the server's does.
  const endWatch = setInterval(() => {
    const stream = liveDb.streams.find((s) => s.id === streamId);
    if (started && (!stream || stream.status === 'ended')) client.close(1000, 'stream ended');
  }, 1000);
  client.addEventListener('close', () => {
    clearInterval(endWatch);
    if (ingests.get(streamId) === client) ingests.delete(streamId);
  });
  const refuse = (code: number, errorCode: string, message: string) => {
    client.send(JSON.stringify({ type: 'error', code: errorCode, message }));
    client.close(code, errorCode);
  };

  client.addEventListener('message', (event) => {
    if (!started) {
      const start = parseStart(event.data);
      if (!start || start.type !== 'start') return refuse(4401, 'auth_required', 'Send {"type":"start","token":…,"mime":…} first');
      const userId = typeof start.token === 'string' ? mockDb.tokens.get(start.token) : undefined;
      if (!userId || !mockDb.users.has(userId)) return refuse(4401, 'invalid_token', 'Sign in again to go live');
      const stream = liveDb.streams.find((s) => s.id === streamId);
      if (!stream || stream.status === 'ended') return refuse(4404, 'not_found', 'This live stream has ended or does not exist');
      if (stream.userId !== userId) return refuse(4403, 'not_owner', 'Only the streamer can send to this stream');
      const mime = typeof start.mime === 'string' ? normaliseIngestMime(start.mime) : '';
      if (!ACCEPTED.includes(mime)) return refuse(4415, 'unsupported_mime', `The server cannot take ${String(start.mime)}`);
      const previous = ingests.get(streamId);
      if (previous && previous !== client) {
        previous.send(JSON.stringify({ type: 'error', code: 'taken_over', message: 'Another browser window took over this stream.' }));
        previous.close(4409, 'taken over');
      }
      ingests.set(streamId, client);
      ingestReceived.set(streamId, { mime, chunks: 0, bytes: 0 });
      started = true;
      client.send(JSON.stringify({ type: 'ready' }));
      return;
    }
    if (typeof event.data === 'string') return;
    const received = ingestReceived.get(streamId);
    if (received) {
      received.chunks += 1;
      received.bytes += sizeOf(event.data);
    }
    if (!live) {
      // The first media: the stream turns live, and the ingest says so.
      live = true;
      markMockStreamLive(streamId);
      client.send(JSON.stringify({ type: 'live' }));
    }
  });
});

/** Closes the browser ingest of `streamId` as the server would (tests: a takeover, the server's ingest turned off…). */
export function closeMockIngest(streamId: string, code: number, message: string): void {
  const client = ingests.get(streamId);
  if (!client) return;
  ingests.delete(streamId);
  client.send(JSON.stringify({ type: 'error', code: String(code), message }));
  client.close(code, message);
}

/** The creator's side of Live: the browser ingest socket. */
export const studioHandlers = [ingestHandler];

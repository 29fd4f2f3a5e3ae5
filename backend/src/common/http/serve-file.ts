import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../storage/storage.js';

export interface ServeOptions {
  contentType: string;
  /** Cache-Control for the response; private content must not be kept by shared caches. */
  cacheControl: string;
  /** When set, nginx serves the bytes (ranges included) from this internal location: `<prefix><key>`. */
  offloadPrefix?: string;
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of a file of `size` bytes; null when unsatisfiable or malformed. */
export function parseRange(header: string, size: number): { start: number; end: number } | null | 'ignore' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return 'ignore'; // multiple or unknown ranges: serve the whole file, as RFC 9110 allows
  const [, a, b] = m;
  if (a === '' && b === '') return 'ignore';
  let start: number;
  let end: number;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return null;
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end) return null;
  return { start, end };
}

/**
 * Serves a stored object with HTTP semantics players rely on: Range (206, 416), HEAD, ETag and Last-Modified,
 * If-None-Match / If-Modified-Since (304) and If-Range. Ranges up to 4 MiB are read at once through a cached file
 * handle; larger bodies are streamed from storage, never buffered whole.
 */
export async function serveStored(req: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, opts: ServeOptions): Promise<void> {
  const stat = await storage.stat(key);
  if (!stat) {
    await reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', detail: 'Not found', message: 'Not found' });
    return;
  }
  if (opts.offloadPrefix) {
    // Access is decided; nginx reads the file itself, with Range, ETag and conditional requests.
    await reply
      .header('X-Accel-Redirect', `${opts.offloadPrefix}${key}`)
      .header('Content-Type', opts.contentType)
      .header('Cache-Control', opts.cacheControl)
      .status(200)
      .send('');
    return;
  }
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.modified.getTime()).toString(36)}"`;
  const lastModified = new Date(Math.floor(stat.modified.getTime() / 1000) * 1000);
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified.toUTCString())
    .header('Cache-Control', opts.cacheControl)
    .header('Content-Type', opts.contentType)
    .header('Cross-Origin-Resource-Policy', 'same-site');

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  // If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x".
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  const notModified = inm ? inm.split(',').some((t) => weak(t) === etag || t.trim() === '*') : ims ? new Date(ims).getTime() >= lastModified.getTime() : false;
  if (notModified) {
    await reply.status(304).send();
    return;
  }

  let range: { start: number; end: number } | null | 'ignore' = 'ignore';
  const rangeHeader = req.headers.range;
  if (rangeHeader) {
    const ifRangeHeader = req.headers['if-range'];
    const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
    const fresh = !ifRange || ifRange === etag || (!ifRange.startsWith('"') && !ifRange.startsWith('W/') && new Date(ifRange).getTime() === lastModified.getTime());
    if (fresh) range = parseRange(rangeHeader, stat.size);
  }
  if (range === null) {
    await reply.status(416).header('Content-Range', `bytes */${stat.size}`).send();
    return;
  }
  if (range === 'ignore') {
    void reply.status(200).header('Content-Length', String(stat.size));
    await sendBody(req, reply, () => storage.read(key));
    return;
  }
  const r = range;
  void reply
    .status(206)
    .header('Content-Range', `bytes ${r.start}-${r.end}/${stat.size}`)
    .header('Content-Length', String(r.end - r.start + 1));
  // A small range (a player's usual request) is read at once through a cached handle, into a pooled buffer that goes
  // back to the pool once the response has been handed to the socket; larger ones stream.
  const length = r.end - r.start + 1;
  if (length <= SMALL_RANGE_BYTES && storage.readRange && req.method !== 'HEAD') {
    const pooled = rangeBuffers.take(length);
    let body: Buffer;
    try {
      body = await storage.readRange(key, r, stat.modified, pooled);
    } catch (e) {
      rangeBuffers.give(pooled);
      throw e;
    }
    // Given back only when every byte was written ('finish'); after an abort the buffer is left to the collector.
    reply.raw.once('finish', () => rangeBuffers.give(pooled));
    await reply.send(body);
    return;
  }
  await sendBody(req, reply, () => storage.read(key, r));
}

const SMALL_RANGE_BYTES = 4 * 1024 * 1024;

/**
 * Reusable buffers for range reads, by power-of-two size (64 KiB to 4 MiB): a player's ranges then allocate nothing,
 * which keeps the garbage collector (a large share of streaming's CPU time) out of the way. A few per size are kept.
 */
class BufferPool {
  private readonly free = new Map<number, Buffer[]>();

  constructor(private readonly keepPerSize: number) {}

  private sizeFor(length: number): number {
    let size = 64 * 1024;
    while (size < length) size *= 2;
    return size;
  }

  take(length: number): Buffer {
    const size = this.sizeFor(length);
    return this.free.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
  }

  give(buf: Buffer): void {
    const list = this.free.get(buf.length) ?? [];
    if (list.length < this.keepPerSize) list.push(buf);
    this.free.set(buf.length, list);
  }
}

const rangeBuffers = new BufferPool(16);

/** HEAD answers with the GET's headers, Content-Length included, and no body (Fastify would rewrite it to 0). */
async function sendBody(req: FastifyRequest, reply: FastifyReply, body: () => NodeJS.ReadableStream | Promise<Buffer>): Promise<void> {
  if (req.method === 'HEAD') {
    reply.hijack();
    reply.raw.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
    reply.raw.end();
    return;
  }
  await reply.send(await body());
}

import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
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
export async function serveStored(req: Request, reply: Response, storage: Storage, key: string, opts: ServeOptions): Promise<void> {
  const stat = await storage.stat(key);
  if (!stat) {
    reply.status(404).json({ statusCode: 404, code: 'NOT_FOUND', detail: 'Not found', message: 'Not found' });
    return;
  }
  if (opts.offloadPrefix) {
    // Access is decided; nginx reads the file itself, with Range, ETag and conditional requests.
    reply.setHeader('X-Accel-Redirect', `${opts.offloadPrefix}${key}`);
    reply.setHeader('Content-Type', opts.contentType);
    reply.setHeader('Cache-Control', opts.cacheControl);
    reply.status(200).end();
    return;
  }
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.modified.getTime()).toString(36)}"`;
  const lastModified = new Date(Math.floor(stat.modified.getTime() / 1000) * 1000);
  reply.setHeader('Accept-Ranges', 'bytes');
  reply.setHeader('ETag', etag);
  reply.setHeader('Last-Modified', lastModified.toUTCString());
  reply.setHeader('Cache-Control', opts.cacheControl);
  reply.setHeader('Content-Type', opts.contentType);
  reply.setHeader('Cross-Origin-Resource-Policy', 'same-site');

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  // If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x".
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  const notModified = inm ? inm.split(',').some((t) => weak(t) === etag || t.trim() === '*') : ims ? new Date(ims).getTime() >= lastModified.getTime() : false;
  if (notModified) {
    reply.status(304).end();
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
    // The error body, like every refusal; the range header says what the file's size is.
    const detail = 'The requested range is outside the file';
    for (const name of ['Accept-Ranges', 'ETag', 'Last-Modified', 'Content-Type']) reply.removeHeader(name);
    reply.setHeader('Content-Range', `bytes */${stat.size}`);
    reply.setHeader('Cache-Control', 'no-store');
    reply.status(416).json({ statusCode: 416, code: 'RANGE_NOT_SATISFIABLE', detail, message: detail });
    return;
  }
  if (range === 'ignore') {
    reply.status(200).setHeader('Content-Length', String(stat.size));
    await sendBody(req, reply, () => storage.read(key));
    return;
  }
  const r = range;
  reply.status(206);
  reply.setHeader('Content-Range', `bytes ${r.start}-${r.end}/${stat.size}`);
  reply.setHeader('Content-Length', String(r.end - r.start + 1));
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
    reply.once('finish', () => rangeBuffers.give(pooled));
    reply.end(body);
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

/** HEAD answers with the GET's headers, Content-Length included, and no body; a body stream is piped, never buffered. */
async function sendBody(req: Request, reply: Response, body: () => NodeJS.ReadableStream | Promise<Buffer>): Promise<void> {
  if (req.method === 'HEAD') {
    reply.end();
    return;
  }
  const content = await body();
  if (Buffer.isBuffer(content)) {
    reply.end(content);
    return;
  }
  // A client that goes away ends the read; a read that fails cuts the response (its headers are already out).
  await pipeline(content as NodeJS.ReadableStream, reply).catch(() => reply.destroy());
}

import { execFile, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './harness.js';
import { resolveBinary } from '../src/common/media/ffmpeg-binaries.js';

/** The ffmpeg and ffprobe the server uses: Debian's when installed, else the ones npm brought. */
export const FFMPEG = resolveBinary('ffmpeg');
export const FFPROBE = resolveBinary('ffprobe');

const run = promisify(execFile);

/** The first bytes of an MP4 ('ftyp' box, brand isom) and of a PNG. */
export const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
export const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Small clips made with the real ffmpeg at test time. */
export type ClipName = 'landscape' | 'portrait' | 'hd' | 'webm' | 'silent' | 'big' | 'mov';

const CLIP_ARGS: Record<ClipName, { file: string; args: string[] }> = {
  // 640x360, 2 s, H.264 + AAC
  landscape: {
    file: 'landscape.mp4',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  },
  // 360x640 (a phone clip), 2 s
  portrait: {
    file: 'portrait.mp4',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  },
  // 1280x720, 1 s: a ladder of several rungs
  hd: {
    file: 'hd.mp4',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  },
  // 320x240 VP8 + Opus in WebM
  webm: {
    file: 'clip.webm',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-shortest'],
  },
  // 640x360 without an audio stream
  silent: {
    file: 'silent.mp4',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  },
  // ~1.5 MB (several 256 KiB chunks, the last one partial)
  big: {
    file: 'big.mp4',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  },
  // QuickTime: 'ftyp' brand 'qt  '
  mov: {
    file: 'clip.mov',
    args: ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov'],
  },
};

export interface Clips {
  dir: string;
  path: Record<ClipName, string>;
  bytes(name: ClipName): Buffer;
  /** A file that is MP4 by its first bytes (an 'ftyp' box) followed by garbage: accepted at upload, not playable. */
  fakeMp4: string;
  png: string;
  text: string;
  /** A sparse file of `size` bytes that starts with a real MP4 head (no disk used for the rest). */
  sparseMp4(size: number): string;
  cleanup(): void;
}

/** Generates the named clips (once per test file) plus a few non-video files, in a temporary folder. */
export async function makeClips(names: ClipName[]): Promise<Clips> {
  const dir = mkdtempSync(join(tmpdir(), 'scriven-clips-'));
  const path = {} as Record<ClipName, string>;
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      const spec = CLIP_ARGS[name];
      const out = join(dir, spec.file);
      await run(FFMPEG, ['-v', 'error', '-y', ...spec.args, out]);
      path[name] = out;
    }),
  );
  const fakeMp4 = join(dir, 'broken.mp4');
  const head = MP4_HEAD;
  const garbage = Buffer.alloc(200_000);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
  writeFileSync(fakeMp4, Buffer.concat([head, garbage]));
  const png = join(dir, 'picture.mp4');
  writeFileSync(png, Buffer.concat([PNG_HEAD, Buffer.alloc(2000, 7)]));
  const text = join(dir, 'notes.mp4');
  writeFileSync(text, 'This is only text, renamed to look like a video file.\n'.repeat(50));
  const mp4Head = head;
  let sparse = 0;
  return {
    dir,
    path,
    bytes: (name) => readFileSync(path[name]),
    fakeMp4,
    png,
    text,
    sparseMp4(size: number) {
      sparse += 1;
      const p = join(dir, `sparse-${sparse}.mp4`);
      const fd = openSync(p, 'w');
      writeSync(fd, mp4Head, 0, mp4Head.length, 0);
      ftruncateSync(fd, size);
      closeSync(fd);
      return p;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every file (not folder) under DATA_DIR/tmp, relative to it. */
export function tmpFiles(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'tmp');
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), join(rel, e.name));
      else out.push(join(rel, e.name));
    }
  };
  walk(root, '');
  return out;
}

/** Files under DATA_DIR/media/originals (the stored originals). */
export function storedOriginals(t: TestApp): string[] {
  const dir = join(t.config.dataDir, 'media', 'originals');
  return existsSync(dir) ? readdirSync(dir) : [];
}

export type Auth = [string, string];
export type Kind = 'video' | 'reel' | 'movie';

/** POST /api/{kind}s/upload with a file (path or buffer) and fields; fields go first, as a browser form sends them. */
export function upload(t: TestApp, kind: Kind, auth: Auth | null, file: string | Buffer | null, fields: Record<string, string>, filename?: string, contentType?: string) {
  let req = t.http().post(`/api/${kind}s/upload`);
  if (auth) req = req.set(...auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file !== null) {
    const opts: { filename?: string; contentType?: string } = {};
    if (filename) opts.filename = filename;
    else if (Buffer.isBuffer(file)) opts.filename = 'clip.mp4';
    if (contentType) opts.contentType = contentType;
    req = req.attach('file', file as never, opts);
  }
  return req;
}

/** Marks an item ready as processing would (for tests of access and streaming that do not need ffmpeg). */
export async function markReady(t: TestApp, id: string): Promise<void> {
  const rows = await t.sql(`update media set status = 'ready', duration_seconds = 2, width = 640, height = 360, updated_at = now() where id = $1 returning id`, [id]);
  if (rows.length !== 1) throw new Error(`no media ${id}`);
}

export async function userIdOf(t: TestApp, auth: Auth): Promise<string> {
  const r = await t.http().get('/api/me').set(...auth);
  if (r.status !== 200) throw new Error(`me: ${r.status}`);
  return r.body.id;
}

export async function activeAccount(t: TestApp, auth: Auth): Promise<{ id: string; handle: string }> {
  const r = await t.http().get('/api/accounts').set(...auth);
  return r.body.active_account;
}

export async function setPrivacy(t: TestApp, auth: Auth, privacy: Record<string, string>): Promise<void> {
  const account = await activeAccount(t, auth);
  const r = await t.http().put(`/api/accounts/${account.id}`).set(...auth).send({ privacy_settings: privacy });
  if (r.status !== 200) throw new Error(`privacy: ${r.status} ${JSON.stringify(r.body)}`);
}

export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The listening app's base URL (listens on a free loopback port the first time). */
export async function baseUrl(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  const a = server.address() as AddressInfo;
  return `http://127.0.0.1:${a.port}`;
}

/** Runs ffprobe on a URL or path; resolves with its JSON output, rejects with stderr. */
export function ffprobe(target: string, extra: string[] = []): Promise<{ streams: { codec_type: string; width?: number; height?: number }[]; format: { duration?: string; format_name?: string } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extra, target], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ffprobe ${target} exited ${code}: ${err}`))));
  });
}

/** Collects a supertest response body as bytes, whatever its content type. */
export function binary(res: NodeJS.ReadableStream & { setEncoding?: unknown }, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
  res.on('error', (e: Error) => cb(e, Buffer.alloc(0)));
}

export function openConnections(t: TestApp): Promise<number> {
  return new Promise((resolve, reject) => t.app.getHttpServer().getConnections((e: Error | null, n: number) => (e ? reject(e) : resolve(n))));
}

/**
 * Sends a multipart form (fields, then a file of `total` bytes starting with `first`) over a raw connection, as a
 * browser does: writing as fast as the server reads, listening for a response meanwhile. Reports what happened
 * within 5 seconds (then gives up); in every case it closes its side at the end.
 */
export async function sendSlowly(
  t: TestApp,
  path: string,
  token: string,
  fields: Record<string, string>,
  first: Buffer,
  total: number,
): Promise<{ status?: number; body: string; connection?: string; bodySent: boolean; closed: boolean }> {
  const url = new URL(path, await baseUrl(t));
  const boundary = '----scriven-slow';
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const out = { status: undefined as number | undefined, body: '', connection: undefined as string | undefined, bodySent: false, closed: false };
  let ended = false;
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: 'POST',
      // A connection of its own: with the shared keep-alive agent, a finished socket would go back to the pool
      // instead of closing, and the server would rightly keep it open for its keep-alive timeout.
      agent: false,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + total + tail.length) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve();
    }, 5_000);
    const settle = () => {
      if (ended && (out.bodySent || out.closed)) {
        clearTimeout(timer);
        // The client is done: it closes its side (a server must then let the connection go).
        setImmediate(() => req.destroy());
        resolve();
      }
    };
    req.on('response', (res) => {
      out.status = res.statusCode;
      out.connection = res.headers.connection;
      res.on('data', (d: Buffer) => (out.body += d.toString()));
      res.on('end', () => {
        ended = true;
        settle();
      });
    });
    req.on('error', () => undefined);
    req.on('finish', () => {
      out.bodySent = true;
      settle();
    });
    req.on('close', () => {
      out.closed = true;
      settle();
    });
    req.write(head);
    req.write(first);
    let sent = first.length;
    const pump = () => {
      while (sent < total) {
        const n = Math.min(64 * 1024, total - sent);
        sent += n;
        if (!req.write(Buffer.alloc(n, 1))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
  return out;
}

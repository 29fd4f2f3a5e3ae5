#!/usr/bin/env node
// npm run bench:live (and part of npm run bench unless BENCH_LIVE=0): the live benchmarks of issue 13, on the built
// server (a fresh database: a new one on DATABASE_URL's server, else the embedded server of a temporary data directory).
//  1. Glass-to-glass latency. This process is the camera: it hands 1280x720 frames (testsrc2, rendered once) and their
//     audio (a sine) to an `ffmpeg -c:v libx264 -preset veryfast -tune zerolatency -g 30 -c:a aac -f flv` publisher
//     over pipes, one frame every 1/30 s, noting when it handed each over. A reader does what an LL-HLS player does:
//     blocking playlist reloads (_HLS_msn/_HLS_part for the hinted part), then fetches each new part. A part's latency
//     is the time its bytes were received minus the time its first frame was handed to the encoder (frame n is the one
//     whose media time, the part's tfdt less the first part's, is n/30 s; the first frame waits longest in its part).
//     BENCH_LIVE_SECONDS (20) are measured after a 5 s warm-up. Goal: p95 at most 3 s. Also shown: the segments'
//     PROGRAM-DATE-TIME (the server's arrival time of their first frame) less that frame's hand-over time, which checks
//     the frame numbering (it is the encoder's and the network's part alone).
//  2. Chat fan-out: BENCH_LIVE_SOCKETS (2,000) visitor sockets follow one stream's room (`live:<id>`) over
//     /api/realtime, held by two receiver threads of this process (a minimal WebSocket client: `ws`'s costs about as
//     much CPU per message as the server's send, on the cores they share); BENCH_LIVE_SENDERS (20) signed-in users each send a
//     chat message (POST /api/live/<id>/comment) every 2/3 s (the limit: 3 per 2 s) plus 25 ms, for BENCH_LIVE_SECONDS.
//     Each message carries its send time; a delivery's latency is its receipt less that time. The first 2 s are a
//     warm-up, not in the percentiles. Goal: p95 under 100 ms on one process. Then the same with two server processes
//     sharing Redis (BENCH_LIVE_REDIS_URL, else REDIS_URL, else redis://127.0.0.1:6379; skipped when Redis does not
//     answer; the one-process run uses the default bus, PostgreSQL NOTIFY), sockets and
//     senders split between them. The gateway allows 50 sockets per address (MAX_SOCKETS_PER_ADDRESS, a constant), so
//     the sockets come from 40 each of the loopback addresses 127.0.0.2, 127.0.0.3, … The CPU the server, this
//     process and the rest of the machine used meanwhile is shown: on a shared machine other programs' load shows there.
//  3. Ingest cost: BENCH_LIVE_STREAMS (10) streams published at once from one pre-encoded 720p30 H.264/AAC FLV (10 s,
//     keyframe each second, 3.5 Mb/s; made once and kept in the system's temporary directory) with `ffmpeg -re
//     -stream_loop -1 -c copy`, for about 40 s: the CPU the server process and its ffmpeg children used over 30 s of
//     it (from /proc; the database is not counted), per stream; and each stream's segments, read from its playlist
//     every second: missing sequence numbers, EXT-X-DISCONTINUITY, and the sum of the segments' durations against the
//     wall time they span (PROGRAM-DATE-TIME), the first segment left out (it holds what queued while the stream
//     started, media that arrived faster than real time; its duration is printed apart). Goal: no gaps.
// BENCH_LIVE_ONLY=latency|chat|ingest runs one part; BENCH_LIVE_TRACE=1 prints the phases' times and the chat's p95 by
// second. The whole run takes about 2.5 minutes on a 2-core machine.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createConnection } from 'node:net';
import { benchDatabase, freePort, signUp, startApp } from './lib.mjs';
import { percentile } from './corpus.mjs';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 2000);
const SENDERS = Number(process.env.BENCH_LIVE_SENDERS ?? 20);
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10);
const REDIS_URL = process.env.BENCH_LIVE_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Sockets per loopback address: under the gateway's MAX_SOCKETS_PER_ADDRESS (50). */
const PER_ADDRESS = 40;
const RECEIVER_THREADS = 2;
const FPS = 30;
const [W, H] = [1280, 720];
const trace = (what) => process.env.BENCH_LIVE_TRACE && console.error(`  [${new Date().toISOString().slice(11, 23)}] ${what}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const f1 = (v) => (v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1));
const stats = (xs) => ({ n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99), max: xs.reduce((a, b) => (b > a ? b : a), -Infinity) });

// ---------------------------------------------------------------------------------------------------------------
// The receiver threads of the chat benchmark (this same file, run as a worker).
// ---------------------------------------------------------------------------------------------------------------
if (!isMainThread) {
  // A minimal WebSocket client (RFC 6455: the upgrade, masked text frames out, unmasked frames in, pings answered): the
  // `ws` package's client costs about as much CPU per message as the server's send, on a machine the two share.
  const { sockets, room } = workerData;
  const open = [];
  const sent = [];
  const lat = [];
  const counts = new Map();
  let closedEarly = 0;
  let collecting = false;
  /** A client frame: FIN, the opcode, masked with a zero key (allowed: the mask leaves the payload as it is). */
  const frame = (op, data) => {
    const p = Buffer.from(data);
    const head = p.length < 126 ? Buffer.from([0x80 | op, 0x80 | p.length]) : Buffer.from([0x80 | op, 0x80 | 126, p.length >> 8, p.length & 255]);
    return Buffer.concat([head, Buffer.alloc(4), p]);
  };
  const connect = ({ port, localAddress }) =>
    new Promise((resolve) => {
      const sock = createConnection({ host: '127.0.0.1', port, localAddress });
      let buf = Buffer.alloc(0);
      let upgraded = false;
      let subscribed = false;
      const finish = (why) => {
        if (subscribed) return;
        if (!why) {
          subscribed = true;
          open.push(sock);
        }
        resolve(why);
      };
      const text = (payload, now) => {
        if (!subscribed) {
          if (payload.includes('"type":"subscribed"')) finish(null);
          else if (payload.includes('"type":"error"')) finish(payload.toString());
          return;
        }
        // {"event":"comment",…,"message":"bench <send ms> <sender>.<n>",…}: read without a full JSON parse.
        const i = payload.indexOf('"message":"bench ');
        if (i < 0 || !payload.includes('"event":"comment"')) return;
        const m = /^"message":"bench (\d+) (\d+\.\d+)"/.exec(payload.toString('latin1', i, i + 80));
        if (!m) return;
        const at = Number(m[1]);
        sent.push(at);
        lat.push(now - at);
        counts.set(m[2], (counts.get(m[2]) ?? 0) + 1);
      };
      sock.setNoDelay(true);
      sock.on('connect', () => sock.write(`GET /api/realtime HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`));
      sock.on('error', (e) => finish(e.message));
      sock.on('close', () => {
        if (!subscribed) finish('closed');
        else if (!collecting) closedEarly++;
      });
      sock.on('data', (d) => {
        const now = Date.now();
        buf = buf.length ? Buffer.concat([buf, d]) : d;
        if (!upgraded) {
          const e = buf.indexOf('\r\n\r\n');
          if (e < 0) return;
          const head = buf.toString('latin1', 0, e);
          if (!head.startsWith('HTTP/1.1 101')) {
            sock.destroy();
            return finish(head.split('\r\n')[0]);
          }
          upgraded = true;
          buf = buf.subarray(e + 4);
          sock.write(frame(1, JSON.stringify({ type: 'subscribe', room })));
        }
        while (buf.length >= 2) {
          const op = buf[0] & 0x0f;
          let len = buf[1] & 0x7f;
          let off = 2;
          if (len === 126) {
            if (buf.length < 4) break;
            len = buf.readUInt16BE(2);
            off = 4;
          } else if (len === 127) {
            if (buf.length < 10) break;
            len = Number(buf.readBigUInt64BE(2));
            off = 10;
          }
          if (buf.length < off + len) break;
          const payload = buf.subarray(off, off + len);
          buf = buf.subarray(off + len);
          if (op === 1) text(payload, now);
          else if (op === 9) sock.write(frame(10, payload));
          else if (op === 8) {
            if (!subscribed) finish(`closed ${payload.length >= 2 ? payload.readUInt16BE(0) : ''} ${payload.toString('utf8', 2)}`);
            sock.destroy();
          }
        }
      });
    });
  (async () => {
    const failures = [];
    for (let i = 0; i < sockets.length; i += 100) {
      const batch = await Promise.all(sockets.slice(i, i + 100).map(connect));
      for (const f of batch) if (f) failures.push(f);
    }
    parentPort.postMessage({ type: 'ready', open: open.length, failures: failures.slice(0, 5), failed: failures.length });
  })();
  parentPort.on('message', (m) => {
    if (m !== 'collect') return;
    collecting = true;
    parentPort.postMessage({ type: 'result', sent, lat, counts: Object.fromEntries(counts), closedEarly });
    for (const sock of open) sock.destroy();
    setTimeout(() => process.exit(0), 100);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// fMP4 and playlists
// ---------------------------------------------------------------------------------------------------------------
function* boxes(buf, start = 0, end = buf.length) {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) return;
    yield { type, start: at, body: at + header, end: Math.min(end, at + size) };
    at += size;
  }
}
const child = (buf, box, type) => [...boxes(buf, box.body, box.end)].find((b) => b.type === type);

/** The init segment's tracks: id → { handler, timescale }. */
function initTracks(buf) {
  const out = new Map();
  const moov = [...boxes(buf)].find((b) => b.type === 'moov');
  for (const trak of boxes(buf, moov.body, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(buf, trak, 'tkhd');
    const id = buf.readUInt32BE(tkhd.body + (buf[tkhd.body] === 1 ? 20 : 12));
    const mdia = child(buf, trak, 'mdia');
    const mdhd = child(buf, mdia, 'mdhd');
    const timescale = buf.readUInt32BE(mdhd.body + (buf[mdhd.body] === 1 ? 20 : 12));
    const hdlr = child(buf, mdia, 'hdlr');
    out.set(id, { handler: buf.toString('latin1', hdlr.body + 8, hdlr.body + 12), timescale });
  }
  return out;
}

/** A fragment's base media decode time (tfdt) of the track `trackId`, in its timescale. */
function fragmentTfdt(buf, trackId) {
  for (const moof of boxes(buf)) {
    if (moof.type !== 'moof') continue;
    for (const traf of boxes(buf, moof.body, moof.end)) {
      if (traf.type !== 'traf') continue;
      const tfhd = child(buf, traf, 'tfhd');
      if (buf.readUInt32BE(tfhd.body + 4) !== trackId) continue;
      const tfdt = child(buf, traf, 'tfdt');
      return buf[tfdt.body] === 1 ? Number(buf.readBigUInt64BE(tfdt.body + 4)) : buf.readUInt32BE(tfdt.body + 4);
    }
  }
  return null;
}

/** An LL-HLS playlist: its parts in order, its complete segments (duration, PDT, discontinuity), the preload hint. */
function parsePlaylist(text) {
  const parts = [];
  const segments = new Map();
  let hint = null;
  let mediaSequence = null;
  let pdt = null;
  let discontinuity = false;
  let extinf = null;
  for (const line of text.split('\n')) {
    let m;
    if ((m = /^#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(line))) mediaSequence = Number(m[1]);
    else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if ((m = /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/.exec(line))) pdt = Date.parse(m[1]);
    else if ((m = /^#EXT-X-PART:.*URI="p(\d+)\.(\d+)\.m4s"/.exec(line))) {
      parts.push({ msn: Number(m[1]), part: Number(m[2]), uri: `p${m[1]}.${m[2]}.m4s` });
      if (Number(m[2]) === 0) segments.set(Number(m[1]), { ...(segments.get(Number(m[1])) ?? {}), pdt, discontinuity, complete: false });
    } else if ((m = /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.(\d+)\.m4s"/.exec(line))) hint = { msn: Number(m[1]), part: Number(m[2]) };
    else if ((m = /^#EXTINF:([\d.]+),/.exec(line))) extinf = Number(m[1]);
    else if ((m = /^s(\d+)\.m4s$/.exec(line.trim()))) {
      segments.set(Number(m[1]), { pdt, discontinuity, dur: extinf, complete: true });
      discontinuity = false;
      extinf = null;
    }
  }
  return { parts, segments, hint, mediaSequence };
}

// ---------------------------------------------------------------------------------------------------------------
// CPU from /proc
// ---------------------------------------------------------------------------------------------------------------
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function procStat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / CLK_TCK };
  } catch {
    return null;
  }
}
/** The machine's busy CPU seconds so far (every core; time stolen by the hypervisor is not busy). */
function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: (f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3] - (f[4] || 0) - (f[7] || 0)) / CLK_TCK };
  } catch {
    return null;
  }
}
/** The CPU seconds so far of `pid` and of its descendants named ffmpeg (the database's processes are left out). */
function serverCpu(pids) {
  const all = new Map();
  for (const e of readdirSync('/proc')) if (/^\d+$/.test(e)) {
    const s = procStat(Number(e));
    if (s) all.set(Number(e), s);
  }
  const out = { node: 0, ffmpeg: new Map() };
  for (const pid of pids) out.node += all.get(pid)?.cpu ?? 0;
  const under = (pid) => {
    for (let p = all.get(pid)?.ppid; p; p = all.get(p)?.ppid) if (pids.includes(p)) return true;
    return false;
  };
  for (const [pid, s] of all) if (s.comm === 'ffmpeg' && under(pid)) out.ffmpeg.set(pid, s.cpu);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The server and its users
// ---------------------------------------------------------------------------------------------------------------
async function startServer(label, extra = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `scriven-bench-live-${label}-`));
  const port = await freePort();
  const pgPort = await freePort();
  const rtmpPort = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    JOBS_ENABLED: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    EMBEDDED_PG_PORT: String(pgPort),
    LIVE_RTMP_PORT: String(rtmpPort),
    ...extra,
  };
  const database = await benchDatabase(`live_${label}`, env, dataDir, pgPort);
  const app = startApp(env);
  const servers = [{ app, base: `http://127.0.0.1:${port}`, port }];
  try {
    await app.ready;
  } catch (e) {
    if (database.drop) await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    servers,
    base: servers[0].base,
    rtmpPort,
    dataDir,
    env,
    /** Another API process on the same database, data directory and bus (no jobs, no RTMP). */
    async addProcess() {
      const p = await freePort();
      const a = startApp({ ...env, PORT: String(p), DATABASE_URL: database.url(), JOBS_ENABLED: 'false', LIVE_RTMP_PORT: '0' });
      servers.push({ app: a, base: `http://127.0.0.1:${p}`, port: p });
      await a.ready;
    },
    async stop() {
      trace('stopping');
      for (const s of [...servers].reverse()) await s.app.stop();
      if (database.drop) await database.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      trace('stopped');
    },
  };
}

async function api(base, method, path, auth, body) {
  const r = await fetch(`${base}${path}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A signed-in user with an open stream: its id and the stream key. */
async function streamer(base, name, record) {
  const auth = await signUp(base, name);
  const stream = await api(base, 'POST', '/api/live/start', auth, { title: `Bench ${name}`, record });
  const { stream_key } = await api(base, 'GET', '/api/live/key', auth);
  return { auth, id: stream.id, key: stream_key };
}

async function waitFor(what, fn, ms, every = 100) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(every);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Glass-to-glass latency
// ---------------------------------------------------------------------------------------------------------------
/** The camera: frames and their audio handed to an encoding publisher at 30 fps; `sentAt[n]` is frame n's hand-over. */
function camera(rtmpUrl) {
  const LOOP = 60;
  const frames = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=${FPS}`, '-frames:v', String(LOOP), '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 256 * 1024 * 1024 });
  const frameBytes = (W * H * 3) / 2;
  const samplesPerFrame = 48000 / FPS;
  const tone = Buffer.alloc(48000 * 2);
  for (let i = 0; i < 48000; i++) tone.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 48000)), i * 2);
  const ff = spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error',
      '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${W}x${H}`, '-framerate', String(FPS), '-i', 'pipe:0',
      '-f', 's16le', '-ar', '48000', '-ac', '1', '-i', 'pipe:3',
      '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0',
      '-b:v', '3000k', '-maxrate', '3000k', '-bufsize', '3000k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'flv', rtmpUrl],
    { stdio: ['pipe', 'ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  ff.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
  ff.stdin.on('error', () => undefined);
  ff.stdio[3].on('error', () => undefined);
  const sentAt = [];
  let stopped = false;
  /** Frames handed over but not yet taken by ffmpeg, and the most there were at a hand-over (the encoder falling behind). */
  let inPipe = 0;
  let backlog = 0;
  const t0 = Date.now() + 50;
  const tick = () => {
    if (stopped) return;
    const n = sentAt.length;
    sentAt.push(Date.now());
    const f = n % LOOP;
    backlog = Math.max(backlog, inPipe);
    inPipe++;
    ff.stdin.write(frames.subarray(f * frameBytes, (f + 1) * frameBytes), () => inPipe--);
    const a = (n % FPS) * samplesPerFrame * 2;
    ff.stdio[3].write(tone.subarray(a, a + samplesPerFrame * 2));
    setTimeout(tick, Math.max(0, t0 + ((n + 1) * 1000) / FPS - Date.now()));
  };
  setTimeout(tick, 50);
  const exited = new Promise((r) => ff.once('close', r));
  return {
    sentAt,
    backlog: () => backlog,
    /** Counts from now on (the start, ffmpeg connecting, is not the encoder falling behind). */
    resetBacklog: () => (backlog = 0),
    error: () => err,
    pid: ff.pid,
    exited,
    stop: async () => {
      stopped = true;
      ff.stdin.end();
      ff.stdio[3].end();
      const t = setTimeout(() => ff.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(t);
    },
  };
}

async function latencyBench(srv) {
  const s = await streamer(srv.base, 'bench_latency', false);
  const hls = `${srv.base}/api/live/${s.id}/hls`;
  const cam = camera(`rtmp://127.0.0.1:${srv.rtmpPort}/live/${s.key}`);
  try {
    const get = async (path) => {
      const r = await fetch(`${hls}/${path}`);
      const body = Buffer.from(await r.arrayBuffer());
      return { status: r.status, body, at: Date.now() };
    };
    await waitFor('the first part', async () => (await get('index.m3u8')).status === 200, 20_000);
    const tracks = initTracks((await get('init-1.mp4')).body);
    const [videoId, video] = [...tracks].find(([, t]) => t.handler === 'vide');
    const first = await get('p0.0.m4s');
    if (first.status !== 200) throw new Error(`the first part: ${first.status}`);
    const tfdt0 = fragmentTfdt(first.body, videoId);
    const frameOf = (tfdt) => Math.round(((tfdt - tfdt0) / video.timescale) * FPS);

    await sleep(5000); // warm-up
    let pl = parsePlaylist((await get('index.m3u8')).body.toString());
    const seen = new Set(pl.parts.map((p) => p.uri));
    const seenSegments = new Set([...pl.segments].filter(([, v]) => v.complete).map(([k]) => k));
    const firstFrameOfSegment = new Map();
    const parts = [];
    const segmentsListed = [];
    const arrival = [];
    let reloads = 0;
    const end = Date.now() + SECONDS * 1000;
    cam.resetBacklog();
    while (Date.now() < end) {
      if (!pl.hint) {
        await sleep(50);
        pl = parsePlaylist((await get('index.m3u8')).body.toString());
        continue;
      }
      const r = await get(`index.m3u8?_HLS_msn=${pl.hint.msn}&_HLS_part=${pl.hint.part}`);
      reloads++;
      if (r.status !== 200) throw new Error(`blocking reload: ${r.status}`);
      pl = parsePlaylist(r.body.toString());
      for (const p of pl.parts) {
        if (seen.has(p.uri)) continue;
        seen.add(p.uri);
        const got = await get(p.uri);
        if (got.status !== 200) throw new Error(`${p.uri}: ${got.status}`);
        const frame = frameOf(fragmentTfdt(got.body, videoId));
        if (p.part === 0) firstFrameOfSegment.set(p.msn, frame);
        if (cam.sentAt[frame] !== undefined) parts.push(got.at - cam.sentAt[frame]);
      }
      for (const [msn, seg] of pl.segments) {
        if (!seg.complete || seenSegments.has(msn)) continue;
        seenSegments.add(msn);
        const frame = firstFrameOfSegment.get(msn);
        if (frame === undefined || cam.sentAt[frame] === undefined) continue;
        segmentsListed.push(r.at - cam.sentAt[frame]);
        arrival.push(seg.pdt - cam.sentAt[frame]);
      }
    }
    const alive = cam.sentAt.length;
    await cam.stop();
    await api(srv.base, 'POST', `/api/live/${s.id}/end`, s.auth);
    return { parts: stats(parts), segments: stats(segmentsListed), arrival: stats(arrival), reloads, frames: alive, backlog: cam.backlog() };
  } catch (e) {
    await cam.stop();
    throw new Error(`${e.message}\npublisher: ${cam.error()}\nserver: ${srv.servers[0].app.log().slice(-2000)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Chat fan-out
// ---------------------------------------------------------------------------------------------------------------
async function chatBench(srv) {
  const owner = await signUp(srv.base, 'bench_chat_streamer');
  const stream = await api(srv.base, 'POST', '/api/live/start', owner, { title: 'Chat bench', record: false });
  const room = `live:${stream.id}`;
  const senders = [];
  trace('chat: signing up');
  for (let i = 0; i < SENDERS; i++) senders.push(await signUp(srv.servers[i % srv.servers.length].base, `bench_chat_${i}`));

  // The sockets: socket j on server j % servers, from loopback address 127.0.0.(2 + j / PER_ADDRESS).
  const plan = Array.from({ length: RECEIVER_THREADS }, () => []);
  for (let j = 0; j < SOCKETS; j++) {
    const s = srv.servers[j % srv.servers.length];
    plan[j % RECEIVER_THREADS].push({ port: s.port, localAddress: `127.0.0.${2 + Math.floor(j / PER_ADDRESS)}` });
  }
  const t0 = Date.now();
  const workers = plan.map((sockets) => new Worker(new URL(import.meta.url), { workerData: { sockets, room } }));
  const next = (w) => new Promise((res, rej) => {
    w.once('message', res);
    w.once('error', rej);
  });
  const ready = await Promise.all(workers.map(next));
  const open = ready.reduce((a, r) => a + r.open, 0);
  if (open !== SOCKETS) {
    for (const w of workers) await w.terminate();
    throw new Error(`${SOCKETS - open} of ${SOCKETS} sockets could not follow the room: ${ready.flatMap((r) => r.failures).join('; ')}`);
  }
  const connectMs = Date.now() - t0;
  trace('sockets open');
  await sleep(1500); // the viewer-count events of the joins are over

  /** Just under the limit: a message 2 s after the third-last must not be counted in its window when the server's clock jitters. */
  const interval = 2000 / 3 + 25;
  const accepted = new Set();
  const refused = new Map();
  const postMs = [];
  const start = Date.now() + 100;
  const end = start + SECONDS * 1000;
  const pids = srv.servers.map((s) => s.app.pid);
  const cpu0 = { server: pids.map((p) => procStat(p)?.cpu ?? 0), bench: process.cpuUsage(), machine: machineCpu(), at: performance.now() };
  await Promise.all(
    senders.map(async (auth, i) => {
      const base = srv.servers[i % srv.servers.length].base;
      let last = -Infinity;
      for (let k = 0; ; k++) {
        // On schedule, but never closer than `interval` to this sender's previous message (a late answer is not made up for).
        const due = Math.max(start + (i * interval) / SENDERS + k * interval, last + interval);
        if (due >= end) break;
        if (due > Date.now()) await sleep(due - Date.now());
        const at = Date.now();
        last = at;
        const r = await fetch(`${base}/api/live/${stream.id}/comment`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ message: `bench ${at} ${i}.${k}` }) });
        await r.arrayBuffer();
        postMs.push(Date.now() - at);
        if (r.status === 201) accepted.add(`${i}.${k}`);
        else refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
      }
    }),
  );
  const cpu = {
    wall: (performance.now() - cpu0.at) / 1000,
    server: pids.map((p, i) => (procStat(p)?.cpu ?? cpu0.server[i]) - cpu0.server[i]),
    bench: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu0.bench)),
    machine: ((m) => m && cpu0.machine && m.busy - cpu0.machine.busy)(machineCpu()),
  };
  trace('sent');
  await sleep(3000); // the last deliveries
  const results = await Promise.all(workers.map((w) => {
    const p = next(w);
    w.postMessage('collect');
    return p;
  }));
  for (const w of workers) await w.terminate().catch(() => undefined);
  trace('collected');
  const lat = [];
  let delivered = 0;
  let closedEarly = 0;
  if (process.env.BENCH_LIVE_TRACE) {
    const buckets = new Map();
    for (const r of results) for (let i = 0; i < r.sent.length; i += 7) {
      const b = Math.floor((r.sent[i] - start) / 1000);
      buckets.set(b, [...(buckets.get(b) ?? []), r.lat[i]]);
    }
    trace(`p95 by second sent: ${[...buckets].sort((a, b) => a[0] - b[0]).map(([b, xs]) => `${b}:${percentile(xs, 95)}`).join(' ')}`);
  }
  for (const r of results) {
    closedEarly += r.closedEarly;
    for (let i = 0; i < r.sent.length; i++) if (r.sent[i] >= start + 2000) lat.push(r.lat[i]);
    for (const [id, n] of Object.entries(r.counts)) if (accepted.has(id)) delivered += n;
  }
  return { cpu, latency: stats(lat), delivered, expected: accepted.size * SOCKETS, accepted: accepted.size, refused, post: stats(postMs), connectMs, closedEarly, rate: accepted.size / SECONDS };
}

function printChat(label, r) {
  const refused = [...r.refused].map(([s, n]) => `${n} answered ${s}`).join(', ');
  console.log(`  ${label}`);
  console.log(`    ${SOCKETS} sockets following the room after ${(r.connectMs / 1000).toFixed(1)} s; ${r.accepted} messages sent (${r.rate.toFixed(1)}/s${refused ? `; ${refused}` : ''}); POST p50 ${f1(r.post.p50)} ms, p95 ${f1(r.post.p95)} ms`);
  console.log(`    delivery latency over ${r.latency.n.toLocaleString()} deliveries: p50 ${f1(r.latency.p50)} ms, p95 ${f1(r.latency.p95)} ms, p99 ${f1(r.latency.p99)} ms, max ${f1(r.latency.max)} ms`);
  console.log(`    delivered ${r.delivered.toLocaleString()} of ${r.expected.toLocaleString()} expected (${((r.delivered / r.expected) * 100).toFixed(2)}%)${r.closedEarly ? `; ${r.closedEarly} sockets were closed by the server during the run` : ''}`);
  const c = r.cpu;
  const cores = (x) => (x / c.wall).toFixed(2);
  const server = c.server.reduce((a, b) => a + b, 0);
  console.log(`    CPU while sending (cores of ${availableParallelism()}): server ${c.server.map(cores).join(' + ')}; this process (senders, receiver threads) ${cores(c.bench)}; the rest (database, Redis, others) ${c.machine === null ? '—' : cores(Math.max(0, c.machine - server - c.bench))}`);
  console.log(`    goal p95 under 100 ms: ${r.latency.p95 < 100 && r.delivered === r.expected ? 'met' : r.latency.p95 < 100 ? 'met for latency, but not every message was delivered' : 'NOT met'}`);
}

function redisAnswers() {
  const u = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = createConnection({ host: u.hostname, port: Number(u.port || 6379) });
    const t = setTimeout(() => (s.destroy(), resolve(false)), 1000);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => (clearTimeout(t), s.end(), resolve(String(d).startsWith('+PONG') || String(d).startsWith('-NOAUTH'))));
    s.once('error', () => (clearTimeout(t), resolve(false)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Ingest cost
// ---------------------------------------------------------------------------------------------------------------
/** The pre-encoded 720p30 H.264/AAC FLV (10 s, keyframe each second), made once and kept. */
function sourceFlv() {
  const path = join(tmpdir(), 'scriven-bench-live-720p30-v1.flv');
  if (existsSync(path) && statSync(path).size > 1_000_000) return { path, made: false };
  const tmp = `${path}.${process.pid}.tmp`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=${FPS}`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10',
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0', '-b:v', '3500k', '-maxrate', '3500k', '-bufsize', '7000k', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-f', 'flv', tmp]);
  execFileSync('mv', [tmp, path]);
  return { path, made: true };
}

async function ingestBench(srv) {
  const t0 = Date.now();
  const flv = sourceFlv();
  const encodeMs = Date.now() - t0;
  const streams = [];
  for (let i = 0; i < STREAMS; i++) streams.push(await streamer(srv.base, `bench_ingest_${i}`, true));
  const pids = srv.servers.map((s) => s.app.pid);
  // The server idle (no stream) for comparison.
  const idle0 = serverCpu(pids);
  await sleep(3000);
  const idleCores = (serverCpu(pids).node - idle0.node) / 3;

  const publishers = streams.map((s) => {
    const ff = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', flv.path, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${srv.rtmpPort}/live/${s.key}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    ff.stderr.on('data', (d) => (err = (err + d).slice(-1000)));
    const exited = new Promise((r) => ff.once('close', r));
    return { ff, exited, err: () => err, exitedEarly: false };
  });
  for (const p of publishers) p.exited.then(() => (p.exitedEarly = !p.stopping));
  const segs = streams.map(() => new Map());
  const media = streams.map(() => new Set());
  const poll = () => {
    streams.forEach((s, i) => {
      let text;
      try {
        text = readFileSync(join(srv.dataDir, 'live', s.id.toLowerCase(), 'index.m3u8'), 'utf8');
      } catch {
        return;
      }
      const pl = parsePlaylist(text);
      if (pl.mediaSequence !== null) media[i].add(pl.mediaSequence);
      for (const [msn, seg] of pl.segments) if (seg.complete) segs[i].set(msn, seg);
    });
  };
  const poller = setInterval(poll, 1000);
  try {
    await waitFor('every stream live', async () => {
      const live = await api(srv.base, 'GET', '/api/live/streams?limit=100');
      return streams.every((s) => live.find((x) => x.id === s.id)?.status === 'live');
    }, 30_000, 200);
    await sleep(5000); // warm-up
    const before = serverCpu(pids);
    const w0 = performance.now();
    await sleep(30_000);
    const after = serverCpu(pids);
    const wall = (performance.now() - w0) / 1000;
    poll();
    clearInterval(poller);
    const node = after.node - before.node;
    let ffmpeg = 0;
    for (const [pid, cpu] of after.ffmpeg) ffmpeg += cpu - (before.ffmpeg.get(pid) ?? 0);
    const ffmpegCount = after.ffmpeg.size;
    const early = publishers.filter((p) => p.exitedEarly);
    for (const p of publishers) {
      p.stopping = true;
      p.ff.kill('SIGTERM');
    }
    await Promise.all(publishers.map((p) => p.exited));

    // Segment continuity per stream. The first segment is left out of the comparison with wall time: it holds what
    // queued while the stream started (the key check, ffmpeg starting), which arrived faster than real time.
    const perStream = segs.map((m) => {
      const msns = [...m.keys()].sort((a, b) => a - b);
      const missing = msns.length ? msns[msns.length - 1] - msns[0] + 1 - msns.length : 0;
      const all = msns.map((k) => m.get(k));
      const list = all.slice(1);
      const sum = list.reduce((a, s) => a + s.dur, 0);
      const span = list.length ? (list[list.length - 1].pdt - list[0].pdt) / 1000 + list[list.length - 1].dur : 0;
      let worstJump = 0;
      for (let i = 1; i < list.length; i++) worstJump = Math.max(worstJump, (list[i].pdt - list[i - 1].pdt) / 1000 - list[i - 1].dur);
      return { first: all[0]?.dur ?? 0, segments: all.length, missing, discontinuities: all.filter((s) => s.discontinuity).length, sum, span, longest: list.reduce((a, s) => Math.max(a, s.dur), 0), worstJump };
    });
    return { node, ffmpeg, ffmpegCount, wall, idleCores, perStream, early: early.map((p) => p.err()), encodeMs, made: flv.made };
  } finally {
    clearInterval(poller);
    for (const p of publishers) {
      p.stopping = true;
      p.ff.kill('SIGKILL');
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
async function main() {
  const only = process.env.BENCH_LIVE_ONLY?.trim();
  if (only && !['latency', 'chat', 'ingest'].includes(only)) throw new Error(`BENCH_LIVE_ONLY must be latency, chat or ingest, not "${only}"`);
  const want = (p) => !only || only === p;
  console.log(`\nLive benchmarks (issue 13; node ${process.version}; ${process.env.DATABASE_URL ? "DATABASE_URL's server" : 'the embedded PostgreSQL'})`);
  const srv = await startServer('one', { REDIS_URL: '' });
  try {
    if (want('latency')) {
      const r = await latencyBench(srv);
      console.log(`\nGlass-to-glass latency: 1280x720 30 fps frames handed to libx264 (veryfast, zerolatency, keyframe each second) + AAC, published over RTMP; an LL-HLS reader with blocking playlist reloads (${r.reloads} in ${SECONDS} s, after a 5 s warm-up)`);
      console.log(`  frame handed to the encoder → the part holding it received by the reader (its first frame), ${r.parts.n} parts: p50 ${(r.parts.p50 / 1000).toFixed(2)} s, p95 ${(r.parts.p95 / 1000).toFixed(2)} s, max ${(r.parts.max / 1000).toFixed(2)} s`);
      console.log(`  the same to a whole segment being listed (a player without LL-HLS), ${r.segments.n} segments: p50 ${(r.segments.p50 / 1000).toFixed(2)} s, p95 ${(r.segments.p95 / 1000).toFixed(2)} s`);
      console.log(`  of which encoder and network (the segment's PROGRAM-DATE-TIME, the server's arrival of its first frame, less its hand-over): p50 ${f1(r.arrival.p50)} ms, p95 ${f1(r.arrival.p95)} ms`);
      console.log(`  the encoder ${r.backlog <= 1 ? "kept up" : "fell behind"} while measured: at most ${r.backlog} earlier frame(s) not yet taken by ffmpeg when a frame was handed over (${r.frames} frames in all)`);
      console.log(`  goal p95 at most 3 s: ${r.parts.n >= 20 && r.parts.p95 <= 3000 ? 'met' : 'NOT met'}`);
    }
    if (want('chat')) {
      console.log(`\nChat fan-out: ${SOCKETS} visitor sockets following one stream's room (2 receiver threads here), ${SENDERS} senders at the chat limit for ${SECONDS} s; latency = receipt less the send time in the message (the first 2 s left out)`);
      printChat('one server process (the realtime bus: PostgreSQL NOTIFY)', await chatBench(srv));
      if (!(await redisAnswers())) console.log(`  two server processes: skipped (Redis at ${REDIS_URL} does not answer; set BENCH_LIVE_REDIS_URL)`);
      else {
        const two = await startServer('two', { REDIS_URL, LIVE_RTMP_PORT: '0' });
        try {
          await two.addProcess();
          printChat(`two server processes sharing Redis (${REDIS_URL}), half the sockets and senders on each`, await chatBench(two));
        } finally {
          await two.stop();
        }
      }
    }
    if (want('ingest')) {
      const r = await ingestBench(srv);
      const n = STREAMS;
      const total = r.node + r.ffmpeg;
      console.log(`\nIngest: ${n} streams at once from one pre-encoded 720p30 H.264/AAC FLV (3.5 Mb/s, keyframe each second${r.made ? `; encoded in ${(r.encodeMs / 1000).toFixed(1)} s` : ''}), ffmpeg -re -stream_loop -1 -c copy, recordings on; CPU over ${r.wall.toFixed(1)} s`);
      console.log(`  the server process: ${(r.node / r.wall).toFixed(3)} cores (idle before: ${r.idleCores.toFixed(3)}); its ${r.ffmpegCount} ffmpeg children: ${(r.ffmpeg / r.wall).toFixed(3)} cores`);
      console.log(`  in all ${(total / r.wall).toFixed(3)} cores: ${((total / r.wall / n) * 100).toFixed(1)}% of a core per stream (${((r.node / r.wall / n) * 100).toFixed(1)}% Node, ${((r.ffmpeg / r.wall / n) * 100).toFixed(1)}% ffmpeg)`);
      let gaps = 0;
      r.perStream.forEach((s, i) => {
        const gap = s.span - s.sum;
        const bad = s.missing || s.discontinuities || Math.abs(gap) > 0.5 || s.worstJump > 0.5;
        if (bad) gaps++;
        console.log(`  stream ${String(i + 1).padStart(2)}: ${s.segments} segments, ${s.missing} missing, ${s.discontinuities} discontinuities; after the first (${s.first.toFixed(2)} s): durations ${s.sum.toFixed(2)} s over ${s.span.toFixed(2)} s of wall time (${gap >= 0 ? '+' : ''}${gap.toFixed(2)} s), longest ${s.longest.toFixed(2)} s, largest wait between segments ${s.worstJump.toFixed(2)} s`);
      });
      if (r.early.length) console.log(`  ${r.early.length} publishers stopped early: ${r.early.join(' | ')}`);
      console.log(`  goal no gaps (no missing segment, no discontinuity, no wait over 0.5 s, wall time within 0.5 s of the durations): ${gaps === 0 && !r.early.length ? 'met' : `NOT met (${gaps} streams)`}`);
    }
  } finally {
    await srv.stop();
  }
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

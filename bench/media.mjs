#!/usr/bin/env node
// npm run bench:media (and the second half of npm run bench): the media benchmarks of issue 4, in one run of the real
// server on free ports with a temporary data directory.
//  1. Streaming: 16 parallel keep-alive readers of random ranges of a 1 GiB file, Scriven's stream URL against
//     Debian's nginx serving the same file (the same inode, so the same page cache). Goal: at least 60% of nginx.
//  2. Chunked upload of a 2 GiB file over loopback (init, 8 MiB chunks one at a time as the browser sends them,
//     complete), as a ratio to writing the same bytes to the same disk with fs (fsync at the end). Goal: at least
//     50%; and the server's RSS growth during the upload under 100 MB.
//  3. Processing: a 10 s 1080p clip with audio, from upload to 'ready' (probe, thumbnail, the whole HLS ladder),
//     per second of source. No goal: the figure is reported.
// Knobs: BENCH_STREAM_SECONDS (10), BENCH_RANGE_MIB (1,16), BENCH_UPLOAD_GIB (2), BENCH_UPLOAD_PARALLEL (4; 1 = only the
// one-at-a-time upload), BENCH_NGINX (a path, or none), BENCH_MEDIA_CACHE.
// Generated inputs (the 1 GiB file, the clip) are kept in $BENCH_MEDIA_CACHE (default: <tmp>/scriven-bench-cache)
// and reused by later runs; everything else is removed at the end.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, linkSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, freePort, startApp, signUp } from './lib.mjs';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const MB = 1e6;
const STREAM_FILE_BYTES = GiB;
const STREAM_READERS = 16;
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 10);
const RANGE_MIBS = (process.env.BENCH_RANGE_MIB ?? '1,16').split(',').map(Number).filter((n) => n > 0);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_GIB ?? 2) * GiB;
const UPLOAD_PARALLEL = Number(process.env.BENCH_UPLOAD_PARALLEL ?? 4);
const CLIP_SECONDS = 10;
export const CACHE = process.env.BENCH_MEDIA_CACHE || join(tmpdir(), 'scriven-bench-cache');

const fmt = (n, d = 1) => n.toFixed(d);
const pct = (r) => `${(r * 100).toFixed(1)}%`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function onPath(name, extra = []) {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), ...extra]) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/** The same choice as the server: Debian's binary when on PATH, else the npm-shipped one. */
export function ffmpegBinary() {
  const system = onPath('ffmpeg');
  if (system && !system.includes('node_modules')) return system;
  try {
    return createRequire(join(root, 'backend/package.json'))('@ffmpeg-installer/ffmpeg').path;
  } catch {
    return system;
  }
}

/** BENCH_NGINX=/path/to/nginx picks one; BENCH_NGINX=none skips the comparison. */
function nginxBinary() {
  const given = process.env.BENCH_NGINX?.trim();
  if (given === 'none') return null;
  if (given) {
    try {
      accessSync(given, constants.X_OK);
      return given;
    } catch {
      return null;
    }
  }
  return onPath('nginx', ['/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin']);
}

/** The cached inputs: written once (to a temporary name, then renamed) and reused while their size is right. */
export async function ensureStreamFile() {
  const file = join(CACHE, 'stream-1GiB.bin');
  if (existsSync(file) && statSync(file).size === STREAM_FILE_BYTES) return { file, created: false };
  const temp = `${file}.${process.pid}.tmp`;
  const block = randomBytes(MiB); // real bytes: a random 1 MiB block, repeated
  const fh = await open(temp, 'w', 0o644);
  try {
    for (let off = 0; off < STREAM_FILE_BYTES; off += MiB) await fh.write(block, 0, MiB, off);
    await fh.sync();
  } finally {
    await fh.close();
  }
  chmodSync(temp, 0o644);
  renameSync(temp, file);
  return { file, created: true };
}

function ensureClip(ffmpeg) {
  const file = join(CACHE, `clip-1080p-${CLIP_SECONDS}s.mp4`);
  if (existsSync(file) && statSync(file).size > 0) return { file, created: false };
  const temp = join(CACHE, `clip.${process.pid}.tmp.mp4`);
  execFileSync(ffmpeg, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '8M',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', temp,
  ]);
  renameSync(temp, file);
  return { file, created: true };
}

/** The clip's `ftyp` box: a real MP4 head, and nothing ffprobe could play (no moov), so processing fails fast. */
function mp4Head(clip) {
  const buf = readFileSync(clip).subarray(0, 64);
  const size = buf.readUInt32BE(0);
  if (buf.toString('latin1', 4, 8) !== 'ftyp' || size > 64) throw new Error(`${clip} does not start with an ftyp box`);
  return Buffer.from(buf.subarray(0, size));
}

async function json(res, want) {
  const text = await res.text();
  if (res.status !== want) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

async function waitForStatus(base, auth, id, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await json(await fetch(`${base}/api/videos?limit=50`, { headers: auth }), 200);
    const v = list.find((x) => x.id === id);
    if (v && v.status !== 'processing') return v;
    if (Date.now() > until) throw new Error(`video ${id} still ${v ? v.status : 'missing'} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

// ---------- streaming ----------

function readers(url, rangeBytes, seconds, headers = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'bench/range-readers.mjs'), url, String(STREAM_FILE_BYTES), String(rangeBytes), String(STREAM_READERS), String(seconds), JSON.stringify(headers)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`range readers of ${url} failed: ${err.trim()}`));
      const r = JSON.parse(out);
      resolve({ ...r, mbps: r.bytes / MB / r.seconds });
    });
  });
}

/** One range read back and compared with the file, so both servers are known to serve the right bytes. */
async function checkServes(url, headers, expected) {
  const start = 5 * MiB + 12345;
  const res = await fetch(url, { headers: { ...headers, range: `bytes=${start}-${start + 65535}` } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 206 || !body.equals(expected.subarray(start % MiB, (start % MiB) + 65536))) throw new Error(`${url} does not serve the expected bytes (status ${res.status})`);
}

async function startNginx(bin, file, tempRoot) {
  const prefix = mkdtempSync(join(tempRoot, 'nginx-'));
  const port = await freePort();
  const v = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  const version = `${v.stdout ?? ''}${v.stderr ?? ''}`;
  const conf = `# Generated by bench/media.mjs: Debian's defaults for static files (worker_processes auto, sendfile, tcp_nopush).
daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  default_type video/mp4;
  server {
    listen 127.0.0.1:${port};
    location = /media.mp4 { alias ${file}; }
  }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const child = spawn(bin, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  child.on('error', (e) => (err += e.message));
  const exited = new Promise((res) => child.once('exit', res));
  const url = `http://127.0.0.1:${port}/media.mp4`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`);
    try {
      if ((await fetch(url, { method: 'HEAD' })).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 200) throw new Error('nginx did not answer within 10 s');
    await sleep(50);
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // graceful: the master waits for its workers
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  return { url, stop, version: (/nginx\/(\S+)/.exec(version + err)?.[1] ?? '?') };
}

export async function streamingBench({ base, auth, video, dataDir, bigFile, tempRoot, cleanups }) {
  // Whatever file is stored under the video's key is what the stream endpoint serves (size and ETag read from disk).
  const originals = join(dataDir, 'media', 'originals');
  const keys = readdirSync(originals);
  if (keys.length !== 1) throw new Error(`expected one stored original, found ${keys.length}`);
  const stored = join(originals, keys[0]);
  unlinkSync(stored);
  try {
    linkSync(bigFile, stored); // the same inode as nginx's file: the same page cache
  } catch {
    copyFileSync(bigFile, stored);
  }
  const block = Buffer.alloc(MiB);
  const fh = await open(stored, 'r');
  await fh.read(block, 0, MiB, 0);
  const scratch = Buffer.alloc(16 * MiB);
  for (let off = 0; off < STREAM_FILE_BYTES; off += 16 * MiB) await fh.read(scratch, 0, 16 * MiB, off); // into the page cache
  await fh.close();
  const scrivenUrl = `${base}${video.stream_url}`;
  await checkServes(scrivenUrl, auth, block);

  const nginxBin = nginxBinary();
  let nginx = null;
  let nginxNote = '';
  if (!nginxBin) nginxNote = `nginx not found${process.env.BENCH_NGINX ? ` (BENCH_NGINX=${process.env.BENCH_NGINX})` : ' on PATH or in /usr/sbin'}: the comparison with nginx is skipped (install Debian's: apt-get install nginx)`;
  else {
    try {
      nginx = await startNginx(nginxBin, bigFile, tempRoot);
      cleanups.push(nginx.stop);
      await checkServes(nginx.url, {}, block);
    } catch (e) {
      nginxNote = `nginx (${nginxBin}) could not be started, the comparison is skipped: ${e.message.split('\n')[0]}`;
      if (nginx) await nginx.stop();
      nginx = null;
    }
  }

  // Warm-up, not counted.
  await readers(scrivenUrl, MiB, 2, auth);
  if (nginx) await readers(nginx.url, MiB, 2);
  const rows = [];
  for (const mib of RANGE_MIBS) {
    const n = nginx ? await readers(nginx.url, mib * MiB, STREAM_SECONDS) : null;
    const s = await readers(scrivenUrl, mib * MiB, STREAM_SECONDS, auth);
    rows.push({ mib, s, n, ratio: n ? s.mbps / n.mbps : null });
  }
  if (nginx) {
    await nginx.stop();
    cleanups.splice(cleanups.indexOf(nginx.stop), 1);
  }
  return { rows, nginx, nginxNote };
}

// ---------- chunked upload ----------

/** Writes `total` bytes in `chunkSize` pieces (the chunks the upload sends) to a file on the data disk, then fsync. */
async function diskWrite(path, total, chunkSize, chunkAt) {
  const t0 = performance.now();
  const fh = await open(path, 'w');
  try {
    for (let i = 0, off = 0; off < total; i++, off += chunkSize) {
      const c = chunkAt(i);
      const len = Math.min(chunkSize, total - off);
      await fh.write(c, 0, len, off);
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  rmSync(path, { force: true });
  return { seconds, mbps: total / MB / seconds };
}

function rssKiB(pid, field = 'VmRSS') {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** How chunks are sent: 'multipart' (the seed's form, what the web app sends; the default) or 'raw' (application/octet-stream). */
const UPLOAD_MODE = process.env.BENCH_UPLOAD_MODE === 'raw' ? 'raw' : 'multipart';

function postChunk(agent, base, auth, sessionId, index, data, length) {
  if (UPLOAD_MODE === 'raw') {
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}/api/videos/upload/chunk/${sessionId}?chunk_index=${index}`,
        { method: 'POST', agent, headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': length } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`chunk ${index}: ${res.statusCode} ${text}`))));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(length === data.length ? data : data.subarray(0, length));
    });
  }
  const boundary = `----scriven-bench-${randomBytes(8).toString('hex')}`;
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="chunk_index"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/videos/upload/chunk/${sessionId}`,
      { method: 'POST', agent, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': pre.length + length + post.length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`chunk ${index}: ${res.statusCode} ${text}`))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(pre);
    req.write(length === data.length ? data : data.subarray(0, length));
    req.end(post);
  });
}

/** init, every chunk (`parallel` in flight), complete; the server's VmRSS sampled throughout. */
async function chunkedUpload({ base, auth, app, total, parallel, chunkAt }) {
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const rssBefore = rssKiB(app.pid);
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${app.pid}/clear_refs`, '5'); // resets VmHWM, the kernel's own peak, to the current RSS
    hwmReset = true;
  } catch {
    /* sampling alone */
  }
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKiB(app.pid) ?? 0)), 20);
  const t0 = performance.now();
  try {
    const session = await json(
      await fetch(`${base}/api/videos/upload/init`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ filename: 'bench-2GiB.mp4', total_size: total, title: 'Chunked upload benchmark' }),
      }),
      201,
    );
    const { chunk_size: chunkSize, total_chunks: chunks, session_id: id } = session;
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = next++; i < chunks; i = next++) await postChunk(agent, base, auth, id, i, chunkAt(i), Math.min(chunkSize, total - i * chunkSize));
      }),
    );
    const video = await json(await fetch(`${base}/api/videos/upload/complete/${id}`, { method: 'POST', headers: auth }), 201);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssKiB(app.pid) ?? 0);
    if (hwmReset) rssPeak = Math.max(rssPeak, rssKiB(app.pid, 'VmHWM') ?? 0);
    return { seconds, mbps: total / MB / seconds, chunkSize, chunks, video, rssBefore, rssPeak, growthMB: ((rssPeak - rssBefore) * 1024) / MB };
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
}

// ---------- processing ----------

async function processingBench({ base, auth, clip }) {
  const form = new FormData();
  form.append('title', 'Processing benchmark (1080p)');
  form.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip-1080p.mp4');
  const t0 = performance.now();
  const created = await json(await fetch(`${base}/api/videos/upload`, { method: 'POST', headers: auth, body: form }), 201);
  const uploaded = performance.now();
  const video = await waitForStatus(base, auth, created.id, 600_000);
  const seconds = (performance.now() - t0) / 1000;
  let ladder = [];
  if (video.status === 'ready' && video.hls_url) {
    const master = await (await fetch(`${base}${video.hls_url}`, { headers: auth })).text();
    ladder = [...master.matchAll(/RESOLUTION=(\d+)x(\d+)/g)].map((m) => `${Math.min(Number(m[1]), Number(m[2]))}p`);
  }
  return { video, seconds, uploadSeconds: (uploaded - t0) / 1000, ladder };
}

// ---------- the run ----------

export async function runMediaBench() {
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()().catch(() => undefined);
  };
  const onSignal = (sig) => {
    cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const began = performance.now();
  try {
    const ffmpeg = ffmpegBinary();
    if (!ffmpeg) throw new Error('no ffmpeg: neither on PATH nor from @ffmpeg-installer/ffmpeg');
    mkdirSync(CACHE, { recursive: true, mode: 0o755 });
    chmodSync(CACHE, 0o755); // nginx's workers may run as nobody
    const big = await ensureStreamFile();
    const clip = ensureClip(ffmpeg);
    const head = mp4Head(clip.file);

    const tempRoot = mkdtempSync(join(tmpdir(), 'scriven-bench-media-'));
    chmodSync(tempRoot, 0o755); // the embedded PostgreSQL and nginx's workers may run as other users
    cleanups.push(async () => rmSync(tempRoot, { recursive: true, force: true }));
    const dataDir = join(tempRoot, 'data');
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', EMBEDDED_PG_PORT: String(await freePort()) };
    if (process.env.DATABASE_URL) console.log('Note: DATABASE_URL is set; the media bench uses that server.');
    const app = startApp(env);
    cleanups.push(app.stop);
    await app.ready;
    const base = `http://127.0.0.1:${port}`;
    const auth = await signUp(base, `bm_${randomBytes(5).toString('hex')}`);

    // 3 first, on an idle server: its video then carries the 1 GiB file for 1.
    const proc = await processingBench({ base, auth, clip: clip.file });
    const stream = await streamingBench({ base, auth, video: proc.video, dataDir, bigFile: big.file, tempRoot, cleanups });

    const block = randomBytes(8 * MiB);
    const first = Buffer.concat([head, block.subarray(head.length)]);
    const chunkAt = (i) => (i === 0 ? first : block);
    // The disk is measured before and after the upload (the machine may be shared); the reference is their mean.
    const diskFile = join(dataDir, 'tmp', 'bench-disk-write.bin');
    const diskBefore = await diskWrite(diskFile, UPLOAD_BYTES, 8 * MiB, chunkAt);
    const seq = await chunkedUpload({ base, auth, app, total: UPLOAD_BYTES, parallel: 1, chunkAt });
    const diskAfter = await diskWrite(diskFile, UPLOAD_BYTES, 8 * MiB, chunkAt);
    const disk = { mbps: (diskBefore.mbps + diskAfter.mbps) / 2 };
    const seqOutcome = await waitForStatus(base, auth, seq.video.id, 120_000);
    let par = null;
    if (UPLOAD_PARALLEL > 1) {
      par = await chunkedUpload({ base, auth, app, total: UPLOAD_BYTES, parallel: UPLOAD_PARALLEL, chunkAt });
      await waitForStatus(base, auth, par.video.id, 120_000);
    }
    await app.stop();
    cleanups.splice(cleanups.indexOf(app.stop), 1);

    // ---------- report ----------
    const cpus = availableParallelism();
    console.log(`\nScriven media benchmarks (node ${process.version}, ${cpus} CPUs, ${fmt((performance.now() - began) / 1000, 0)} s; MB = 10^6 bytes)`);
    if (big.created || clip.created) console.log(`Inputs generated in ${CACHE} (kept for later runs).`);

    console.log(`\nStreaming: ${STREAM_READERS} parallel keep-alive readers of random ranges of a 1 GiB file (random bytes, in the page cache), ${STREAM_SECONDS} s per run`);
    if (stream.nginx) console.log(`nginx ${stream.nginx.version} (Debian's, worker_processes auto, sendfile on) serves the same file from a generated nginx.conf`);
    else console.log(stream.nginxNote);
    console.log('range size        scriven MB/s   nginx MB/s   ratio   requests (scriven/nginx)');
    for (const r of stream.rows) {
      console.log(
        `${`${r.mib} MiB`.padEnd(16)}${fmt(r.s.mbps).padStart(14)}${(r.n ? fmt(r.n.mbps) : '-').padStart(13)}${(r.ratio !== null ? pct(r.ratio) : '-').padStart(8)}   ${r.s.requests}/${r.n ? r.n.requests : '-'}`,
      );
    }
    if (stream.nginx) {
      const parts = stream.rows.map((r) => `${r.mib} MiB ranges ${pct(r.ratio)} (${verdict(r.ratio >= 0.6)})`);
      console.log(`Goal: streaming at 60% or more of nginx: ${parts.join('; ')}`);
    } else console.log('Goal: streaming at 60% or more of nginx: not measured (no nginx)');

    console.log(`\nChunked upload of a ${UPLOAD_BYTES / GiB} GiB file over loopback (init, ${seq.chunks} chunks of ${seq.chunkSize / MiB} MiB, complete; an MP4 head then random bytes; chunks sent ${UPLOAD_MODE === 'raw' ? 'raw (application/octet-stream)' : 'as multipart forms (as the web app and the seed client do)'})`);
    console.log(`disk: fs write of the same bytes to the data directory's disk, fsync at the end: ${fmt(disk.mbps)} MB/s (mean of ${fmt(diskBefore.mbps)} before and ${fmt(diskAfter.mbps)} after the upload)`);
    console.log(`upload, one chunk at a time (as the browser sends them): ${fmt(seq.mbps)} MB/s (${fmt(seq.seconds)} s, init to complete); server RSS ${fmt((seq.rssBefore * 1024) / MB)} -> peak ${fmt((seq.rssPeak * 1024) / MB)} MB`);
    if (par) console.log(`upload, ${UPLOAD_PARALLEL} chunks in flight:                        ${fmt(par.mbps)} MB/s (${fmt(par.seconds)} s) = ${pct(par.mbps / disk.mbps)} of the disk write; RSS growth ${fmt(par.growthMB)} MB`);
    console.log(`Goal: upload at 50% or more of the disk write: ${pct(seq.mbps / disk.mbps)} (${verdict(seq.mbps / disk.mbps >= 0.5)})`);
    console.log(`Goal: server RSS growth during the upload under 100 MB: ${fmt(seq.growthMB)} MB (${verdict(seq.growthMB < 100)})${par ? `; with ${UPLOAD_PARALLEL} in flight ${fmt(par.growthMB)} MB (${verdict(par.growthMB < 100)})` : ''}`);
    console.log(`(the uploaded video then ended '${seqOutcome.status}'${seqOutcome.failure_reason ? `: ${seqOutcome.failure_reason}` : ''}, as expected for filler bytes)`);

    const v = proc.video;
    console.log(`\nProcessing: a ${CLIP_SECONDS} s 1920x1080 30 fps clip with audio (H.264/AAC, ${fmt(statSync(clip.file).size / MB)} MB), upload to '${v.status}' polled on GET /api/videos`);
    if (v.status !== 'ready') console.log(`processing did not succeed: ${v.failure_reason ?? v.status}`);
    else {
      const duration = v.duration_seconds ?? CLIP_SECONDS;
      console.log(`ladder ${proc.ladder.join('/') || '?'} from ${v.width}x${v.height}: ${fmt(proc.seconds)} s (of which the upload request ${fmt(proc.uploadSeconds, 2)} s)`);
      console.log(`Figure: ${fmt(proc.seconds / duration, 2)} s of work per second of 1080p source for the whole ladder (no goal set; ${cpus} CPUs)`);
    }
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runMediaBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

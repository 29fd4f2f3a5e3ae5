#!/usr/bin/env node
// npm run bench:memory: does the server's memory plateau under repeated load, or grow?
//
// The built app (backend/dist) runs in THIS process on a fresh database of its own (on the server of DATABASE_URL,
// else an embedded PostgreSQL started for the run); the load comes from a child process (this file with --load), so
// the load generator's memory is not counted. Each round is the same mix: GET /api/health, an authenticated
// GET /api/me, GET /api/videos, searches, failing sign-ins with new identifiers from many addresses, registrations of
// new users, 404s, malformed and refused bodies, an invalid token, and range reads of a stored file (64 KiB to 1 MiB,
// and 4 MiB ones the client abandons after the first bytes). After each round: two full collections, then
// process.memoryUsage().
// A heap snapshot is written after round 1 and after the last round and compared by constructor name (the top
// growers). Verdict: heapUsed "plateaus" when it grows by less than max(5 MB, 5%) from round 2 to the last round.
//
// Options (environment): BENCH_ROUNDS (6), BENCH_SCALE (1: multiplies the requests per round), BENCH_ONLY (a regular
// expression: only the phases it matches, e.g. 'login|register'), KEEP_SNAPSHOTS=1 keeps the two .heapsnapshot
// files (their folder is printed), BENCH_SNAPSHOTS=0 skips them.
// Run with `node --expose-gc bench/memory.mjs` (without the flag it starts itself again with it).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';

const self = fileURLToPath(import.meta.url);
const MiB = 1024 * 1024;
const MB = 1e6;

// ---------- the load generator (child process) ----------

/** One round of mixed load against `base`; prints one JSON line: status codes per phase. */
async function loadRound(spec) {
  const { default: autocannon } = await import('autocannon');
  const { base, auth, videoId, fileSize, round, scale } = spec;
  const n = (x) => Math.max(1, Math.round(x * scale));
  const tag = `${round}${randomBytes(3).toString('hex')}`;
  let seq = 0;
  // Addresses seen by the server (TRUST_PROXY is on): 2,000 per round, new each round.
  const address = () => `10.${round}.${(seq >> 8) & 255}.${seq & 255}`;
  const next = () => (seq = (seq + 1) % 2000);
  const json = { 'content-type': 'application/json' };
  const words = ['cat', 'music', 'news', 'tutorial', 'game', 'cook', 'travel', 'zxq', 'ñandú', 'a'];
  const phases = [
    { name: 'GET /api/health', connections: 16, amount: n(3000), requests: [{ method: 'GET', path: '/api/health' }] },
    { name: 'GET /api/me (token)', connections: 16, amount: n(3000), requests: [{ method: 'GET', path: '/api/me', headers: auth }] },
    { name: 'GET /api/me (bad token)', connections: 8, amount: n(500), requests: [{ method: 'GET', path: '/api/me', headers: { authorization: 'Bearer not.a.token' } }] },
    { name: 'GET /api/videos', connections: 8, amount: n(1000), requests: [{ method: 'GET', path: '/api/videos?limit=20' }] },
    {
      name: 'GET /api/search',
      connections: 8,
      amount: n(1000),
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            next();
            const q = `${words[seq % words.length]}${seq % 3 ? '' : ` ${tag}${seq}`}`;
            return { ...req, path: `/api/search?q=${encodeURIComponent(q)}`, headers: { 'x-forwarded-for': address() } };
          },
        },
      ],
    },
    {
      name: 'GET /api/search/suggestions',
      connections: 8,
      amount: n(500),
      requests: [{ method: 'GET', setupRequest: (req) => (next(), { ...req, path: `/api/search/suggestions?q=${encodeURIComponent(words[seq % words.length])}`, headers: { 'x-forwarded-for': address() } }) }],
    },
    {
      name: 'POST /api/login (failing)',
      connections: 8,
      amount: n(300),
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            next();
            const id = seq % 2 ? `nobody_${tag}_${seq}` : `nobody_${tag}_${seq}@example.com`;
            return { ...req, path: '/api/login', headers: { ...json, 'x-forwarded-for': address() }, body: JSON.stringify({ login_identifier: id, password: 'wrong-password' }) };
          },
        },
      ],
    },
    {
      name: 'POST /api/register',
      connections: 4,
      amount: n(100),
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            next();
            const name = `m${tag}_${seq}`;
            const body = { first_name: 'Mem', last_name: 'Bench', display_name: name, email: `${name}@example.com`, password: 'a-long-password' };
            return { ...req, path: '/api/register', headers: { ...json, 'x-forwarded-for': address() }, body: JSON.stringify(body) };
          },
        },
      ],
    },
    {
      name: '404s',
      connections: 8,
      amount: n(1000),
      requests: [{ method: 'GET', setupRequest: (req) => (next(), { ...req, path: seq % 2 ? `/api/nothing/${tag}/${seq}` : `/api/videos/${tag}${seq}` }) }],
    },
    {
      name: 'malformed and refused bodies',
      connections: 8,
      amount: n(1000),
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            next();
            const kinds = [
              { path: '/api/login', headers: json, body: '{"login_identifier": "x", "password": ' },
              { path: '/api/register', headers: json, body: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]' },
              { path: '/api/register', headers: json, body: JSON.stringify({ display_name: 'x', email: 'not-an-email', password: 1 }) },
              { path: '/api/login', headers: { 'content-type': 'text/plain' }, body: 'hello' },
              { path: '/api/login', headers: json, body: JSON.stringify({ login_identifier: 'a\u0000b', password: 'x' }) },
            ];
            const k = kinds[seq % kinds.length];
            return { ...req, path: k.path, headers: k.headers, body: k.body };
          },
        },
      ],
    },
    {
      name: 'range reads',
      connections: 8,
      amount: n(1500),
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            next();
            const length = [64 * 1024, 100_000, 256 * 1024, 700_000, MiB][seq % 5];
            const start = Math.floor(Math.random() * (fileSize - length));
            return { ...req, path: `/api/videos/${videoId}/stream`, headers: { range: `bytes=${start}-${start + length - 1}` } };
          },
        },
      ],
    },
  ];
  const only = spec.only ? new RegExp(spec.only, 'i') : null;
  const out = {};
  for (const p of phases) {
    if (only && !only.test(p.name)) continue;
    const r = await autocannon({ url: base, connections: p.connections, amount: p.amount, requests: p.requests, timeout: 60 });
    out[p.name] = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
    for (const k of ['errors', 'timeouts', 'resets', 'mismatches']) if (r[k]) out[p.name][k] = r[k];
    const answered = Object.values(out[p.name]).reduce((a, b) => a + b, 0);
    if (r.requests.sent !== answered) out[p.name].sent = r.requests.sent;
  }
  if (!only || only.test('range reads, abandoned')) out['range reads, abandoned'] = await abandonedReads(base, videoId, fileSize, n(100));
  process.stdout.write(JSON.stringify(out) + '\n');
}

/** Range reads whose client goes away after the headers: the server is left with an unfinished response. */
async function abandonedReads(base, videoId, fileSize, count) {
  const { request } = await import('node:http');
  let aborted = 0;
  for (let i = 0; i < count; i += 1) {
    const start = Math.floor(Math.random() * (fileSize - 4 * MiB));
    await new Promise((resolve) => {
      const req = request(`${base}/api/videos/${videoId}/stream`, { headers: { range: `bytes=${start}-${start + 4 * MiB - 1}` } }, (res) => {
        res.once('data', () => {
          req.destroy();
          aborted += 1;
          resolve();
        });
        res.once('end', resolve);
      });
      req.on('error', resolve);
      req.end();
    });
  }
  return { aborted };
}

// ---------- heap snapshot comparison (child process) ----------

/** Self size and count by name: objects by constructor, closures by function name, the rest by node type. */
function aggregate(file) {
  const snap = JSON.parse(readAll(file));
  const { node_fields: fields, node_types: types } = snap.snapshot.meta;
  const stride = fields.length;
  const iType = fields.indexOf('type');
  const iName = fields.indexOf('name');
  const iSize = fields.indexOf('self_size');
  const typeNames = types[iType];
  const { nodes, strings } = snap;
  const by = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += stride) {
    const type = typeNames[nodes[i + iType]];
    const name = strings[nodes[i + iName]];
    let key;
    if (type === 'object') key = name;
    else if (type === 'closure') key = `${name || '(anonymous)'}()`;
    else if (type === 'native') key = `(native) ${name.split(' ')[0]}`;
    else key = `(${type})`;
    const size = nodes[i + iSize];
    total += size;
    const e = by.get(key);
    if (e) {
      e.size += size;
      e.count += 1;
    } else by.set(key, { size, count: 1 });
  }
  return { by, total };
}

function readAll(file) {
  if (statSync(file).size > 500 * MiB) throw new Error(`${file} is over 500 MiB, too large to parse as one string: compare it in Chrome DevTools (KEEP_SNAPSHOTS=1)`);
  return readFileSync(file, 'utf8');
}

function compareSnapshots(a, b) {
  const before = aggregate(a);
  const after = aggregate(b);
  const rows = [];
  for (const [name, x] of after.by) {
    const y = before.by.get(name) ?? { size: 0, count: 0 };
    rows.push({ name, size: x.size - y.size, count: x.count - y.count, after: x.size, afterCount: x.count });
  }
  for (const [name, y] of before.by) if (!after.by.has(name)) rows.push({ name, size: -y.size, count: -y.count, after: 0, afterCount: 0 });
  rows.sort((p, q) => q.size - p.size);
  process.stdout.write(JSON.stringify({ totalBefore: before.total, totalAfter: after.total, top: rows.slice(0, 25), byCount: [...rows].sort((p, q) => q.count - p.count).slice(0, 10) }) + '\n');
}

// ---------- the server side (this process) ----------

const fmtMB = (bytes) => (bytes / MB).toFixed(1);

function runChild(args, { maxOldSpace } = {}) {
  return new Promise((resolve, reject) => {
    const flags = maxOldSpace ? [`--max-old-space-size=${maxOldSpace}`] : [];
    const child = spawn(process.execPath, [...flags, self, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`${args[0]} exited with ${code}: ${err.trim()}`))));
  });
}

async function collect() {
  // Two full collections, with a turn of the event loop between them (finalizers, weak callbacks, closing sockets).
  global.gc();
  await sleep(200);
  global.gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, rssAnon: rssAnon() };
}

/** The anonymous part of the RSS (malloc's arenas, the V8 heap, buffers), without mapped files; Linux only. */
function rssAnon() {
  try {
    const kb = /RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function json(res, want) {
  const text = await res.text();
  if (res.status !== want) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** A database of the run's own: a new one on DATABASE_URL's server, else an embedded server in `dataDir`. */
async function database(dist, dataDir) {
  const { default: pg } = await import('pg');
  if (process.env.DATABASE_URL) {
    const name = `scriven_bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(dist, 'common/database/embedded-postgres.js')).href);
  const db = await startEmbeddedPostgres({ dataDir: join(dataDir, 'db'), preferredPort: null, database: 'scriven', log: () => undefined });
  return { url: db.url, stop: () => db.stop() };
}

async function main() {
  if (typeof global.gc !== 'function') {
    // Started without --expose-gc: again, with it.
    const r = spawnSync(process.execPath, ['--expose-gc', self, ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
  const SCALE = Number(process.env.BENCH_SCALE ?? 1);
  const SNAPSHOTS = process.env.BENCH_SNAPSHOTS !== '0';
  if (ROUNDS < 3) throw new Error('BENCH_ROUNDS must be 3 or more');
  const root = join(fileURLToPath(import.meta.url), '../..');
  const dist = join(root, 'backend/dist/src');
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-memory-'));
  chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root: it must traverse this
  const snapDir = mkdtempSync(join(tmpdir(), 'scriven-heap-'));
  const cleanups = [];
  try {
    await import(pathToFileURL(join(dist, 'runtime.js')).href);
    const [{ createApp }, { loadConfig }, { appVersion }, { default: pg }] = await Promise.all([
      import(pathToFileURL(join(dist, 'bootstrap.js')).href),
      import(pathToFileURL(join(dist, 'common/config/config.js')).href),
      import(pathToFileURL(join(dist, 'common/config/paths.js')).href),
      import('pg'),
    ]);
    const db = await database(dist, dataDir);
    cleanups.push(db.stop);
    if (process.env.DATABASE_URL) console.log('Note: DATABASE_URL is set; the benchmark makes its database on that server.');
    const config = loadConfig(
      {
        DATA_DIR: join(dataDir, 'app'),
        DATABASE_URL: db.url,
        JOBS_ENABLED: 'false',
        DEMO_DATA: 'false',
        LIVE_RTMP_PORT: '0',
        LOG_LEVEL: 'error',
        FRONTEND_DIST: join(dataDir, 'no-frontend'),
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: '1000000',
        MEDIA_RATE_LIMIT_PER_MINUTE: '1000000',
        SEARCH_LIMIT_PER_MINUTE: '1000000',
      },
      { version: appVersion() },
    );
    const { app } = await createApp(config, { databaseUrl: db.url, logger: false });
    cleanups.unshift(() => app.close());
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;

    // A signed-in user with one stored video (an MP4 head, then random bytes), made ready as processing would.
    const name = 'memory_bench';
    await json(
      await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Mem', last_name: 'Bench', display_name: name, email: `${name}@example.com`, password: 'bench-password' }),
      }),
      201,
    );
    const login = await json(await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_identifier: name, password: 'bench-password' }) }), 200);
    const auth = { authorization: `Bearer ${login.access_token}` };
    const fileSize = 16 * MiB;
    const bytes = randomBytes(fileSize);
    Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(bytes, 0);
    const form = new FormData();
    form.append('title', 'Memory benchmark');
    form.append('file', new Blob([bytes], { type: 'video/mp4' }), 'memory.mp4');
    const video = await json(await fetch(`${base}/api/videos/upload`, { method: 'POST', headers: auth, body: form }), 201);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`update media set status = 'ready', duration_seconds = 60, width = 640, height = 360, updated_at = now() where id = $1`, [video.id]);
    await sql.end();
    const probe = await fetch(`${base}/api/videos/${video.id}/stream`, { headers: { range: 'bytes=0-65535' } });
    if (probe.status !== 206) throw new Error(`the stored video is not served: ${probe.status}`);
    await probe.arrayBuffer();

    console.log(`\nMemory under repeated load: ${ROUNDS} rounds of the same mix (scale ${SCALE}), load from a child process, node ${process.version}`);
    const spec = { base, auth, videoId: video.id, fileSize, scale: SCALE, only: process.env.BENCH_ONLY };
    const baseline = await collect();
    console.log(`after start-up and set-up: heapUsed ${fmtMB(baseline.heapUsed)} MB, rss ${fmtMB(baseline.rss)} MB${baseline.rssAnon === null ? '' : ` (anonymous ${fmtMB(baseline.rssAnon)} MB)`}`);
    console.log('round   heapUsed MB   rss MB   rss anon MB   external MB   arrayBuffers MB   heapTotal MB   seconds');
    const rows = [];
    const snaps = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const t0 = performance.now();
      const statuses = await runChild(['--load', JSON.stringify({ ...spec, round })]);
      const seconds = (performance.now() - t0) / 1000;
      await sleep(1000); // the server closes the load generator's connections
      const m = await collect();
      rows.push(m);
      console.log(
        `${String(round).padStart(5)}${fmtMB(m.heapUsed).padStart(14)}${fmtMB(m.rss).padStart(9)}${(m.rssAnon === null ? '?' : fmtMB(m.rssAnon)).padStart(14)}${fmtMB(m.external).padStart(14)}${fmtMB(m.arrayBuffers).padStart(18)}${fmtMB(m.heapTotal).padStart(15)}${seconds.toFixed(0).padStart(10)}`,
      );
      if (round === 1) {
        console.log('        status codes of round 1:');
        for (const [phase, codes] of Object.entries(statuses)) console.log(`          ${phase}: ${Object.entries(codes).map(([c, k]) => `${c} ×${k}`).join(', ')}`);
      }
      if (SNAPSHOTS && (round === 1 || round === ROUNDS)) snaps.push(v8.writeHeapSnapshot(join(snapDir, `round-${round}.heapsnapshot`)));
    }

    const r2 = rows[1];
    const last = rows[rows.length - 1];
    const growth = last.heapUsed - r2.heapUsed;
    const bound = Math.max(5 * MB, 0.05 * r2.heapUsed);
    const rssGrowth = last.rss - r2.rss;
    console.log(
      `\nheapUsed from round 2 to round ${ROUNDS}: ${growth >= 0 ? '+' : ''}${fmtMB(growth)} MB (bound ${fmtMB(bound)} MB, the larger of 5 MB and 5%); rss ${rssGrowth >= 0 ? '+' : ''}${fmtMB(rssGrowth)} MB`,
    );
    console.log(`Verdict: heapUsed ${growth < bound ? 'plateaus' : 'grows'}`);
    const outside = last.rss - last.heapTotal - last.arrayBuffers;
    console.log(
      `rss outside the V8 heap and buffers after round ${ROUNDS}: ${fmtMB(outside)} MB (code, native libraries, malloc's arenas; argon2id's 19 MiB per sign-in or registration stays in each thread-pool thread's arena, see docs/development.md)`,
    );

    if (snaps.length === 2) {
      // Parsed in a child process: a snapshot's JSON is several times the heap it describes.
      const cmp = await runChild(['--compare', snaps[0], snaps[1]], { maxOldSpace: 8192 });
      console.log(`\nHeap snapshots (self sizes, by constructor): ${fmtMB(cmp.totalBefore)} MB after round 1, ${fmtMB(cmp.totalAfter)} MB after round ${ROUNDS}`);
      console.log('top growers                                            size change   count change      size after');
      for (const r of cmp.top.slice(0, 15)) {
        console.log(`  ${r.name.slice(0, 50).padEnd(50)}${`${r.size >= 0 ? '+' : ''}${(r.size / 1024).toFixed(0)} KB`.padStart(15)}${`${r.count >= 0 ? '+' : ''}${r.count}`.padStart(15)}${`${(r.after / 1024).toFixed(0)} KB`.padStart(16)}`);
      }
      console.log('most added by count: ' + cmp.byCount.slice(0, 8).map((r) => `${r.name.slice(0, 40)} ${r.count >= 0 ? '+' : ''}${r.count}`).join(', '));
      if (process.env.KEEP_SNAPSHOTS === '1') console.log(`\nSnapshots kept in ${snapDir} (open them in Chrome DevTools, Memory tab, "Comparison")`);
    }
  } finally {
    for (const c of cleanups) await c().catch((e) => console.error(`cleanup: ${e.message}`));
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.KEEP_SNAPSHOTS !== '1' || !readdirSync(snapDir).length) rmSync(snapDir, { recursive: true, force: true });
  }
}

const [mode, a, b] = process.argv.slice(2);
const run = mode === '--load' ? () => loadRound(JSON.parse(a)) : mode === '--compare' ? async () => compareSnapshots(a, b) : main;
run()
  .then(() => process.exit(0))
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });

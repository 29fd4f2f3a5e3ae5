#!/usr/bin/env node
// npm run bench: Scriven's request rates as ratios to a bare Node http server in the same run, and cold start time;
// then the media benchmarks of bench/media.mjs (streaming vs nginx, chunked upload vs the disk, processing), unless BENCH_MEDIA=0,
// the social ones (bench/social.mjs) unless BENCH_SOCIAL=0, the money ones (bench/money.mjs) unless BENCH_MONEY=0, and
// the viewer ones (bench/viewer.mjs: home, the watch page's API, LCP) unless BENCH_VIEWER=0, and the workers' ones
// (bench/ops.mjs: /api/me with 1 and 2 workers, a rolling restart under load, backup and verified restore of a
// million ledger entries and a million videos) unless BENCH_OPS=0, and the live ones (bench/live.mjs: glass-to-glass
// latency, chat fan-out to 2,000 sockets, the CPU of 10 ingested streams) unless BENCH_LIVE=0, and the gaming ones
// (bench/gaming.mjs: per-game leaderboards over a million scores) unless BENCH_GAMING=0, and the music ones
// (bench/music.mjs: the library query at a million tracks, audio range streaming against nginx) unless BENCH_MUSIC=0,
// and the editor's (bench/editor.mjs: a 60 s 1080p export against ffmpeg by hand, preview latency) unless BENCH_EDITOR=0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, freePort, startApp, signUp } from './lib.mjs';
import { runMediaBench } from './media.mjs';
import { spawnSync } from 'node:child_process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
/** Bare and Scriven alternate this many times per endpoint; the ratio is the median of the pairs (a shared VM's speed drifts). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function startBare(bodies) {
  const child = spawn(process.execPath, [join(root, 'bench/bare-server.mjs'), JSON.stringify(bodies)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res) => child.stdout.once('data', (d) => res({ port: Number(/port (\d+)/.exec(String(d))[1]), stop: () => child.kill() })));
}

async function rate(url, headers = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, pipelining: 1 });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-'));
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', EMBEDDED_PG_PORT: String(await freePort()) };
  if (process.env.DATABASE_URL) console.log('Note: DATABASE_URL is set; the bench uses that server.');
  try {
    let app = startApp(env);
    const firstStart = await app.ready;
    const base = `http://127.0.0.1:${port}`;
    const auth = await signUp(base);
    const health = await (await fetch(`${base}/api/health`)).text();
    const me = await (await fetch(`${base}/api/me`, { headers: auth })).text();
    const bare = await startBare({ '/api/health': health, '/api/me': me });
    const bareBase = `http://127.0.0.1:${bare.port}`;

    const rows = [];
    for (const [name, path, headers] of [
      ['GET /api/health', '/api/health', {}],
      ['GET /api/me (authenticated)', '/api/me', auth],
    ]) {
      await rate(`${base}${path}`, headers); // warm-up is not counted
      const pairs = [];
      for (let i = 0; i < ROUNDS; i++) {
        const bareResult = await rate(`${bareBase}${path}`, headers);
        const appResult = await rate(`${base}${path}`, headers);
        pairs.push({ app: appResult, bare: bareResult, ratio: appResult.rps / bareResult.rps });
      }
      const mid = pairs.find((p) => p.ratio === median(pairs.map((q) => q.ratio)));
      rows.push({ name, ...mid, range: [Math.min(...pairs.map((p) => p.ratio)), Math.max(...pairs.map((p) => p.ratio))] });
    }
    bare.stop();
    await app.stop();

    app = startApp(env);
    const coldStart = await app.ready;
    await app.stop();

    console.log(`\nScriven benchmark (${CONNECTIONS} connections, ${ROUNDS} alternating pairs of ${DURATION} s runs per endpoint, the median pair shown, node ${process.version})\n`);
    console.log('endpoint                        scriven req/s   bare node req/s   ratio   (all pairs)     p99 ms (scriven/bare)');
    for (const r of rows) {
      const range = `${(r.range[0] * 100).toFixed(0)}-${(r.range[1] * 100).toFixed(0)}%`;
      console.log(
        `${r.name.padEnd(32)}${r.app.rps.toFixed(0).padStart(13)}${r.bare.rps.toFixed(0).padStart(18)}${(r.ratio * 100).toFixed(1).padStart(7)}%   ${range.padEnd(14)}  ${r.app.p99}/${r.bare.p99}`,
      );
    }
    const meRatio = rows[1].ratio * 100;
    console.log(`\nGoal: GET /api/me at 35% or more of the bare server: ${meRatio.toFixed(1)}% (${meRatio >= 35 ? 'met' : 'NOT met'})`);
    console.log(`Cold start on an existing install: ready in ${coldStart} ms (goal under 10000 ms: ${coldStart < 10000 ? 'met' : 'NOT met'}); first start with a new database: ${firstStart} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => (process.env.BENCH_MEDIA === '0' ? console.log('\nMedia benchmarks skipped (BENCH_MEDIA=0); run them with `npm run bench:media`.') : runMediaBench()))
  .then(() => {
    if (process.env.BENCH_SOCIAL === '0') return console.log('\nSocial benchmarks skipped (BENCH_SOCIAL=0); run them with `npm run bench:social`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/social.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the social benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_MONEY === '0') return console.log('\nMoney benchmarks skipped (BENCH_MONEY=0); run them with `npm run bench:money`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/money.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the money benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_OPS === '0') return console.log('\nWorker and backup benchmarks skipped (BENCH_OPS=0); run them with `npm run bench:ops`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/ops.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the workers and backup benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_VIEWER === '0') return console.log('\nViewer benchmarks skipped (BENCH_VIEWER=0); run them with `npm run bench:viewer`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/viewer.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the viewer benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_LIVE === '0') return console.log('\nLive benchmarks skipped (BENCH_LIVE=0); run them with `npm run bench:live`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/live.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the live benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_GAMING === '0') return console.log('\nGaming benchmarks skipped (BENCH_GAMING=0); run them with `npm run bench:gaming`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/gaming.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the gaming benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_MUSIC === '0') return console.log('\nMusic benchmarks skipped (BENCH_MUSIC=0); run them with `npm run bench:music`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/music.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the music benchmark failed');
  })
  .then(() => {
    if (process.env.BENCH_EDITOR === '0') return console.log('\nEditor benchmarks skipped (BENCH_EDITOR=0); run them with `npm run bench:editor`.');
    const r = spawnSync(process.execPath, [join(root, 'bench/editor.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the editor benchmark failed');
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });

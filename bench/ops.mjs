#!/usr/bin/env node
// npm run bench:ops: `npm start`'s supervisor with its workers. GET /api/me (authenticated) with WORKERS=1 against
// WORKERS=2 (do the workers scale across the cores?), then a `backend` rolling restart under 200 connections: the failed
// requests (goal 0) and the p99 during it. Each run is the real supervisor (scripts/supervise.mjs) over the built server.
// BENCH_OPS_WORKERS=0 skips these.
// Then (issue 17, unless BENCH_OPS_BACKUP=0) backup and verified restore of a database with BENCH_OPS_ROWS (default
// 1,000,000) ledger entries and as many content rows: the videos of the `media` table, each with the search document
// (`content_index` row) the app keeps for it. Filled with SQL on a fresh database (a new one on DATABASE_URL's server,
// else the embedded server of a temporary data directory), then timed as an admin does it: POST /api/system/backup with
// the admin console's token, the verification job (a restore into a scratch database, row counts compared) until GET
// /api/system/backups says verified, and, with the server stopped, `node backend/dist/src/cli.js backup:restore NAME
// --force` (which restores into a scratch database first, then into the live one). The restored data is compared
// with the original (counts and checksums), and the server is started on it again.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, freePort, signUp, benchDatabase, startApp } from './lib.mjs';
import { generateUsersAndMedia, vocabulary, step } from './corpus.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN = { username: 'bench_admin', password: 'a-long-bench-password' };
const ROWS = Number(process.env.BENCH_OPS_ROWS ?? 1_000_000);
/** The owners of the generated videos and ledger accounts. */
const OWNERS = 1000;
const BACKUP_NAME = 'bench_backup';

/** Runs the supervisor with `workers` API workers and the jobs worker on a fresh data directory; resolves once all serve. */
async function startCluster(workers) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-ops-'));
  const port = await freePort();
  const runner = join(dataDir, 'runner.mjs');
  writeFileSync(
    runner,
    `import { supervise } from ${JSON.stringify(join(root, 'scripts/supervise.mjs'))};
const s = supervise(${JSON.stringify(join(root, 'backend/dist/src/main.js'))}, { workers: ${workers}, jobs: true, execArgv: [], log: () => undefined });
s.started.then((ok) => process.send({ started: ok }));`,
  );
  // The supervisor's database, as scripts/start.mjs starts it without DATABASE_URL: an embedded PostgreSQL of this run.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const { startEmbeddedPostgres } = await import(join(root, 'backend/dist/src/common/database/embedded-postgres.js'));
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'scriven', log: () => undefined });
  env.DATABASE_URL = db.url;
  const stopDb = () => db.stop();
  const child = fork(runner, [], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ok = await new Promise((res) => {
    child.once('message', (m) => res(m?.started));
    child.once('exit', () => res(false));
  });
  if (!ok) throw new Error(`the supervisor with ${workers} workers did not start`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      });
      await stopDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const run = (opts) => autocannon({ pipelining: 1, ...opts });

async function meRate(workers) {
  const c = await startCluster(workers);
  try {
    const auth = await signUp(c.base);
    await run({ url: `${c.base}/api/me`, headers: auth, connections: CONNECTIONS, duration: 2 }); // warm-up
    const r = await run({ url: `${c.base}/api/me`, headers: auth, connections: CONNECTIONS, duration: DURATION });
    if (r.non2xx || r.errors) throw new Error(`/api/me with ${workers} workers: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p95: r.latency.p97_5 ?? r.latency.p99, p50: r.latency.p50 };
  } finally {
    await c.stop();
  }
}

async function rollingRestart() {
  const c = await startCluster(2);
  try {
    const login = await fetch(`${c.base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const token = (await login.json()).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const load = run({ url: `${c.base}/api/health`, connections: 200, duration: 300 });
    await new Promise((r) => load.once('response', r));
    const started = Date.now();
    const asked = await fetch(`${c.base}/api/system/restart`, { method: 'POST', headers, body: JSON.stringify({ services: ['backend'] }) });
    if (asked.status !== 202) throw new Error(`restart: ${asked.status} ${await asked.text()}`);
    let state;
    for (;;) {
      state = (await (await fetch(`${c.base}/api/system/restart`, { headers })).json()).restarts.find((x) => x.service === 'backend');
      if (state && state.state !== 'restarting') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const took = Date.now() - started;
    const result = await new Promise((res) => {
      load.once('done', res);
      load.stop();
    });
    return { state: state.state, took, failed: result.errors + result.timeouts + result.non2xx, total: result.requests.total, p99: result.latency.p99, p50: result.latency.p50 };
  } finally {
    await c.stop();
  }
}

/**
 * BENCH_OPS_ROWS ledger entries (balanced transactions of two entries: ad revenue from external:advertisers to a
 * creator's pending account, balances maintained as the ledger does) and BENCH_OPS_ROWS ready videos with their search
 * documents, owned by OWNERS creators; then vacuum analyze, as autovacuum leaves settled tables.
 */
async function fillDatabase(db) {
  await generateUsersAndMedia(db, vocabulary(), { users: OWNERS, videos: ROWS });
  const transactions = Math.floor(ROWS / 2);
  await db.query(`create temporary table bench_owners as select id, row_number() over (order by id) as k from users where display_name ~ '^u[0-9]+$'`);
  await db.query(
    `create temporary table bench_tx as
       select gen_random_uuid() as id, g, o.id as user_id, now() - make_interval(mins => g) as at, 100 + (g::bigint * 7919) % 900 as cents
         from generate_series(1, $1::int) g join bench_owners o on o.k = 1 + g % $2::int`,
    [transactions, OWNERS],
  );
  await step(
    db,
    `${(transactions * 2).toLocaleString()} ledger entries in ${transactions.toLocaleString()} balanced transactions`,
    `insert into ledger_accounts (id, user_id, may_go_negative)
       select 'user:' || id || ':pending', id, false from bench_owners
       union all select 'external:advertisers', null, true
     on conflict do nothing;
     insert into ledger_transactions (id, idempotency_key, kind, memo, user_id, created_at, matured)
       select id, 'bench:ads:' || g, 'ads', 'Benchmark ad revenue', user_id, at, true from bench_tx;
     insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
       select id, 'external:advertisers', -cents, at from bench_tx
       union all select id, 'user:' || user_id || ':pending', cents, at from bench_tx;
     update ledger_accounts a set balance_cents = s.total, credited_cents = s.credited
       from (select account_id, sum(amount_cents) as total, sum(greatest(amount_cents, 0)) as credited from ledger_entries group by account_id) s
      where a.id = s.account_id`,
  );
  await db.query('drop table bench_tx; drop table bench_owners; drop table vocab');
  await step(db, 'vacuum analyze', 'vacuum analyze');
}

/**
 * The data's fingerprint: each table's row count and the sum of its rows' hashes (any changed row shows). A user's
 * last_seen_at is left out: the admin's changes as the console is used.
 */
const FINGERPRINTED = ['users', 'accounts', 'media', 'content_index', 'ledger_accounts', 'ledger_transactions', 'ledger_entries'];
async function fingerprint(db) {
  const out = {};
  for (const t of FINGERPRINTED) {
    const row = t === 'users' ? `(to_jsonb(t) - 'last_seen_at')::text` : 't::text';
    const { rows } = await db.query(`select count(*)::int as n, coalesce(sum(hashtext(${row})::bigint), 0)::text as h from ${t} t`);
    out[t] = rows[0];
  }
  return out;
}

/** Runs the CLI's backup:restore, noting when each phase's line appears. */
function cliRestore(env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'backend/dist/src/cli.js'), 'backup:restore', BACKUP_NAME, '--force'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const at = {};
    const tables = [];
    let pending = '';
    child.stdout.on('data', (d) => {
      out += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.startsWith('Checking it first')) at.check = performance.now();
        else if (line.startsWith('The scratch restore matches')) at.checked = performance.now();
        else if (line.startsWith('Restored ')) at.restored = performance.now();
        // The live restore's log: each table's line once it is loaded (the first one also waits for the migrations).
        const t = /^ {2}(\S+): (\d+) row\(s\)$/.exec(line);
        if (at.checked && !at.restored && t) tables.push({ name: tables.length ? t[1] : `${t[1]} (and the migrations)`, rows: Number(t[2]), ms: performance.now() - (at.lastLine ?? at.checked) });
        if (at.checked) at.lastLine = performance.now();
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      const ended = performance.now();
      if (code !== 0) return reject(new Error(`backup:restore exited with ${code}:\n${out}`));
      if (!at.check || !at.checked || !at.restored) return reject(new Error(`backup:restore printed an unexpected log:\n${out}`));
      resolve({ total: ended - started, check: at.checked - at.check, restore: at.restored - at.checked, tables, log: out });
    });
  });
}

async function backupBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-bench-backup-'));
  const port = await freePort();
  const pgPort = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    EMBEDDED_PG_PORT: String(pgPort),
    DEMO_DATA: 'false',
    JOBS_ENABLED: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const database = await benchDatabase('backup', env, dataDir, pgPort);
  const base = `http://127.0.0.1:${port}`;
  let app = startApp(env);
  let db;
  try {
    await app.ready; // the migrations have run
    db = new pg.Client({ connectionString: database.url() });
    await db.connect();
    console.log(`\nBackup and verified restore: generating ${ROWS.toLocaleString()} ledger entries and ${ROWS.toLocaleString()} videos (BENCH_OPS_ROWS):`);
    const g0 = performance.now();
    await fillDatabase(db);
    const generated = performance.now() - g0;
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (login.status !== 200) throw new Error(`admin login: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
    // After the sign-in (it changes the admin's user row), as the backup sees it.
    const before = await fingerprint(db);
    const [{ n: videoDocs }] = (await db.query(`select count(*)::int as n from content_index where kind in ('video', 'reel')`)).rows;
    await db.end();
    db = null;

    const b0 = performance.now();
    const made = await fetch(`${base}/api/system/backup?backup_name=${BACKUP_NAME}`, { method: 'POST', headers });
    if (made.status !== 201) throw new Error(`POST /api/system/backup: ${made.status} ${await made.text()}`);
    const backup = await made.json();
    const b1 = performance.now();
    let listed;
    for (;;) {
      const r = await fetch(`${base}/api/system/backups`, { headers });
      if (r.status !== 200) throw new Error(`GET /api/system/backups: ${r.status} ${await r.text()}`);
      listed = (await r.json()).backups.find((x) => x.name === BACKUP_NAME);
      if (!listed) throw new Error(`the backup ${BACKUP_NAME} is not listed`);
      if (listed.verify_status !== 'pending') break;
      if (performance.now() - b1 > 1_800_000) throw new Error('the backup was not verified within 30 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const b2 = performance.now();
    if (listed.verify_status !== 'verified') throw new Error(`the verification failed: ${listed.verify_error}`);
    const manifest = JSON.parse(readFileSync(join(dataDir, 'backups', BACKUP_NAME, 'manifest.json'), 'utf8'));
    const dumped = manifest.tables.reduce((n, t) => n + t.rows, 0);
    await app.stop();

    const restore = await cliRestore(env);
    app = startApp(env);
    const readyAgain = await app.ready;
    db = new pg.Client({ connectionString: database.url() });
    await db.connect();
    const after = await fingerprint(db);
    const differing = FINGERPRINTED.filter((t) => before[t].n !== after[t].n || before[t].h !== after[t].h);

    const s = (ms) => (ms / 1000).toFixed(1).padStart(9);
    const rate = (ms) => Math.round(dumped / (ms / 1000)).toLocaleString().padStart(12);
    console.log(`\nBackup and verified restore (node ${process.version}; ${database.drop ? "DATABASE_URL's server" : 'the embedded PostgreSQL'})`);
    console.log(
      `  data: ${before.ledger_entries.n.toLocaleString()} ledger entries (${before.ledger_transactions.n.toLocaleString()} transactions), ${before.media.n.toLocaleString()} videos with their ${videoDocs.toLocaleString()} search documents (content_index: ${before.content_index.n.toLocaleString()} rows); generated in ${(generated / 1000).toFixed(1)} s`,
    );
    console.log(`  the dump: ${dumped.toLocaleString()} rows in ${manifest.tables.length} tables; backup size ${(backup.size_bytes / 1048576).toFixed(1)} MB\n`);
    console.log('step                                                   seconds    rows/s');
    console.log(`  POST /api/system/backup (dump, gzip, manifest)    ${s(b1 - b0)}${rate(b1 - b0)}`);
    console.log(`  verification job (scratch restore), until listed  ${s(b2 - b1)}${rate(b2 - b1)}`);
    console.log(`  CLI backup:restore --force, in all                ${s(restore.total)}${rate(restore.total)}`);
    console.log(`    its check in a scratch database                 ${s(restore.check)}${rate(restore.check)}`);
    console.log(`    its restore into the database                   ${s(restore.restore)}${rate(restore.restore)}`);
    const slowest = [...restore.tables].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(`      slowest: ${slowest.map((t) => `${t.name} ${t.rows.toLocaleString()} rows ${(t.ms / 1000).toFixed(1)} s`).join(', ')}`);
    console.log(`  restored data equal to the original (${FINGERPRINTED.length} tables, counts and row hashes): ${differing.length ? `NO (${differing.join(', ')})` : 'yes'}`);
    console.log(`  the server started again on the restored database in ${readyAgain} ms`);
  } finally {
    if (db) await db.end().catch(() => undefined);
    await app.stop();
    if (database.drop) await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}


export async function runOpsBench() {
  if (process.env.BENCH_OPS_WORKERS === '0') console.log('\nWorker benchmarks skipped (BENCH_OPS_WORKERS=0).');
  else {
    const one = await meRate(1);
    const two = await meRate(2);
    const restart = await rollingRestart();
    console.log(`\nWorkers and restarts (npm start's supervisor; ${CONNECTIONS} connections, ${DURATION} s runs, node ${process.version})\n`);
    console.log('GET /api/me (authenticated)   req/s    p50 ms   p97.5 ms');
    console.log(`  WORKERS=1                 ${one.rps.toFixed(0).padStart(7)}${String(one.p50).padStart(9)}${String(one.p95).padStart(11)}`);
    console.log(`  WORKERS=2                 ${two.rps.toFixed(0).padStart(7)}${String(two.p50).padStart(9)}${String(two.p95).padStart(11)}`);
    console.log(`  WORKERS=2 / WORKERS=1: ${(two.rps / one.rps).toFixed(2)}x`);
    console.log(`\nRolling restart of the backend under 200 connections (GET /api/health): ${restart.state} in ${restart.took} ms; ${restart.total} requests, ${restart.failed} failed (goal 0: ${restart.failed === 0 ? 'met' : 'NOT met'}); p50 ${restart.p50} ms, p99 ${restart.p99} ms during it`);
  }
  if (process.env.BENCH_OPS_BACKUP === '0') console.log('\nBackup benchmark skipped (BENCH_OPS_BACKUP=0).');
  else await backupBench();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOpsBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

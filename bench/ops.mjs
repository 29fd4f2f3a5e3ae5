#!/usr/bin/env node
// npm run bench:ops: `npm start`'s supervisor with its workers. GET /api/me (authenticated) with WORKERS=1 against
// WORKERS=N (do the workers scale across the cores?): the rate, and from /proc the CPU each process of the server used,
// the server's CPU time per request, and what the load generator and the machine's other programs used meanwhile. The
// load comes from wrk when it is installed (`apt-get install -y wrk`; a C program that takes a fraction of a core, where
// autocannon, JavaScript, takes about one of the cores the workers should share), else from autocannon, said in the
// output; BENCH_OPS_PIN=0 runs wrk on CPU 0 only (taskset). Then a `backend` rolling restart under 200 connections: the
// failed requests (goal 0) and the p99 during it. Each run is the real supervisor (scripts/supervise.mjs) over the built
// server. BENCH_OPS_ONLY=scaling|restart|backup runs one part (scaling: about a minute; BENCH_OPS_ROUNDS pairs,
// default 3); BENCH_OPS_WORKERS=0 skips the first two.
// Then (issue 17, unless BENCH_OPS_BACKUP=0) backup and verified restore of a database with BENCH_OPS_ROWS (default
// 1,000,000) ledger entries and as many content rows: the videos of the `media` table, each with the search document
// (`content_index` row) the app keeps for it. Filled with SQL on a fresh database (a new one on DATABASE_URL's server,
// else the embedded server of a temporary data directory), then timed as an admin does it: POST /api/system/backup with
// the admin console's token, the verification job (a restore into a scratch database, row counts compared) until GET
// /api/system/backups says verified, and, with the server stopped, `node backend/dist/src/cli.js backup:restore NAME
// --force` (which restores into a scratch database first, then into the live one). The restored data is compared
// with the original (counts and checksums), and the server is started on it again.
import { execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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
s.started.then((ok) => process.send({ started: ok }));
process.on('message', (m) => m === 'workers' && process.send({ workers: s.workers() }));`,
  );
  // The supervisor's database, as scripts/start.mjs starts it without DATABASE_URL: an embedded PostgreSQL of this run.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', LIVE_RTMP_PORT: '0', RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const { startEmbeddedPostgres } = await import(join(root, 'backend/dist/src/common/database/embedded-postgres.js'));
  // Sized for the workers as `npm start` sizes it (200 would be short from about 12 workers on).
  const { connectionBudget } = await import(join(root, 'scripts/supervise.mjs'));
  const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'scriven', log: () => undefined, maxConnections: connectionBudget(workers).maxConnections });
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
    supervisorPid: child.pid,
    /** The embedded PostgreSQL's processes (the postmaster and its backends). */
    databasePids: () => {
      const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      return [postmaster, ...childrenOf(postmaster)];
    },
    /** The supervisor's list of workers ({ pid, role, state }). */
    workers: () =>
      new Promise((res) => {
        const on = (m) => {
          if (!m?.workers) return;
          child.off('message', on);
          res(m.workers);
        };
        child.on('message', on);
        child.send('workers');
      }),
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

// ---- CPU accounting from /proc (Linux): what each process used, and the whole machine, over a measured run ----
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU seconds (user + system) a process has used so far; null once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return null;
  }
}
/** The processes whose parent is `pid`. */
function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** The machine's busy, stolen (by the hypervisor, for other machines) and total CPU seconds so far (every core). */
function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] || 0);
    const steal = f[7] || 0;
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle - steal) / CLK_TCK, steal: steal / CLK_TCK, total: total / CLK_TCK };
  } catch {
    return null;
  }
}

/** The load generator: wrk (a C program, a fraction of a core) when installed, else autocannon (JavaScript, about a core). */
const WRK = (() => {
  if (process.env.BENCH_LOAD === 'autocannon') return null;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (e) {
    // wrk --version exits 1 after printing its version: installed.
    if (e?.code === 'ENOENT') return null;
  }
  return 'wrk';
})();
/** BENCH_OPS_PIN=CPUS (taskset's list, e.g. 0): runs the load generator on those CPUs only. */
const PIN = process.env.BENCH_OPS_PIN?.trim() || null;

function parseWrkTime(v) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v);
  if (!m) return null;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/** One run of wrk against url; its own CPU seconds read from /proc while it runs (the last reading before it ends). */
function wrkRun(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
    const [cmd, argv] = PIN ? ['taskset', ['-c', PIN, 'wrk', ...args]] : ['wrk', args];
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let cpu = 0;
    const poll = setInterval(() => (cpu = cpuSeconds(child.pid) ?? cpu), 100);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const total = Number(/(\d+) requests in/.exec(out)?.[1]);
      const pct = (p) => parseWrkTime(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(out)?.[1] ?? '');
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const errors = (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)?.slice(1) ?? []).reduce((a, b) => a + Number(b), 0);
      if (pct(99) === null) console.error(`(wrk's p99 could not be read from its output:\n${out})`);
      resolve({ rps, total, p50: pct(50), p99: pct(99), non2xx, errors, loadCpu: cpu, raw: out });
    });
  });
}

async function autocannonRun(url, headers, seconds) {
  const before = process.cpuUsage();
  const r = await run({ url, headers, connections: CONNECTIONS, duration: seconds });
  const used = process.cpuUsage(before);
  return { rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, loadCpu: (used.user + used.system) / 1e6 };
}

/**
 * GET /api/me with `workers` API workers: the rate, and what each process of the server used (CPU seconds over the
 * measured run, as cores: CPU seconds / wall seconds), the server's CPU time per request, the load generator's CPU and
 * the rest of the machine's (other programs on a shared machine).
 */
async function meRate(c, auth, workers) {
  const load = WRK ? wrkRun : autocannonRun;
  const url = `${c.base}/api/me`;
  await load(url, auth, 1); // warm-up (the JIT, the principal cache, the connections)
  const procs = [{ pid: c.supervisorPid, role: 'supervisor' }, ...(await c.workers()).map((w) => ({ pid: w.pid, role: w.role }))];
  const before = procs.map((p) => cpuSeconds(p.pid) ?? 0);
  const dbBefore = new Map(c.databasePids().map((pid) => [pid, cpuSeconds(pid) ?? 0]));
  const machine0 = machineCpu();
  const t0 = performance.now();
  const r = await load(url, auth, DURATION);
  const wall = (performance.now() - t0) / 1000;
  const machine1 = machineCpu();
  const used = procs.map((p, i) => ({ ...p, cpu: (cpuSeconds(p.pid) ?? before[i]) - before[i] }));
  // Backends that started during the run count from 0; what one that ended meanwhile used is missed (rare with a warm pool).
  const dbCpu = [...new Set([...dbBefore.keys(), ...c.databasePids()])].reduce((a, pid) => a + Math.max(0, (cpuSeconds(pid) ?? dbBefore.get(pid) ?? 0) - (dbBefore.get(pid) ?? 0)), 0);
  if (r.non2xx || r.errors) throw new Error(`/api/me with ${workers} workers: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const serverCpu = used.reduce((a, p) => a + p.cpu, 0);
  const machineBusy = machine0 && machine1 ? machine1.busy - machine0.busy : null;
  return {
    workers,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    wall,
    procs: used,
    serverCores: serverCpu / wall,
    cpuPerRequestUs: (serverCpu / r.total) * 1e6,
    loadCores: r.loadCpu / wall,
    databaseCores: dbCpu / wall,
    stolenCores: machine0 && machine1 ? (machine1.steal - machine0.steal) / wall : null,
    otherCores: machineBusy === null ? null : Math.max(0, (machineBusy - serverCpu - dbCpu - r.loadCpu) / wall),
  };
}

/**
 * Both servers (1 and N workers) run side by side, the idle one using next to nothing, and are measured in turns,
 * BENCH_OPS_ROUNDS (3) pairs: a shared machine's speed drifts, and the pair of the median ratio is the one shown.
 */
async function scaling(n) {
  const rounds = Math.max(1, Number(process.env.BENCH_OPS_ROUNDS) || 3);
  const one = await startCluster(1);
  let many;
  try {
    many = await startCluster(n);
    const auths = [await signUp(one.base), await signUp(many.base)];
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const a = await meRate(one, auths[0], 1);
      const b = await meRate(many, auths[1], n);
      pairs.push({ one: a, many: b, ratio: b.rps / a.rps });
    }
    return pairs;
  } finally {
    await many?.stop();
    await one.stop();
  }
}

function printScaling(one, many) {
  const cores = availableParallelism();
  const gen = WRK ? `wrk (1 thread${PIN ? `, pinned to CPU ${PIN}` : ''})` : 'autocannon (in this process: wrk is not installed; `apt-get install wrk` for a load generator that takes a fraction of a core)';
  console.log(`\nWorkers: GET /api/me (authenticated), ${CONNECTIONS} connections, ${DURATION} s runs (the median pair of BENCH_OPS_ROUNDS), ${cores} cores, node ${process.version}; load: ${gen}\n`);
  console.log('                 req/s   p50 ms   p99 ms   server cores   CPU µs/req   database cores   generator cores   other programs cores   stolen cores');
  for (const r of [one, many]) {
    const f = (v, d = 1) => (v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(d));
    console.log(
      `  WORKERS=${String(r.workers).padEnd(3)}${r.rps.toFixed(0).padStart(9)}${f(r.p50).padStart(9)}${f(r.p99).padStart(9)}${f(r.serverCores, 2).padStart(15)}${f(r.cpuPerRequestUs, 0).padStart(13)}${f(r.databaseCores, 2).padStart(17)}${f(r.loadCores, 2).padStart(18)}${f(r.otherCores, 2).padStart(23)}${f(r.stolenCores, 2).padStart(15)}`,
    );
    console.log(`      ${r.procs.map((p) => `${p.role} ${p.pid}: ${(p.cpu / r.wall).toFixed(2)} cores`).join(', ')}`);
  }
  const left = cores - (many.loadCores ?? 0) - (many.databaseCores ?? 0) - (many.otherCores ?? 0) - (many.stolenCores ?? 0);
  console.log(`  WORKERS=${many.workers} / WORKERS=1: ${(many.rps / one.rps).toFixed(2)}x the requests per second`);
  console.log(
    `  The most this machine allows: ${left.toFixed(2)} cores were left for the server with ${many.workers} workers (${cores} less the load generator, the database, other programs and the time the hypervisor stole), against the ${one.serverCores.toFixed(2)} one worker used (a Node process also runs its garbage collector and I/O on other threads): ${(left / one.serverCores).toFixed(2)}x at equal CPU per request; CPU per request went ${many.cpuPerRequestUs >= one.cpuPerRequestUs ? 'up' : 'down'} ${Math.abs((many.cpuPerRequestUs / one.cpuPerRequestUs - 1) * 100).toFixed(0)}%.`,
  );
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
    LIVE_RTMP_PORT: '0',
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


/**
 * BENCH_OPS_ONLY: `scaling` (the /api/me rates with 1 and N workers, about a minute), `restart` or `backup` runs only
 * that part; unset, all three. BENCH_OPS_WORKERS=0 skips the scaling and restart parts, BENCH_OPS_BACKUP=0 the backup one.
 * BENCH_OPS_SCALING_WORKERS: the N (default: the number of cores, at least 2).
 */
export async function runOpsBench() {
  const only = process.env.BENCH_OPS_ONLY?.trim();
  const want = (part) => (only ? only === part : part === 'backup' ? process.env.BENCH_OPS_BACKUP !== '0' : process.env.BENCH_OPS_WORKERS !== '0');
  if (!want('scaling') && !want('restart') && !only) console.log('\nWorker benchmarks skipped (BENCH_OPS_WORKERS=0).');
  if (want('scaling')) {
    const n = Number(process.env.BENCH_OPS_SCALING_WORKERS) || Math.max(2, availableParallelism());
    const pairs = await scaling(n);
    const sorted = [...pairs].sort((x, y) => x.ratio - y.ratio);
    const median = sorted[Math.floor(sorted.length / 2)];
    printScaling(median.one, median.many);
    console.log(`  The ratios of the ${pairs.length} pairs, in the order measured: ${pairs.map((p) => `${p.ratio.toFixed(2)}x`).join(', ')} (shown: the median pair).`);
  }
  if (want('restart')) {
    const restart = await rollingRestart();
    console.log(`\nRolling restart of the backend (2 API workers) under 200 connections (GET /api/health, autocannon): ${restart.state} in ${restart.took} ms; ${restart.total} requests, ${restart.failed} failed (goal 0: ${restart.failed === 0 ? 'met' : 'NOT met'}); p50 ${restart.p50} ms, p99 ${restart.p99} ms during it`);
  }
  if (!want('backup')) {
    if (!only) console.log('\nBackup benchmark skipped (BENCH_OPS_BACKUP=0).');
  } else await backupBench();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOpsBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

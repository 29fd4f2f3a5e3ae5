// The supervisor of `npm start`: runs the server as worker processes (Node's cluster module) and starts a worker again
// when it dies after it was ready. Kept apart from start.mjs so that it can be tested with a stand-in server
// (backend/test/supervisor.test.ts) and with the real one (backend/test/workers.test.ts).
//
// The workers: `workers` API workers (SCRIVEN_ROLE=api) that share the HTTP port (the primary, this process, owns the
// listening socket and hands connections round-robin to the workers that listen), and, with `jobs`, one media/jobs
// worker (SCRIVEN_ROLE=jobs) that runs the job queue's handlers, the schedules and the sweepers and serves no HTTP.
// The first worker starts alone (it runs the database migrations), the others after it is ready.
//
// Messages (IPC) from a worker: { type: 'scriven:ready' } once it serves; { type: 'scriven:heartbeat', ... } with its
// readings every 2 s; { type: 'scriven:restart', id, services } asks for a restart, which is reserved (no other can
// start) and answered { type: 'scriven:restart-accepted', id, ok, reason }; the worker then audits it and says
// { type: 'scriven:restart-go', id } (answered { type: 'scriven:restart-started', id, ok }) or
// { type: 'scriven:restart-cancel', id, answer? }: a restart is acted on only once it is audited, and a reservation that
// gets neither within a minute (or whose worker dies) lapses. A cancel with `answer: true` (sent when the worker got no
// answer in time) is answered { type: 'scriven:restart-cancelled', id, ok } (ok false, reason 'started': it had
// started). { type: 'scriven:frontend-reloaded', id, ok, detail } answers a reload. To a worker: { type: 'scriven:drain',
// timeout_ms, long_timeout_ms } (finish the requests in flight, then exit), { type: 'scriven:reload-frontend', id },
// { type: 'scriven:workers', workers }, { type: 'scriven:restarts', restarts }. Nothing here runs a shell or a command: a restart is forking this same entry file again.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** The services a restart names (seed 000: "services (list of one of frontend, backend, all)"). */
export const RESTART_SERVICES = ['frontend', 'backend', 'all'];

/** WORKERS from the environment: a whole number from 1 to 64, else the number of cores. */
export function workerCount(env = process.env) {
  const raw = env.WORKERS?.trim();
  if (raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 64) return Number(raw);
  return Math.max(1, availableParallelism());
}

/**
 * RESTART_DRAIN_LONG_SECONDS: how long a rolling restart lets an old API worker finish its long-running requests
 * (uploads, backups, updates) before they are cut; a whole number from 15 to 86400 (default 600). Null when set to
 * something else (start.mjs says so).
 */
export function longDrainSeconds(env = process.env) {
  const raw = env.RESTART_DRAIN_LONG_SECONDS?.trim();
  if (!raw) return 600;
  return /^\d+$/.test(raw) && Number(raw) >= 15 && Number(raw) <= 86_400 ? Number(raw) : null;
}

/** SCRIVEN_DB_POOL_SIZE when it is one the server takes (backend/src/common/database/orm.ts, poolSize), else null. */
function poolSizeFrom(env) {
  const raw = env.SCRIVEN_DB_POOL_SIZE?.trim();
  return raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100 ? Number(raw) : null;
}

/**
 * The database connections `npm start` needs with `workers` API workers: each process's ORM pool (`poolSize`, passed
 * to every worker as SCRIVEN_DB_POOL_SIZE: 20, less from 6 workers on so the total stays near 120, at least 5), plus
 * what each process holds beside it (`perProcess`: the job queue's pool (2 in an API worker, 5 in the jobs worker),
 * the realtime listener, the upload gate, a backup's or an update's own connection), for the API workers, the jobs
 * worker and the one extra worker of a rolling restart; `maxConnections` adds 20 for the CLI, backup verification and
 * an operator's psql, and is what the embedded PostgreSQL is started with (at least 200). An operator's
 * SCRIVEN_DB_POOL_SIZE in `env` (1 to 100, as the server reads it) is the pool size instead, and is counted as such.
 */
export function connectionBudget(workers, env = {}) {
  const poolSize = poolSizeFrom(env) ?? Math.max(5, Math.min(20, Math.floor(120 / (workers + 1))));
  const perProcess = poolSize + 8;
  const processes = workers + 2;
  return { poolSize, perProcess, processes, needed: processes * perProcess, maxConnections: Math.max(200, processes * perProcess + 20) };
}

/**
 * Runs `entry` in worker processes. A worker that dies after it said it was ready is started again after
 * `restartDelayMs` (1 s), then twice as long each time up to 30 s while that slot keeps dying within a minute of its
 * start; a start that fails before the server was ever ready (its configuration, a taken port) is not, and its exit
 * code is this process's. SIGINT and SIGTERM reach every worker, which stops cleanly; then `onStopped` runs (the
 * embedded database stops) and this process exits with the first non-zero code of its workers.
 */
export function supervise(
  entry,
  {
    env = process.env,
    workers = workerCount(env),
    jobs = true,
    execArgv = process.execArgv,
    restartDelayMs = Number(process.env.SCRIVEN_RESTART_DELAY_MS || 1000),
    readyTimeoutMs = 120_000,
    drainTimeoutMs = 15_000,
    longDrainTimeoutMs = (longDrainSeconds(env) ?? 600) * 1000,
    poolSize = connectionBudget(workers, env).poolSize,
    log = (line) => console.error(line),
    onStopped = async () => undefined,
  } = {},
) {
  cluster.setupPrimary({ exec: entry, execArgv, args: [] });
  let stopping = false;
  let everReady = false;
  /** The roles that have had a worker ready: a worker of a role that never started is a start failure, not a crash. */
  const readyRoles = new Set();
  let exitCode = 0;
  let nextSlot = 0;
  /** slot id -> { role, worker, ready, startedAt, delay, readings } of the current worker of each slot. */
  const slots = new Map();
  /** Workers told to drain (still finishing their requests); not restarted when they exit. */
  const draining = new Set();
  /** New workers of a rolling restart that are not ready yet (not in a slot): a stop must reach them too. */
  const starting = new Set();
  /** The last restart of each service: { service, state, started_at, finished_at, detail }. */
  const restarts = {};
  let restarting = false;

  const everyWorker = () => [...slots.values()].map((s) => s.worker).filter(Boolean).concat([...draining], [...starting]);
  const send = (worker, message) => {
    if (worker.isConnected()) worker.send(message, undefined, () => undefined);
  };
  const broadcast = (message) => everyWorker().forEach((w) => send(w, message));
  const workerList = () =>
    [...slots.values()]
      .filter((s) => s.worker)
      .map((s) => ({ pid: s.worker.process.pid, role: s.role, state: s.ready ? 'up' : 'starting', started_at: new Date(s.startedAt).toISOString(), ...s.readings }))
      .concat([...draining].map((w) => ({ pid: w.process.pid, role: w.scrivenRole, state: 'draining', started_at: new Date(w.scrivenStartedAt).toISOString(), ...w.scrivenReadings })));
  const shareWorkers = () => broadcast({ type: 'scriven:workers', workers: workerList() });
  const shareRestarts = () => broadcast({ type: 'scriven:restarts', restarts: Object.values(restarts) });
  const shareTimer = setInterval(shareWorkers, 2000);
  shareTimer.unref();

  /** Forks a worker of `role`; resolves true once it is ready, false when it exits or times out first. */
  const fork = (role) => {
    const startedAt = Date.now();
    const worker = cluster.fork({ ...env, SCRIVEN_ROLE: role, SCRIVEN_SUPERVISED: '1', SCRIVEN_DB_POOL_SIZE: String(poolSize) });
    worker.scrivenRole = role;
    worker.scrivenStartedAt = startedAt;
    worker.scrivenReadings = {};
    const ready = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), readyTimeoutMs);
      timer.unref();
      worker.on('message', (m) => {
        if (m?.type === 'scriven:ready') {
          clearTimeout(timer);
          resolve(true);
        }
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    worker.on('message', (m) => onMessage(worker, m));
    return { worker, ready, startedAt };
  };

  const onMessage = (worker, m) => {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'scriven:heartbeat') {
      const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      worker.scrivenReadings = { uptime_seconds: num(m.uptime_seconds), rss_bytes: num(m.rss_bytes), heap_used_bytes: num(m.heap_used_bytes), cpu_percent: num(m.cpu_percent) };
      for (const s of slots.values()) if (s.worker === worker) s.readings = worker.scrivenReadings;
    } else if (m.type === 'scriven:restart') {
      const services = Array.isArray(m.services) ? m.services.filter((s) => RESTART_SERVICES.includes(s)) : [];
      if (!services.length || services.length !== m.services.length) return send(worker, { type: 'scriven:restart-accepted', id: m.id, ok: false, reason: 'invalid' });
      if (restarting || stopping) return send(worker, { type: 'scriven:restart-accepted', id: m.id, ok: false, reason: 'busy' });
      reserve([...new Set(services)], worker, m.id);
    } else if (m.type === 'scriven:restart-go' || m.type === 'scriven:restart-cancel') {
      // A cancel that wants an answer (its worker got none in time) is told whether the restart had started after all.
      const cancelled = (ok) => m.type === 'scriven:restart-cancel' && m.answer === true && send(worker, { type: 'scriven:restart-cancelled', id: m.id, ok, reason: ok ? undefined : 'started' });
      if (!reserved || reserved.id !== m.id || reserved.worker !== worker) {
        // (A go for a reservation that lapsed or was never made.)
        if (m.type === 'scriven:restart-go') send(worker, { type: 'scriven:restart-started', id: m.id, ok: false, reason: 'lapsed' });
        cancelled(!startedIds.has(m.id));
        return;
      }
      const { services } = reserved;
      unreserve();
      if (m.type === 'scriven:restart-cancel' || stopping) {
        if (m.type === 'scriven:restart-go') send(worker, { type: 'scriven:restart-started', id: m.id, ok: false, reason: 'stopping' });
        cancelled(true);
        return;
      }
      restarting = true;
      startedIds.add(m.id);
      if (startedIds.size > 50) startedIds.delete(startedIds.values().next().value);
      void restart(services, worker, m.id);
    }
  };

  /**
   * A restart asked for and not yet audited: it holds the place of the one restart at a time until its worker says go
   * (once the audit row is written) or cancel, for at most a minute, or until that worker exits.
   */
  let reserved = null;
  /** The ids of the restarts that were started (a late cancel is told so). */
  const startedIds = new Set();
  const reserve = (services, worker, id) => {
    restarting = true;
    const lapse = () => {
      if (reserved?.id !== id) return;
      log(`A restart of the ${services.join(', ')} was asked for but not confirmed; it lapsed.`);
      unreserve();
    };
    const timer = setTimeout(lapse, 60_000);
    timer.unref();
    worker.once('exit', lapse);
    reserved = { id, worker, services, timer, lapse };
    send(worker, { type: 'scriven:restart-accepted', id, ok: true });
  };
  const unreserve = () => {
    if (!reserved) return;
    clearTimeout(reserved.timer);
    reserved.worker.off('exit', reserved.lapse);
    reserved = null;
    restarting = false;
  };

  /** Puts a worker in a slot and watches it: a death after it was ready is recovered from. */
  const place = (slot, role, delay = restartDelayMs) => {
    const { worker, ready, startedAt } = fork(role);
    const s = { role, worker, ready: false, startedAt, delay, readings: {} };
    slots.set(slot, s);
    watch(slot, s);
    void ready.then((ok) => {
      if (!ok || slots.get(slot) !== s) return;
      s.ready = true;
      readyRoles.add(role);
      send(worker, { type: 'scriven:restarts', restarts: Object.values(restarts) });
      shareWorkers();
    });
    return ready;
  };

  /** Watches the worker of slot `s` (placed, or put there ready by a restart): a death after it was ready is recovered from. */
  const watch = (slot, s) => {
    const { worker, role, startedAt } = s;
    worker.once('exit', (code, signal) => {
      if (slots.get(slot) !== s) return; // replaced by a restart: it drained
      s.worker = null;
      if (code) exitCode ||= code;
      if (stopping) return maybeDone();
      if (!s.ready && (!everReady || !readyRoles.has(role))) {
        // The server never started (no worker of this role ever did, e.g. an API worker that cannot listen on HOST
        // and PORT while the jobs worker runs): a configuration problem, not a crash. Stop the others and say so.
        stopAll('SIGTERM', code ?? 1);
        return;
      }
      const wait = Date.now() - startedAt > 60_000 ? restartDelayMs : s.delay;
      log(`Scriven ${role} worker ${worker.process.pid} stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${wait / 1000} s.`);
      setTimeout(() => {
        if (!stopping && slots.get(slot) === s) place(slot, role, Math.min(wait * 2, 30_000));
      }, wait);
      shareWorkers();
    });
  };

  /**
   * Tells a worker to finish its requests and exit; resolves when it has: true when it stopped on its own, false when
   * it had to be killed (SIGKILL 5 s after longDrainTimeoutMs: an API worker cuts its ordinary requests after
   * drainTimeoutMs and its long-running ones after longDrainTimeoutMs; the jobs worker, which serves no requests and
   * stops as on SIGTERM, 5 s after drainTimeoutMs).
   */
  const killAfter = (worker) => (worker.scrivenRole === 'jobs' ? drainTimeoutMs : longDrainTimeoutMs) + 5000;
  const drain = (worker) =>
    new Promise((resolve) => {
      if (worker.isDead()) return resolve(true);
      draining.add(worker);
      let killed = false;
      const hard = setTimeout(() => {
        killed = true;
        worker.process.kill('SIGKILL');
      }, killAfter(worker));
      worker.once('exit', () => {
        clearTimeout(hard);
        draining.delete(worker);
        shareWorkers();
        resolve(!killed);
      });
      send(worker, { type: 'scriven:drain', timeout_ms: drainTimeoutMs, long_timeout_ms: longDrainTimeoutMs });
    });

  /** Replaces each worker of `role` in turn: the new one is ready before the old one stops taking connections. */
  const roll = async (role) => {
    for (const [slot, s] of [...slots.entries()].filter(([, x]) => x.role === role)) {
      if (stopping) throw new Error('the server is stopping');
      const old = s.worker;
      const next = fork(role);
      starting.add(next.worker);
      const ok = await next.ready;
      starting.delete(next.worker);
      if (!ok || stopping) {
        if (!next.worker.isDead()) next.worker.process.kill(stopping ? 'SIGTERM' : 'SIGKILL');
        throw new Error(stopping ? 'the server is stopping' : `a new ${role} worker did not start`);
      }
      const placed = { role, worker: next.worker, ready: true, startedAt: next.startedAt, delay: restartDelayMs, readings: {} };
      slots.set(slot, placed);
      watch(slot, placed);
      send(next.worker, { type: 'scriven:restarts', restarts: Object.values(restarts) });
      shareWorkers();
      if (old && !(await drain(old))) throw new Error(`the old ${role} worker ${old.process.pid} did not stop within ${killAfter(old) / 1000} s and was killed`);
    }
  };

  /** Every API worker re-reads the app's files and tells its open pages; resolves with the failures. */
  const reloadFrontend = (id) => {
    const api = [...slots.values()].filter((s) => s.role !== 'jobs' && s.worker && s.ready).map((s) => s.worker);
    return Promise.all(
      api.map(
        (w) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => done(`worker ${w.process.pid} did not answer`), 10_000);
            const onMsg = (m) => m?.type === 'scriven:frontend-reloaded' && m.id === id && done(m.ok ? null : String(m.detail ?? 'failed'));
            const onExit = () => done(null); // replaced meanwhile; its successor read the files at its start
            function done(problem) {
              clearTimeout(timer);
              w.off('message', onMsg);
              w.off('exit', onExit);
              resolve(problem);
            }
            w.on('message', onMsg);
            w.once('exit', onExit);
            send(w, { type: 'scriven:reload-frontend', id });
          }),
      ),
    ).then((problems) => problems.filter(Boolean));
  };

  const restart = async (services, asker, id) => {
    restarting = true;
    const now = () => new Date().toISOString();
    for (const service of services) restarts[service] = { service, state: 'restarting', started_at: now(), finished_at: null, detail: null };
    // The state first: the asker answers once it is told the restart started, and then knows it is restarting.
    shareRestarts();
    send(asker, { type: 'scriven:restart-started', id, ok: true });
    const all = services.includes('all');
    const steps = [];
    if (all || services.includes('frontend')) steps.push(['frontend', async () => {
      const problems = await reloadFrontend(id);
      if (problems.length) throw new Error(problems.join('; '));
    }]);
    if (all || services.includes('backend')) steps.push(['backend', () => roll('api')]);
    if (all && jobs) steps.push(['jobs', () => roll('jobs')]);
    const failures = {};
    for (const [name, step] of steps) {
      log(`Restarting the ${name}...`);
      try {
        await step();
        log(`Restarted the ${name}.`);
      } catch (e) {
        failures[name] = e instanceof Error ? e.message : String(e);
        log(`Restarting the ${name} failed: ${failures[name]}`);
      }
    }
    for (const service of services) {
      const mine = service === 'all' ? Object.entries(failures) : Object.entries(failures).filter(([k]) => k === service);
      restarts[service] = { ...restarts[service], state: mine.length ? 'failed' : 'done', finished_at: now(), detail: mine.length ? mine.map(([k, v]) => `${k}: ${v}`).join('; ') : null };
    }
    restarting = false;
    shareRestarts();
  };

  let stopped = false;
  const maybeDone = () => {
    if (stopped || everyWorker().some((w) => !w.isDead())) return;
    stopped = true;
    clearInterval(shareTimer);
    void Promise.resolve(onStopped())
      .catch((e) => log(`while stopping: ${e?.message ?? e}`))
      .finally(() => process.exit(exitCode));
  };
  const stopAll = (signal, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode ||= code;
    for (const w of everyWorker()) if (!w.isDead()) w.process.kill(signal);
    maybeDone();
    // A worker that no longer exits when told is stopped hard.
    setTimeout(() => everyWorker().forEach((w) => !w.isDead() && w.process.kill('SIGKILL')), 30_000).unref();
  };
  cluster.on('exit', () => stopping && maybeDone());
  // A terminal's Ctrl-C reaches the whole process group, the workers included; a signal sent to this process alone is
  // passed on (a worker stops once, however often it is told).
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));

  const roles = [...(jobs ? ['jobs'] : []), ...Array.from({ length: workers }, () => 'api')];
  const [first, ...rest] = roles;
  const started = place(nextSlot++, first).then(async (ok) => {
    if (!ok || stopping) return false;
    everReady = true;
    const all = await Promise.all(rest.map((role) => place(nextSlot++, role)));
    if (all.every(Boolean)) log(`Scriven runs ${workers} API worker${workers === 1 ? '' : 's'}${jobs ? ' and a media/jobs worker' : ''} (pid ${process.pid} supervises).`);
    return all.every(Boolean);
  });
  return { started, workers: workerList, stop: stopAll };
}

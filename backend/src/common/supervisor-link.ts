import { randomUUID } from 'node:crypto';

/**
 * This process's link to `npm start`'s supervisor (scripts/supervise.mjs) over Node's IPC channel: which role it has,
 * the supervisor's list of workers and state of restarts, asking for a restart, and the supervisor's orders (drain,
 * reload the app's files). Without a supervisor (`node backend/dist/src/main.js`, the tests) the process is one
 * complete server (role `all`) and the list of workers is this process alone.
 */

/** api: serves HTTP, sends jobs; jobs: runs the job queue's handlers, schedules and sweepers; all: both (one process). */
export type ProcessRole = 'all' | 'api' | 'jobs';

export function processRole(env: NodeJS.ProcessEnv = process.env): ProcessRole {
  const role = env.SCRIVEN_ROLE;
  return role === 'api' || role === 'jobs' ? role : 'all';
}

export interface SupervisedWorker {
  pid: number;
  role: ProcessRole;
  state: 'starting' | 'up' | 'draining';
  started_at: string;
  uptime_seconds: number | null;
  rss_bytes: number | null;
  heap_used_bytes: number | null;
  cpu_percent: number | null;
}

export type RestartService = 'frontend' | 'backend' | 'all';
export const RESTART_SERVICES: readonly RestartService[] = ['frontend', 'backend', 'all'];

export interface RestartRecord {
  service: RestartService;
  state: 'restarting' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  detail: string | null;
}

type Message = { type?: unknown; [k: string]: unknown };

class SupervisorLink {
  private workerList: SupervisedWorker[] = [];
  private restartList: RestartRecord[] = [];
  private readonly drainHandlers: ((timeoutMs: number, longTimeoutMs: number) => void)[] = [];
  private readonly reloadHandlers: (() => Promise<void> | void)[] = [];
  private readonly waiting = new Map<string, (answer: { ok: boolean; reason?: string }) => void>();
  private listening = false;
  private heartbeat?: NodeJS.Timeout;
  private lastCpu = process.cpuUsage();
  private lastAt = process.hrtime.bigint();

  /** Whether a supervisor runs this process (restarts can be asked for). */
  get supervised(): boolean {
    return process.env.SCRIVEN_SUPERVISED === '1' && typeof process.send === 'function' && process.connected;
  }

  get role(): ProcessRole {
    return processRole();
  }

  /** Starts listening to the supervisor and sending this process's readings every 2 s (idempotent). */
  attach(): void {
    if (this.listening || !this.supervised) return;
    this.listening = true;
    process.on('message', (m: Message) => this.receive(m));
    this.heartbeat = setInterval(() => this.sendReadings(), 2000);
    this.heartbeat.unref();
    this.sendReadings();
  }

  /** Every worker the supervisor runs (with their last readings), or this process alone without a supervisor. */
  workers(): SupervisedWorker[] {
    if (this.supervised && this.workerList.length) return this.workerList;
    return [{ pid: process.pid, role: this.role, state: 'up', started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(), ...this.readings(false) }];
  }

  /** The last restart of each service (as the supervisor last told this worker). */
  restarts(): RestartRecord[] {
    return this.restartList;
  }

  /**
   * Asks the supervisor for a restart in two steps: the supervisor reserves it (or refuses: busy, one is running),
   * then `confirm` runs (the audit row is written) and only then is the supervisor told to go; a `confirm` that throws
   * cancels the reservation and the error is thrown. Resolves once the restart has started (ok), or with why not. An
   * answer that does not come within 5 s cancels the restart (a reservation made late would otherwise keep every other
   * restart out for a minute); a restart that had started all the same is reported started.
   */
  async requestRestart(services: RestartService[], confirm: () => Promise<void> = async () => undefined): Promise<{ ok: boolean; reason?: string }> {
    if (!this.supervised) return { ok: false, reason: 'unsupervised' };
    this.attach();
    const id = randomUUID();
    const reserved = await this.ask(id, { type: 'scriven:restart', id, services }, 'scriven:restart-accepted');
    if (!reserved.ok) {
      if (reserved.reason === 'no answer') await this.cancel(id);
      return reserved;
    }
    try {
      await confirm();
    } catch (e) {
      this.send({ type: 'scriven:restart-cancel', id });
      throw e;
    }
    const started = await this.ask(id, { type: 'scriven:restart-go', id }, 'scriven:restart-started');
    if (started.ok || started.reason !== 'no answer') return started;
    return (await this.cancel(id)) === 'started' ? { ok: true } : started;
  }

  /** Cancels a restart whose answer did not come: whether it was cancelled, had started, or nothing is known. */
  private async cancel(id: string): Promise<'cancelled' | 'started' | 'unknown'> {
    const answer = await this.ask(id, { type: 'scriven:restart-cancel', id, answer: true }, 'scriven:restart-cancelled');
    if (answer.ok) return 'cancelled';
    return answer.reason === 'started' ? 'started' : 'unknown';
  }

  /** Sends a message and waits up to 5 s for the supervisor's answer of type `answer` with the same id. */
  private ask(id: string, message: Record<string, unknown>, answer: string): Promise<{ ok: boolean; reason?: string }> {
    const key = `${answer}:${id}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve({ ok: false, reason: 'no answer' });
      }, 5000);
      this.waiting.set(key, (a) => {
        clearTimeout(timer);
        this.waiting.delete(key);
        resolve(a);
      });
      this.send(message);
    });
  }

  private send(message: Record<string, unknown>): void {
    if (process.connected) process.send?.(message, undefined, {}, () => undefined);
  }

  /** Said once the server serves (or, for the jobs worker, runs). */
  ready(): void {
    process.send?.({ type: 'scriven:ready' });
  }

  /**
   * The supervisor's order to finish the requests in flight and exit: ordinary ones get `timeoutMs`, long-running ones
   * (uploads, backups, updates) `longTimeoutMs`.
   */
  onDrain(handler: (timeoutMs: number, longTimeoutMs: number) => void): void {
    this.drainHandlers.push(handler);
  }

  /** Re-read the app's files (a `frontend` restart); a handler that throws makes the restart fail. */
  onReloadFrontend(handler: () => Promise<void> | void): void {
    this.reloadHandlers.push(handler);
  }

  detach(): void {
    clearInterval(this.heartbeat);
  }

  private receive(m: Message): void {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'scriven:workers' && Array.isArray(m.workers)) this.workerList = m.workers as SupervisedWorker[];
    else if (m.type === 'scriven:restarts' && Array.isArray(m.restarts)) this.restartList = m.restarts as RestartRecord[];
    else if ((m.type === 'scriven:restart-accepted' || m.type === 'scriven:restart-started' || m.type === 'scriven:restart-cancelled') && typeof m.id === 'string') this.waiting.get(`${m.type}:${m.id}`)?.({ ok: m.ok === true, reason: typeof m.reason === 'string' ? m.reason : m.ok === true ? undefined : 'no answer' });
    else if (m.type === 'scriven:drain') {
      const timeoutMs = typeof m.timeout_ms === 'number' ? m.timeout_ms : 15_000;
      const longTimeoutMs = typeof m.long_timeout_ms === 'number' ? Math.max(m.long_timeout_ms, timeoutMs) : timeoutMs;
      for (const h of this.drainHandlers) h(timeoutMs, longTimeoutMs);
    }
    else if (m.type === 'scriven:reload-frontend') void this.reload(m.id);
  }

  private async reload(id: unknown): Promise<void> {
    try {
      for (const h of this.reloadHandlers) await h();
      process.send?.({ type: 'scriven:frontend-reloaded', id, ok: true });
    } catch (e) {
      process.send?.({ type: 'scriven:frontend-reloaded', id, ok: false, detail: (e as Error).message });
    }
  }

  private readings(advance = true): Pick<SupervisedWorker, 'uptime_seconds' | 'rss_bytes' | 'heap_used_bytes' | 'cpu_percent'> {
    const mem = process.memoryUsage();
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage(this.lastCpu);
    const elapsedUs = Number(now - this.lastAt) / 1000;
    const cpuPercent = elapsedUs > 0 ? Math.round(((cpu.user + cpu.system) / elapsedUs) * 1000) / 10 : null;
    if (advance) {
      this.lastCpu = process.cpuUsage();
      this.lastAt = now;
    }
    return { uptime_seconds: Math.round(process.uptime()), rss_bytes: mem.rss, heap_used_bytes: mem.heapUsed, cpu_percent: cpuPercent };
  }

  private sendReadings(): void {
    if (process.connected) process.send?.({ type: 'scriven:heartbeat', ...this.readings() }, undefined, {}, () => undefined);
  }
}

/** The one link of this process. */
export const supervisorLink = new SupervisorLink();

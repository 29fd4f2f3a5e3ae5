import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, lstat, mkdir, statfs } from 'node:fs/promises';
import { cpus, freemem, loadavg, totalmem, uptime as hostUptime } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { repoRoot } from '../../../common/config/paths.js';
import { PgNotifier } from '../../../common/database/pg-notifier.js';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { RealtimeGateway } from '../../../common/realtime/realtime.gateway.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import type { HostReadings, MediaUsage, ServiceHealth, StatusProbes, WorkerReading } from '../domain/status.js';
import { supervisorLink } from '../../../common/supervisor-link.js';

/** The host's CPU is sampled this often in the background (a request never waits for a window). */
export const CPU_SAMPLE_MS = 5_000;
/** The media folder is measured this often in the background (a walk of every file; its result is cached). */
export const MEDIA_MEASURE_MS = 5 * 60_000;
/**
 * The job queue's figures are read from pgboss.job at most this often per process, in the background: a status
 * request answers with the last sample (and asks for a new one when it is older than this), never waits for the count.
 */
export const JOBS_SAMPLE_MS = 30_000;
/** A database that takes longer than this to answer `select 1` is degraded. */
const SLOW_DATABASE_MS = 500;
/** A pending mail older than this means delivery is stuck. */
const STUCK_MAIL_MINUTES = 15;

/** The job queue's depth as last counted (figures of the jobs service). */
export interface JobsSample {
  queued: number;
  active: number;
  failed24h: number;
  measuredAt: Date;
}

interface CpuSnapshot {
  at: number;
  idle: number;
  total: number;
  process: NodeJS.CpuUsage;
}

function cpuSnapshot(): CpuSnapshot {
  let idle = 0;
  let total = 0;
  for (const c of cpus()) {
    idle += c.times.idle;
    total += c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
  }
  return { at: Date.now(), idle, total, process: process.cpuUsage() };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The commit this build was made from, read once from the repository's .git (null when there is none, e.g. a package). */
function readCommit(): string | null {
  try {
    const git = join(repoRoot(), '.git');
    if (!existsSync(join(git, 'HEAD'))) return null;
    const head = readFileSync(join(git, 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref: (refs\/[A-Za-z0-9._/-]+)$/.exec(head)?.[1];
    if (!ref || ref.includes('..')) return null;
    if (existsSync(join(git, ref))) return readFileSync(join(git, ref), 'utf8').trim().slice(0, 40) || null;
    const packed = existsSync(join(git, 'packed-refs')) ? readFileSync(join(git, 'packed-refs'), 'utf8') : '';
    return packed.split('\n').find((l) => l.endsWith(` ${ref}`))?.slice(0, 40) ?? null;
  } catch {
    return null;
  }
}

/**
 * The status readings of this process and what it reaches: the host (CPU sampled every 5 s in the background from
 * os.cpus() deltas, memory, load), the media folder (walked every 5 minutes in the background: the sum of every stored
 * file's size, cached), the job queue's depth (counted in the background at most every 30 s, while someone asks),
 * PostgreSQL, storage, realtime, payments and mail (each read when asked, in one cheap statement or less).
 */
@Injectable()
export class LocalStatusProbes implements StatusProbes, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SystemStatus');
  private readonly startSnapshot = cpuSnapshot();
  private last: CpuSnapshot = this.startSnapshot;
  private window: { hostPercent: number; processPercent: number; ms: number } | null = null;
  private timers: NodeJS.Timeout[] = [];
  private mediaUsage: MediaUsage = { bytes: null, files: null, measuredAt: null, note: 'The media folder has not been measured yet (it is measured in the background after start).' };
  private measuring: Promise<MediaUsage> | null = null;
  private jobsSample: JobsSample | null = null;
  private jobsSampleError: string | null = null;
  private sampling: Promise<JobsSample | null> | null = null;
  private readonly builtFrom = readCommit();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    @Inject(STORAGE) private readonly storageAdapter: Storage,
    private readonly jobsService: JobsService,
    private readonly gateway: RealtimeGateway,
    private readonly notifier: PgNotifier,
  ) {}

  onApplicationBootstrap(): void {
    const cpu = setInterval(() => this.sampleCpu(), CPU_SAMPLE_MS);
    const media = setInterval(() => void this.measureMedia(), MEDIA_MEASURE_MS);
    const first = setTimeout(() => {
      void this.measureMedia();
      if (this.jobsService.running) void this.sampleJobs();
    }, 1_000);
    for (const t of [cpu, media, first]) t.unref();
    this.timers = [cpu, media, first];
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private sampleCpu(): void {
    const now = cpuSnapshot();
    this.window = this.between(this.last, now);
    this.last = now;
  }

  private between(a: CpuSnapshot, b: CpuSnapshot): { hostPercent: number; processPercent: number; ms: number } | null {
    const ms = b.at - a.at;
    const total = b.total - a.total;
    if (ms < 200 || total <= 0) return null;
    const busy = total - (b.idle - a.idle);
    const processMicros = b.process.user - a.process.user + (b.process.system - a.process.system);
    return {
      hostPercent: round1(Math.min(100, Math.max(0, (busy / total) * 100))),
      // Of the whole host (all cores), like the host figure.
      processPercent: round1(Math.min(100, Math.max(0, (processMicros / 1000 / ms / Math.max(1, cpus().length)) * 100))),
      ms,
    };
  }

  host(): HostReadings {
    // Before the first background window ends, the window since start (when it is long enough to mean anything).
    const w = this.window ?? this.between(this.startSnapshot, cpuSnapshot());
    const mem = process.memoryUsage();
    const load = loadavg();
    return {
      processUptimeSeconds: Math.floor(process.uptime()),
      hostUptimeSeconds: Math.floor(hostUptime()),
      cpuPercent: w?.hostPercent ?? null,
      cpuWindowMs: w?.ms ?? null,
      cores: cpus().length,
      loadAverage: [round1(load[0]), round1(load[1]), round1(load[2])] as [number, number, number],
      processCpuPercent: w?.processPercent ?? null,
      memoryTotalBytes: totalmem(),
      memoryAvailableBytes: freemem(),
      processRssBytes: mem.rss,
      processHeapUsedBytes: mem.heapUsed,
      processHeapTotalBytes: mem.heapTotal,
    };
  }

  media(): MediaUsage {
    return this.mediaUsage;
  }

  /** Walks the media folder now (one walk at a time) and keeps the result; also what the background timer runs. */
  measureMedia(): Promise<MediaUsage> {
    this.measuring ??= this.walkMedia().finally(() => (this.measuring = null));
    return this.measuring;
  }

  private async walkMedia(): Promise<MediaUsage> {
    const root = join(this.config.dataDir, 'media');
    let bytes = 0;
    let files = 0;
    try {
      const folders = [root];
      while (folders.length) {
        const dir = folders.pop()!;
        const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return [];
          throw e;
        });
        for (const e of entries) {
          const path = join(dir, e.name);
          if (e.isDirectory()) folders.push(path);
          else if (e.isFile()) {
            const s = await lstat(path).catch(() => null); // a file deleted meanwhile counts as gone
            if (s) {
              bytes += s.size;
              files += 1;
            }
          }
        }
      }
      this.mediaUsage = { bytes, files, measuredAt: new Date(), note: `The size of every file under the media folder, measured in the background every ${MEDIA_MEASURE_MS / 60_000} minutes.` };
    } catch (e) {
      this.logger.warn(`could not measure the media folder: ${(e as Error).message}`);
      this.mediaUsage = { ...this.mediaUsage, note: `The media folder could not be measured: ${(e as Error).message}` };
    }
    return this.mediaUsage;
  }

  async database(): Promise<{ health: ServiceHealth; sizeBytes: number | null }> {
    const started = performance.now();
    try {
      const rows = await this.em.execute<{ size: string; version: string }[]>(
        `select pg_database_size(current_database()) as size, current_setting('server_version') as version`,
      );
      const ms = Math.round(performance.now() - started);
      const slow = ms > SLOW_DATABASE_MS;
      return {
        health: {
          state: slow ? 'degraded' : 'up',
          detail: `PostgreSQL ${rows[0].version} answered in ${ms} ms${slow ? ' (slow)' : ''}`,
          figures: { latency_ms: ms },
        },
        sizeBytes: Number(rows[0].size),
      };
    } catch (e) {
      return { health: { state: 'down', detail: `The database does not answer: ${(e as Error).message}`, figures: { latency_ms: null } }, sizeBytes: null };
    }
  }

  /** Writes, reads back and deletes a small probe object, and reads the data directory's free space. */
  async storage(): Promise<{ health: ServiceHealth; freeBytes: number | null; totalBytes: number | null }> {
    let freeBytes: number | null = null;
    let totalBytes: number | null = null;
    try {
      await mkdir(this.config.dataDir, { recursive: true });
      const s = await statfs(this.config.dataDir);
      freeBytes = s.bavail * s.bsize;
      totalBytes = s.blocks * s.bsize;
    } catch {
      // reported below through the probe, which fails too when the folder is unusable
    }
    const key = `status-probe/${randomUUID()}.txt`;
    const body = Buffer.from(`scriven status probe ${Date.now()}`);
    const started = performance.now();
    try {
      await this.storageAdapter.write(key, body);
      const back = await new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        this.storageAdapter.read(key).on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
      });
      await this.storageAdapter.delete(key);
      if (!back.equals(body)) throw new Error('the probe read back different bytes');
    } catch (e) {
      await this.storageAdapter.delete(key).catch(() => undefined);
      return { health: { state: 'down', detail: `Media storage cannot be written and read back: ${(e as Error).message}`, figures: { free_bytes: freeBytes } }, freeBytes, totalBytes };
    }
    const ms = Math.round(performance.now() - started);
    const low = freeBytes !== null && freeBytes < this.config.uploads.diskReserveBytes;
    return {
      health: {
        state: low ? 'degraded' : 'up',
        detail: low
          ? `Low disk space: ${freeBytes} bytes free, under the ${this.config.uploads.diskReserveBytes} bytes uploads keep in reserve`
          : `Local disk: a probe was written, read back and deleted in ${ms} ms`,
        figures: { probe_ms: ms, free_bytes: freeBytes },
      },
      freeBytes,
      totalBytes,
    };
  }

  /**
   * Counts the queue's jobs in the states shown (queued, retrying, running; failed in the last 24 hours), not the
   * whole table (completed jobs are kept for days). Runs in the background (one at a time); a failure keeps the last
   * sample and says why.
   */
  sampleJobs(): Promise<JobsSample | null> {
    if (this.sampling) return this.sampling;
    this.sampling = (async () => {
      try {
        const rows = await this.em.fork().execute<{ queued: string; active: string; failed: string }[]>(
          `select count(*) filter (where state in ('created', 'retry')) as queued,
                  count(*) filter (where state = 'active') as active,
                  count(*) filter (where state = 'failed') as failed
             from pgboss.job
            where state in ('created', 'retry', 'active')
               or (state = 'failed' and completed_on > now() - interval '24 hours')`,
        );
        this.jobsSample = { queued: Number(rows[0].queued), active: Number(rows[0].active), failed24h: Number(rows[0].failed), measuredAt: new Date() };
        this.jobsSampleError = null;
      } catch (e) {
        this.jobsSampleError = (e as Error).message;
        this.logger.warn(`could not count the job queue: ${this.jobsSampleError}`);
      } finally {
        this.sampling = null;
      }
      return this.jobsSample;
    })();
    return this.sampling;
  }

  async jobs(): Promise<ServiceHealth> {
    const none = { queued: null, active: null, failed_24h: null, measured_at: null };
    if (!this.config.jobsEnabled) {
      return { state: 'not_configured', detail: 'Background jobs are off in this process (JOBS_ENABLED=false): nothing is processed in the background', figures: none };
    }
    if (!this.jobsService.running) return { state: 'down', detail: 'The job queue (pg-boss) is not running in this process', figures: none };
    const sample = this.jobsSample;
    // Never waits for the count: a stale (or missing) sample asks for a new one, which the next status shows.
    if (!sample || Date.now() - sample.measuredAt.getTime() >= JOBS_SAMPLE_MS) void this.sampleJobs();
    if (this.jobsSampleError) {
      return {
        state: 'degraded',
        detail: `The job queue runs, but its tables could not be read: ${this.jobsSampleError}`,
        figures: sample ? this.jobsFigures(sample) : none,
      };
    }
    if (!sample) return { state: 'up', detail: 'The job queue runs; its depth is being counted (shown at the next refresh)', figures: none };
    return {
      state: sample.failed24h > 0 ? 'degraded' : 'up',
      detail: `${sample.queued} queued, ${sample.active} running, ${sample.failed24h} failed in the last 24 hours`,
      figures: this.jobsFigures(sample),
    };
  }

  private jobsFigures(s: JobsSample): Record<string, number | string> {
    return { queued: s.queued, active: s.active, failed_24h: s.failed24h, measured_at: s.measuredAt.toISOString() };
  }

  realtime(): ServiceHealth {
    const s = this.gateway.stats();
    const figures = { connections: s.sockets, signed_in_users: s.users, rooms: s.rooms, bus: s.bus };
    const counts = `${s.sockets} open connection${s.sockets === 1 ? '' : 's'} (${s.users} signed-in user${s.users === 1 ? '' : 's'}) on this process`;
    if (s.bus === 'postgres' && !this.notifier.listening) {
      return { state: 'degraded', detail: `${counts}; the PostgreSQL listener that carries events between processes is reconnecting`, figures };
    }
    return { state: 'up', detail: `${counts}; events between processes go through ${s.bus === 'redis' ? 'Redis' : 'PostgreSQL NOTIFY'}`, figures };
  }

  /** From the configuration only: no call to the provider on every status. */
  payments(): ServiceHealth {
    if (this.config.payments.stripeSecretKey) {
      return { state: 'up', detail: 'Stripe Checkout takes real payments; webhooks are verified with STRIPE_WEBHOOK_SECRET', figures: { provider: 'stripe' } };
    }
    return { state: 'not_configured', detail: 'No payment provider: the built-in sandbox checkout charges nothing (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments)', figures: { provider: 'sandbox' } };
  }

  async mail(): Promise<ServiceHealth> {
    let pending: number | null = null;
    let stuck: number | null = null;
    let failed: number | null = null;
    try {
      const rows = await this.em.execute<{ pending: string; stuck: string; failed: string }[]>(
        `select count(*) filter (where status = 'pending') as pending,
                count(*) filter (where status = 'pending' and created_at < now() - make_interval(mins => ?)) as stuck,
                count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours') as failed
           from mail_outbox where status in ('pending', 'failed')`,
        [STUCK_MAIL_MINUTES],
      );
      pending = Number(rows[0].pending);
      stuck = Number(rows[0].stuck);
      failed = Number(rows[0].failed);
    } catch (e) {
      return { state: 'degraded', detail: `The mail outbox could not be read: ${(e as Error).message}`, figures: { pending, stuck, failed_24h: failed } };
    }
    const figures = { pending, stuck, failed_24h: failed, transport: this.config.smtpUrl ? 'smtp' : 'log' };
    const counts = `${pending} waiting in the outbox, ${failed} failed in the last 24 hours`;
    if (!this.config.smtpUrl) return { state: 'not_configured', detail: `No SMTP_URL: mails are written to the log and kept in the outbox (${counts})`, figures };
    if (failed > 0 || stuck > 0) {
      return { state: 'degraded', detail: `${counts}${stuck ? `; ${stuck} waiting for more than ${STUCK_MAIL_MINUTES} minutes` : ''}`, figures };
    }
    return { state: 'up', detail: `Delivered through SMTP; ${counts}`, figures };
  }

  commit(): string | null {
    return this.builtFrom;
  }

  workers(): WorkerReading[] {
    // Every worker the supervisor runs, with the readings each sends it every 2 s (this process alone without one).
    return supervisorLink.workers().map((w) => ({
      pid: w.pid,
      role: w.role,
      state: w.state === 'up' ? 'up' : 'degraded',
      phase: w.state,
      uptimeSeconds: w.uptime_seconds,
      cpuPercent: w.cpu_percent,
      rssBytes: w.rss_bytes,
      heapUsedBytes: w.heap_used_bytes,
    }));
  }
}

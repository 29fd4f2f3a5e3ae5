import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL URL; undefined means the embedded server under dataDir. */
  databaseUrl?: string;
  /** EMBEDDED_PG_PORT: the embedded server's port when given; otherwise it picks (and remembers) a free one. */
  embeddedPgPort?: number;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl?: string;
  /** Redis for realtime fan-out across server processes; without it PostgreSQL LISTEN/NOTIFY carries it. */
  redisUrl?: string;
  mailFrom: string;
  admin?: { username: string; password: string };
  logLevel: LogLevel;
  trustProxy: boolean;
  /** How long a client may take to send its request headers; how long a connection may sit idle mid-request. */
  http: { headersTimeoutMs: number; idleTimeoutMs: number };
  rateLimit: { perMinute: number; mediaPerMinute: number; engagementsPerMinute: number; loginFailures: number; loginWindowMinutes: number; searchesPerMinute: number; followsPerMinute: number };
  jobsEnabled: boolean;
  uploads: { maxVideoBytes: number; maxMovieBytes: number; chunkBytes: number; maxSessionsPerUser: number; diskReserveBytes: number };
  /** 'x-accel': media bodies are handed to nginx (X-Accel-Redirect) after the server has checked access. */
  mediaOffload: { mode: 'none' | 'x-accel'; prefix: string };
  frontendDist: string;
  /** RELEASES_FILE: the release manifest (default: releases/manifest.json of the repository, shipped with the build). */
  releasesFile?: string;
  version: string;
  /** Stripe when a secret key is given; otherwise the sandbox provider (a hosted checkout page served here). */
  payments: { stripeSecretKey?: string; stripeWebhookSecret?: string; stripeApiBase?: string };
  /** Whether PUBLIC_URL was given (then it is the only address checkouts may return to). */
  publicUrlConfigured: boolean;
  money: { adRpmCents: number; encryptionKey: Buffer };
  /**
   * DEMO_DATA: seed a small demo platform (creators, the membership channels of seed 001, generated media, follows,
   * likes, comments) in the background on a new database. Default: on only with the embedded database and the sandbox
   * payments provider.
   */
  demoData: boolean;
  /**
   * DEMO_DATA_SCALE (percent, 0-100; for tests): how much of the demo's media to make, and how long. 0 seeds only the
   * membership channels of seed 001 (no media, no other creators).
   */
  demoDataScale: number;
  /** TRENDING_REFRESH_SECONDS (0-3600, default 60): how old Home's Trending may be before it is computed again (0: every request). */
  trendingRefreshSeconds: number;
  /**
   * Live ingest. LIVE_RTMP_PORT (default 1935; 0 = off): the RTMP port OBS and ffmpeg publish to, opened by the one
   * process that runs the job handlers (the media/jobs worker under `npm start`, or the single process).
   */
  live: { rtmpPort: number };
  /** INSTANCE_NAME (1-40 characters, default Scriven): the name the installed app and its manifest carry. */
  instanceName: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Scriven cannot start because of its configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw.trim())) {
    problems.push(`${name} must be a whole number between ${min} and ${max}, but it is "${raw}".`);
    return def;
  }
  const n = Number(raw.trim());
  if (n < min || n > max) problems.push(`${name} must be between ${min} and ${max}, but it is ${n}.`);
  return n;
}

function bool(env: Env, name: string, def: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be true or false, but it is "${env[name]}".`);
  return def;
}

function url(env: Env, name: string, protocols: string[], problems: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    if (!protocols.includes(u.protocol)) {
      problems.push(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}, but it starts with ${u.protocol}//.`);
    }
    return raw;
  } catch {
    problems.push(`${name} is not a valid URL.`);
    return undefined;
  }
}

/** INSTANCE_NAME: the name of the installed app (at most 40 characters, no control characters or markup). */
function instanceName(env: Env, problems: string[]): string {
  const raw = env.INSTANCE_NAME?.trim();
  if (!raw) return 'Scriven';
  if (raw.length > 40 || /[\u0000-\u001f\u007f<>]/.test(raw)) {
    problems.push(`INSTANCE_NAME must be at most 40 characters, without control characters or < >, but it is "${raw.slice(0, 60)}".`);
    return 'Scriven';
  }
  return raw;
}

/** The JWT signing secret: JWT_SECRET when given, else one generated once and kept in the data directory. */
function jwtSecret(env: Env, dataDir: string, problems: string[]): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) problems.push('JWT_SECRET must be at least 32 characters long.');
    return given;
  }
  const file = join(dataDir, 'secrets', 'jwt.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The key that encrypts bank account numbers at rest (AES-256-GCM): MONEY_ENCRYPTION_KEY (64 hex digits) when given,
 * else one generated once and kept in the data directory beside the JWT secret.
 */
function moneyKey(env: Env, dataDir: string, problems: string[]): Buffer {
  const given = env.MONEY_ENCRYPTION_KEY?.trim();
  if (given) {
    if (!/^[0-9a-fA-F]{64}$/.test(given)) problems.push('MONEY_ENCRYPTION_KEY must be 64 hexadecimal digits (32 bytes).');
    return Buffer.from(given, 'hex');
  }
  const file = join(dataDir, 'secrets', 'money.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two processes starting at once cannot each write a key of their own; the loser reads the winner's.
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

export function loadConfig(env: Env = process.env, opts: { cwd?: string; version?: string } = {}): AppConfig {
  const problems: string[] = [];
  const cwd = opts.cwd ?? process.cwd();
  const port = int(env, 'PORT', 3000, 1, 65535, problems);
  const rawDataDir = env.DATA_DIR?.trim() || './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(cwd, rawDataDir);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems);
  const embeddedPgPort = env.EMBEDDED_PG_PORT?.trim() ? int(env, 'EMBEDDED_PG_PORT', 0, 1024, 65535, problems) : undefined;
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:'], problems) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems);
  const mailFrom = env.MAIL_FROM?.trim() || 'Scriven <no-reply@localhost>';
  const level = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    problems.push(`LOG_LEVEL must be one of debug, info, warn or error, but it is "${env.LOG_LEVEL}".`);
  }
  let admin: AppConfig['admin'];
  const au = env.ADMIN_USERNAME?.trim();
  const ap = env.ADMIN_PASSWORD;
  if (au && !ap) problems.push('ADMIN_USERNAME is set but ADMIN_PASSWORD is not; set both or neither.');
  else if (!au && ap) problems.push('ADMIN_PASSWORD is set but ADMIN_USERNAME is not; set both or neither.');
  else if (au && ap) {
    if (!/^[A-Za-z0-9_]{3,20}$/.test(au)) problems.push('ADMIN_USERNAME must be 3-20 characters, letters, numbers, and underscores only.');
    if (ap.length < 12) problems.push('ADMIN_PASSWORD must be at least 12 characters long.');
    admin = { username: au, password: ap };
  }
  const config: AppConfig = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl,
    embeddedPgPort,
    publicUrl,
    jwtSecret: '',
    smtpUrl,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems),
    mailFrom,
    admin,
    logLevel: level,
    trustProxy: bool(env, 'TRUST_PROXY', false, problems),
    http: {
      headersTimeoutMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, problems),
      idleTimeoutMs: int(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000, 1000, 3_600_000, problems),
    },
    rateLimit: {
      perMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000, problems),
      mediaPerMinute: int(env, 'MEDIA_RATE_LIMIT_PER_MINUTE', 12_000, 1, 10_000_000, problems),
      engagementsPerMinute: int(env, 'ENGAGEMENT_LIMIT_PER_MINUTE', 60, 1, 1_000_000, problems),
      loginFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000, problems),
      loginWindowMinutes: int(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 1440, problems),
      searchesPerMinute: int(env, 'SEARCH_LIMIT_PER_MINUTE', 120, 1, 1_000_000, problems),
      followsPerMinute: int(env, 'FOLLOW_LIMIT_PER_MINUTE', 60, 1, 1_000_000, problems),
    },
    jobsEnabled: bool(env, 'JOBS_ENABLED', true, problems),
    uploads: {
      maxVideoBytes: int(env, 'MAX_VIDEO_UPLOAD_BYTES', 4 * 1024 ** 3, 1, 274877906944, problems),
      maxMovieBytes: int(env, 'MAX_MOVIE_UPLOAD_BYTES', 64 * 1024 ** 3, 1, 274877906944, problems),
      chunkBytes: int(env, 'UPLOAD_CHUNK_BYTES', 8 * 1024 * 1024, 256 * 1024, 64 * 1024 * 1024, problems),
      maxSessionsPerUser: int(env, 'MAX_UPLOAD_SESSIONS_PER_USER', 3, 1, 100, problems),
      diskReserveBytes: int(env, 'UPLOAD_DISK_RESERVE_BYTES', 512 * 1024 ** 2, 0, 2 ** 50, problems),
    },
    mediaOffload: {
      mode: (['none', 'x-accel'].includes(env.MEDIA_OFFLOAD?.trim() || 'none') ? env.MEDIA_OFFLOAD?.trim() || 'none' : (problems.push(`MEDIA_OFFLOAD must be none or x-accel, but it is "${env.MEDIA_OFFLOAD}".`), 'none')) as 'none' | 'x-accel',
      prefix: (env.MEDIA_OFFLOAD_PREFIX?.trim() || '/_scriven_media/').replace(/\/?$/, '/'),
    },
    frontendDist: env.FRONTEND_DIST?.trim() || resolve(cwd, 'frontend', 'dist'),
    releasesFile: env.RELEASES_FILE?.trim() ? resolve(cwd, env.RELEASES_FILE.trim()) : undefined,
    version: opts.version ?? '0.1.0',
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
      stripeApiBase: url(env, 'STRIPE_API_BASE', ['http:', 'https:'], problems),
    },
    money: { adRpmCents: int(env, 'AD_RPM_CENTS', 500, 0, 100_000, problems), encryptionKey: Buffer.alloc(0) },
    // The embedded database: this process starts it, or (npm start) the supervisor started it and passes its URL on.
    demoData: bool(env, 'DEMO_DATA', (!databaseUrl || env.SCRIVEN_EMBEDDED_DATABASE === '1') && !env.STRIPE_SECRET_KEY?.trim(), problems),
    demoDataScale: int(env, 'DEMO_DATA_SCALE', 100, 0, 100, problems),
    trendingRefreshSeconds: int(env, 'TRENDING_REFRESH_SECONDS', 60, 0, 3600, problems),
    live: { rtmpPort: int(env, 'LIVE_RTMP_PORT', 1935, 0, 65535, problems) },
    instanceName: instanceName(env, problems),
    publicUrlConfigured: !!env.PUBLIC_URL?.trim(),
  };
  if (config.payments.stripeSecretKey && !config.publicUrlConfigured) {
    problems.push('STRIPE_SECRET_KEY is set but PUBLIC_URL is not: buyers return from Stripe to PUBLIC_URL; set it to the address people reach Scriven at.');
  }
  if (config.payments.stripeSecretKey && !config.payments.stripeWebhookSecret) {
    problems.push('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: webhooks could not be verified; set both.');
  }
  if (problems.length) throw new ConfigError(problems);
  config.jwtSecret = jwtSecret(env, dataDir, problems);
  config.money.encryptionKey = moneyKey(env, dataDir, problems);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

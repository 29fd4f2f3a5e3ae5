import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../../common/database/orm.js';
import { DATABASE_URL } from '../../../common/database/tokens.js';
import { ENTITIES } from '../../../entities.js';
import { MIGRATIONS } from '../../../../migrations/index.js';
import type { BackupArchive, BackupKind, BackupManifest } from '../domain/backup.js';

/**
 * The backup format and the code that writes, checks and restores it; shared by the server (backups, verification)
 * and the CLI (`npm run cli -- backup:restore NAME`). No pg_dump is needed: the server dumps its own database.
 *
 * DATA_DIR/backups/<name>/
 *   manifest.json        name, time, app version, applied migrations, each table's row count and file checksum
 *   db/<table>.copy.gz   the table's rows (COPY text format, gzip), all read in one REPEATABLE READ snapshot
 *   secrets/             the files of DATA_DIR/secrets (JWT and money keys), mode 0600
 *   media.json           every media file under DATA_DIR/media with its size and sha256 (the files stay in place;
 *                        a checksum is reused from the cache while the file's size and mtime are unchanged)
 *
 * A backup is written into `.tmp-<name>-<random>` and renamed when complete: a crash leaves no folder that looks like
 * a backup (the next backup, or the next start, removes the leftovers). A deletion renames the folder to
 * `.deleting-<name>` first (swept the same way). `.media-checksums.json` caches the media files' checksums. The pg-boss schema (the job queue) is left out: queued jobs are
 * transient, and schedules and sweepers queue their work again.
 */

export const BACKUPS_DIR = 'backups';
const SKIPPED = ['pgboss schema: the job queue (transient; schedules and sweepers queue their work again after a restore)', 'media files themselves: media.json lists them with their checksums; copy DATA_DIR/media with your file backups'];

export type Log = (line: string) => void;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function backupsRoot(dataDir: string): string {
  return join(dataDir, BACKUPS_DIR);
}

/** Writes a stream to a file (optionally gzipped), returning the size and sha256 of the bytes written. */
async function writeHashed(source: Readable, file: string, gzip: boolean): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const out = createWriteStream(file, { mode: 0o600 });
  if (gzip) await pipeline(source, createGzip({ level: 3 }), tap, out);
  else await pipeline(source, tap, out);
  return { bytes, sha256: hash.digest('hex') };
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(path);
    else total += (await stat(path)).size;
  }
  return total;
}

/** Every file under dir (relative paths with '/'), depth first, sorted. */
async function* walk(dir: string, root = dir): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, root);
    else if (entry.isFile()) yield relative(root, path).split(sep).join('/');
  }
}

export interface MediaEntry {
  key: string;
  size: number;
  sha256: string;
}

/** One file's checksum as last computed: reused while the file keeps its size and modification time. */
interface CachedChecksum {
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** The media checksums of earlier backups (DATA_DIR/backups/.media-checksums.json): a key is hashed again only when its size or mtime changed. */
export const MEDIA_CHECKSUM_CACHE = '.media-checksums.json';

async function readChecksumCache(file: string): Promise<Map<string, CachedChecksum>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, CachedChecksum>;
    return new Map(Object.entries(parsed).filter(([, v]) => v && typeof v.sha256 === 'string' && typeof v.size === 'number' && typeof v.mtimeMs === 'number'));
  } catch {
    return new Map();
  }
}

/**
 * The media manifest: every stored object with its size and sha256 (hashed streaming, a few files at a time). A file
 * whose size and mtime are those of the cache (`cacheFile`) keeps its cached checksum instead of being read again; the
 * cache is then rewritten with exactly the files seen (atomically: a temporary file renamed).
 */
async function mediaManifest(mediaDir: string, cacheFile: string): Promise<MediaEntry[]> {
  const keys: string[] = [];
  for await (const key of walk(mediaDir)) keys.push(key);
  const cache = await readChecksumCache(cacheFile);
  const fresh: Record<string, CachedChecksum> = {};
  const out: (MediaEntry | null)[] = new Array(keys.length).fill(null);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < keys.length) {
        const i = next++;
        const file = join(mediaDir, keys[i]);
        const s = await stat(file).catch(() => null);
        if (!s) continue; // deleted while the backup ran
        const cached = cache.get(keys[i]);
        const sha256 = cached && cached.size === s.size && cached.mtimeMs === s.mtimeMs ? cached.sha256 : await sha256File(file);
        fresh[keys[i]] = { size: s.size, mtimeMs: s.mtimeMs, sha256 };
        out[i] = { key: keys[i], size: s.size, sha256 };
      }
    }),
  );
  const tmp = `${cacheFile}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(fresh), { mode: 0o600 });
  await rename(tmp, cacheFile);
  return out.filter((e): e is MediaEntry => e !== null);
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'scriven-backup' });
  await client.connect();
  return client;
}

/** Dumps the database of `url` into `dir/db` in one consistent snapshot; the manifest's database part. */
async function dumpDatabase(url: string, dir: string): Promise<Pick<BackupManifest, 'migrations' | 'tables' | 'sequences'>> {
  const client = await connect(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: tables } = await client.query<{ name: string; kind: string }>(
      `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    );
    const { rows: migrations } = await client.query<{ name: string }>(
      tables.some((t) => t.name === 'mikro_orm_migrations') ? 'select name from mikro_orm_migrations order by id' : 'select null::text as name where false',
    );
    const { rows: seqs } = await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`);
    const sequences: BackupManifest['sequences'] = [];
    for (const s of seqs) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${ident(s.name)}`);
      sequences.push({ name: s.name, last_value: rows[0].last_value, is_called: rows[0].is_called });
    }
    await mkdir(join(dir, 'db'), { recursive: true, mode: 0o700 });
    const out: BackupManifest['tables'] = [];
    for (const t of tables) {
      const file = `db/${t.name}.copy.gz`;
      const source = t.kind === 'p' ? `(select * from ${ident(t.name)})` : ident(t.name);
      const stream = client.query(copyTo(`copy ${source} to stdout`));
      const written = await writeHashed(stream, join(dir, file), true);
      out.push({ name: t.name, rows: stream.rowCount, file, bytes: written.bytes, sha256: written.sha256 });
    }
    await client.query('commit');
    return { migrations: migrations.map((m) => m.name), tables: out, sequences };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Makes a backup under dataDir/backups/name. */
export async function createBackup(opts: { url: string; dataDir: string; name: string; kind: BackupKind; appVersion: string; now?: Date }): Promise<{ path: string; sizeBytes: number; manifest: BackupManifest }> {
  const root = backupsRoot(opts.dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const final = join(root, opts.name);
  const tmp = join(root, `.tmp-${opts.name}-${randomBytes(4).toString('hex')}`);
  await mkdir(tmp, { mode: 0o700 });
  try {
    const createdAt = opts.now ?? new Date();
    // The media files are listed and hashed while the database is dumped (each on its own: neither waits for the other).
    const mediaListing = mediaManifest(join(opts.dataDir, 'media'), join(root, MEDIA_CHECKSUM_CACHE));
    mediaListing.catch(() => undefined);
    const db = await dumpDatabase(opts.url, tmp);
    // The instance's secret files.
    const secrets: string[] = [];
    const secretsDir = join(opts.dataDir, 'secrets');
    if (existsSync(secretsDir)) {
      await mkdir(join(tmp, 'secrets'), { mode: 0o700 });
      for (const name of (await readdir(secretsDir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name).sort()) {
        await copyFile(join(secretsDir, name), join(tmp, 'secrets', name));
        await chmod(join(tmp, 'secrets', name), 0o600);
        secrets.push(name);
      }
    }
    const media = await mediaListing;
    const mediaText = JSON.stringify(media);
    await writeFile(join(tmp, 'media.json'), mediaText, { mode: 0o600 });
    const manifest: BackupManifest = {
      format: 1,
      name: opts.name,
      created_at: createdAt.toISOString(),
      app_version: opts.appVersion,
      kind: opts.kind,
      ...db,
      secrets,
      media: { file: 'media.json', objects: media.length, bytes: media.reduce((n, m) => n + m.size, 0), sha256: createHash('sha256').update(mediaText).digest('hex') },
      skipped: SKIPPED,
    };
    await writeFile(join(tmp, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    if (existsSync(final)) throw new Error(`A backup named "${opts.name}" already exists`);
    await rename(tmp, final);
    return { path: final, sizeBytes: await folderSize(final), manifest };
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new Error(`${dir} is not a backup (no manifest.json)`);
  });
  const m = JSON.parse(text) as BackupManifest;
  if (m.format !== 1 || !Array.isArray(m.tables) || !Array.isArray(m.migrations)) throw new Error('manifest.json is not a backup manifest of this version');
  return m;
}

/** Checks every table file against the manifest's checksum: the first difference, or null. */
async function checkFiles(dir: string, m: BackupManifest): Promise<string | null> {
  for (const t of m.tables) {
    if (!/^db\/[^/]+\.copy\.gz$/.test(t.file) || t.file.includes('..')) return `${t.file}: not a table file of a backup`;
    const file = join(dir, t.file);
    if (!existsSync(file)) return `${t.file} is missing`;
    if ((await sha256File(file)) !== t.sha256) return `${t.file} has changed since the backup was made (checksum mismatch)`;
  }
  return null;
}

export interface RestoreResult {
  migrations: string[];
  tables: { name: string; rows: number; expected: number }[];
  /** Tables whose row count differs from the manifest. */
  mismatches: string[];
}

/** The restore cannot run here: said before the target is touched. */
export class RestoreRefusedError extends Error {}

/**
 * Whether the user of `client` may load rows with triggers and foreign keys off (`session_replication_role =
 * replica`): a superuser, or (PostgreSQL 15+) a role granted SET on that parameter. Throws RestoreRefusedError when not.
 */
async function assertCanRestore(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ superuser: boolean; user: string }>('select rolsuper as superuser, current_user as "user" from pg_roles where rolname = current_user');
  if (rows[0]?.superuser) return;
  const granted = await client
    .query<{ ok: boolean }>(`select has_parameter_privilege('session_replication_role', 'SET') as ok`)
    .then((r) => r.rows[0]?.ok === true)
    .catch(() => false);
  if (!granted) {
    throw new RestoreRefusedError(
      `The database user "${rows[0]?.user ?? '?'}" may not set session_replication_role (a restore loads rows with triggers and foreign keys off): use a superuser, or GRANT SET ON PARAMETER session_replication_role TO it. Nothing was changed.`,
    );
  }
}

/**
 * Restores the database part of a backup into the database of `url`, in ONE transaction: the public schema dropped and
 * made again, the backup's migrations run (this build's code for them), every table loaded with COPY with triggers and
 * foreign keys off (session_replication_role = replica), the sequences set, and the row counts compared with the
 * manifest. Any failure (or, with rollbackOnMismatch, a count that differs) rolls everything back: the target is as it
 * was. The checks that need no write (files, migrations, privileges) come first.
 * The `backups` table keeps the rows the target had (it describes the backups folder, not the data); with
 * syncBackupsList (the CLI) it then lists exactly the backup folders on disk.
 */
export async function restoreDatabase(url: string, dir: string, log: Log = () => undefined, opts: { syncBackupsList?: boolean; rollbackOnMismatch?: boolean } = {}): Promise<RestoreResult> {
  const m = await readManifest(dir);
  const bad = await checkFiles(dir, m);
  if (bad) throw new RestoreRefusedError(bad);
  const known = MIGRATIONS.map((x) => x.name);
  const unknown = m.migrations.filter((n) => !known.includes(n));
  if (unknown.length) throw new RestoreRefusedError(`The backup needs migrations this build does not have (${unknown.join(', ')}): restore it with the build that made it (${m.app_version})`);
  if (m.migrations.some((n, i) => known[i] !== n)) throw new RestoreRefusedError('The backup was made with migrations in another order than this build has: restore it with the build that made it');

  const check = await connect(url);
  try {
    await assertCanRestore(check);
  } finally {
    await check.end().catch(() => undefined);
  }

  // One connection for everything: the ORM's migrator and the COPY streams share the transaction (a pool of one; its
  // pg client, seen when the pool hands it out, runs the COPY).
  // Its own EntityManager always (never one of a RequestContext the caller runs in: a verify job's is the app's).
  const orm = await MikroORM.init({ ...ormConfig({ url, entities: ENTITIES, migrations: MIGRATIONS }), pool: { min: 0, max: 1 }, context: () => undefined, contextName: 'scriven-restore' });
  try {
    const pool = (await orm.em.getConnection().getNativeClient()) as unknown as pg.Pool;
    let client: pg.PoolClient | null = null;
    pool.on('acquire', (c) => (client = c));
    // The migrator prepares itself (its tracking table) on first use, outside any transaction: that happens here, before
    // the transaction takes the pool's one connection. Inside, the table is made again after the schema is replaced.
    await orm.migrator.getExecuted();
    return await orm.em.fork({ disableContextResolution: true }).transactional(async (em) => {
      const [{ pid }] = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
      const raw = client as (pg.PoolClient & { processID?: number }) | null;
      if (!raw || raw.processID !== pid) throw new Error('The restore could not hold one connection for its transaction');
      const { rows: hadBackups } = await raw.query<{ present: boolean }>(`select to_regclass('public.backups') is not null as present`);
      const keptBackups = hadBackups[0].present ? (await raw.query<Record<string, unknown>>('select * from backups')).rows : [];
      log(`Replacing the public schema of the target database (in one transaction: a failure leaves it as it was)`);
      await raw.query('drop schema if exists public cascade');
      await raw.query('create schema public');
      await raw.query(`create table "mikro_orm_migrations" ("id" serial primary key, "name" varchar(255) not null, "executed_at" timestamptz(6) not null default current_timestamp(6))`);
      log(`Running the backup's ${m.migrations.length} migration(s)`);
      if (m.migrations.length) await orm.migrator.up({ migrations: m.migrations, transaction: em.getTransactionContext() });
      await raw.query('set local session_replication_role = replica');
      const { rows: present } = await raw.query<{ name: string }>(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`);
      const missing = m.tables.filter((t) => !present.some((p) => p.name === t.name));
      if (missing.length) throw new Error(`The backup's migrations did not make the table(s) ${missing.map((t) => t.name).join(', ')}`);
      if (m.tables.length) await raw.query(`truncate ${m.tables.map((t) => ident(t.name)).join(', ')}`);
      const tables: RestoreResult['tables'] = [];
      for (const t of m.tables) {
        const sink = raw.query(copyFrom(`copy ${ident(t.name)} from stdin`));
        await pipeline(createReadStream(join(dir, t.file)), createGunzip(), sink);
        tables.push({ name: t.name, rows: sink.rowCount, expected: t.rows });
        log(`  ${t.name}: ${sink.rowCount} row(s)`);
      }
      for (const s of m.sequences) await raw.query(`select setval($1::regclass, $2::bigint, $3)`, [ident(s.name), s.last_value, s.is_called]);
      for (const row of keptBackups) {
        const cols = Object.keys(row);
        await raw.query(
          `insert into backups (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (name) do nothing`,
          cols.map((c) => row[c]),
        );
      }
      if (opts.syncBackupsList) await syncBackupsList(raw, dirname(dir));
      const mismatches: string[] = [];
      for (const t of tables) {
        const { rows } = await raw.query<{ n: string }>(`select count(*)::text as n from ${ident(t.name)}`);
        t.rows = Number(rows[0].n);
        if (t.rows !== t.expected && !(t.name === 'backups' && (keptBackups.length || opts.syncBackupsList))) mismatches.push(`${t.name}: ${t.rows} row(s), the backup has ${t.expected}`);
      }
      if (mismatches.length && opts.rollbackOnMismatch) throw new Error(`Row counts differ from the backup (${mismatches.join('; ')})`);
      return { migrations: m.migrations, tables, mismatches };
    });
  } finally {
    await orm.close(true);
  }
}

/**
 * The `backups` table after a restore into the live database: every backup folder on disk is listed (a backup made
 * after the restored one, or the restored one itself, was not in its dump), and entries whose folder is gone leave.
 */
async function syncBackupsList(client: pg.ClientBase, root: string): Promise<void> {
  const onDisk: BackupManifest[] = [];
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const m = await readManifest(join(root, entry.name)).catch(() => null);
    if (m && m.name === entry.name) onDisk.push(m);
  }
  await client.query('delete from backups where not (name = any($1::text[]))', [onDisk.map((m) => m.name)]);
  for (const m of onDisk) {
    const path = join(root, m.name);
    await client.query(
      `insert into backups (name, path, size_bytes, created_at, created_by, kind, verify_status) values ($1, $2, $3, $4, null, $5, 'pending') on conflict (name) do update set path = excluded.path`,
      [m.name, path, await folderSize(path), m.created_at, m.kind],
    );
  }
}

/** Puts the backup's secret files back into dataDir/secrets; the names written. */
export async function restoreSecrets(dir: string, dataDir: string): Promise<string[]> {
  const m = await readManifest(dir);
  const target = join(dataDir, 'secrets');
  await mkdir(target, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  for (const name of m.secrets) {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.includes('..')) continue;
    await copyFile(join(dir, 'secrets', name), join(target, name));
    await chmod(join(target, name), 0o600);
    written.push(name);
  }
  return written;
}

/** Compares DATA_DIR/media with the backup's media manifest. */
export async function checkMedia(dir: string, dataDir: string): Promise<{ checked: number; missing: string[]; changed: string[] }> {
  const entries = JSON.parse(await readFile(join(dir, 'media.json'), 'utf8')) as MediaEntry[];
  const missing: string[] = [];
  const changed: string[] = [];
  const mediaDir = join(dataDir, 'media');
  for (const e of entries) {
    if (e.key.split('/').includes('..')) continue;
    const file = join(mediaDir, e.key);
    const s = await stat(file).catch(() => null);
    if (!s) missing.push(e.key);
    else if (s.size !== e.size || (await sha256File(file)) !== e.sha256) changed.push(e.key);
  }
  return { checked: entries.length, missing, changed };
}

/**
 * Scratch databases: `scriven_verify_<instance>_<random>`, where <instance> is a tag of the database they check (so an
 * instance only ever sweeps its own, however many share the server). Whoever uses one holds an advisory lock named by
 * it (in the instance's database) for as long as it exists; a scratch database whose lock nobody holds was left by a
 * process that died mid-verify, and is dropped before each verify and when the server starts.
 */
export const SCRATCH_PREFIX = 'scriven_verify_';
const LOCK_SCRATCH = 42020;

export function scratchPrefix(url: string): string {
  const u = new URL(url);
  return `${SCRATCH_PREFIX}${createHash('sha256').update(`${u.hostname}:${u.port}${u.pathname}`).digest('hex').slice(0, 8)}_`;
}

/** Drops this instance's scratch databases that nobody is using (left by a crash); their names. */
async function sweepScratch(admin: pg.Client, url: string): Promise<string[]> {
  const prefix = scratchPrefix(url);
  const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where left(datname, length($1)) = $1', [prefix]);
  const dropped: string[] = [];
  for (const { name } of rows) {
    if (!/^[a-z0-9_]+$/.test(name)) continue;
    const { rows: got } = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_SCRATCH, name]);
    if (!got[0].ok) continue; // in use by a verify
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      dropped.push(name);
    } finally {
      await admin.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SCRATCH, name]).catch(() => undefined);
    }
  }
  return dropped;
}

export async function sweepScratchDatabases(url: string): Promise<string[]> {
  const admin = await connect(url);
  try {
    return await sweepScratch(admin, url);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** A throw-away database on the server of `url`, dropped after fn (and by the next sweep if this process dies). */
async function withScratchDatabase<T>(url: string, fn: (scratchUrl: string) => Promise<T>): Promise<T> {
  const admin = await connect(url);
  try {
    await sweepScratch(admin, url);
    const name = `${scratchPrefix(url)}${randomBytes(6).toString('hex')}`;
    await admin.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SCRATCH, name]);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      return await fn(u.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SCRATCH, name]).catch(() => undefined);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Restores the backup into a scratch database and compares its row counts with the manifest. */
export async function verifyBackup(url: string, dir: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const result = await withScratchDatabase(url, (scratch) => restoreDatabase(scratch, dir));
    if (result.mismatches.length) return { ok: false, reason: `Row counts differ after a restore: ${result.mismatches.join('; ')}` };
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}

/**
 * Locks on a backup, in PostgreSQL (every process): readers (verify, an update standing on it, the CLI's restore)
 * share it; deleting (by hand or by retention) takes it alone. Try-only: null when it cannot be had now.
 */
const LOCK_BACKUP = 42017;
const LOCK_CREATE = 42018;
export type LockMode = 'shared' | 'exclusive';

async function tryLock(client: pg.ClientBase, key: number, id: string, mode: LockMode): Promise<boolean> {
  const fn = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
  const { rows } = await client.query<{ ok: boolean }>(`select ${fn}($1, hashtext($2)) as ok`, [key, id]);
  return rows[0].ok;
}

async function unlock(client: pg.ClientBase, key: number, id: string, mode: LockMode): Promise<void> {
  const fn = mode === 'shared' ? 'pg_advisory_unlock_shared' : 'pg_advisory_unlock';
  await client.query(`select ${fn}($1, hashtext($2))`, [key, id]).catch(() => undefined);
}

async function withLock<T>(url: string, key: number, id: string, mode: LockMode, fn: () => Promise<T>): Promise<T | null> {
  const client = await connect(url);
  try {
    if (!(await tryLock(client, key, id, mode))) return null;
    try {
      return await fn();
    } finally {
      await unlock(client, key, id, mode);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs fn holding the backup `name` (shared: as a reader; exclusive: to delete it); null when that cannot be had now. */
export function withBackupLock<T>(url: string, name: string, mode: LockMode, fn: () => Promise<T>): Promise<T | null> {
  return withLock(url, LOCK_BACKUP, name, mode, fn);
}

const DELETING = '.deleting-';

/** The server's BackupArchive: the functions above on its database and data directory, with locks in PostgreSQL. */
@Injectable()
export class FileBackupArchive implements BackupArchive, OnApplicationBootstrap {
  private readonly logger = new Logger('Backups');

  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private dir(name: string): string {
    return join(backupsRoot(this.config.dataDir), name);
  }

  /** At start: scratch databases and folders that a process which died left behind. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const dropped = await sweepScratchDatabases(this.url);
      if (dropped.length) this.logger.warn(`dropped scratch database(s) left by an interrupted verification: ${dropped.join(', ')}`);
      await this.sweepDeleting();
      await this.exclusive(() => this.sweepTemporary());
    } catch (e) {
      this.logger.warn(`cleaning up after interrupted backups failed: ${(e as Error).message}`);
    }
  }

  /** Folders of backups being written: only a crashed backup's when no backup is being made (under the create lock). */
  private async sweepTemporary(): Promise<void> {
    const root = backupsRoot(this.config.dataDir);
    for (const entry of await readdir(root).catch(() => [] as string[])) if (entry.startsWith('.tmp-')) await rm(join(root, entry), { recursive: true, force: true });
  }

  /** Folders of deletions that did not finish: removed when nobody holds their backup's name (the deleting process does). */
  private async sweepDeleting(): Promise<void> {
    const root = backupsRoot(this.config.dataDir);
    for (const entry of await readdir(root).catch(() => [] as string[])) {
      if (!entry.startsWith(DELETING)) continue;
      await withBackupLock(this.url, entry.slice(DELETING.length), 'exclusive', () => rm(join(root, entry), { recursive: true, force: true }));
    }
  }

  async create(name: string, kind: BackupKind, appVersion: string) {
    // Under the create lock: any temporary folder is a crashed backup's.
    await this.sweepTemporary();
    await this.sweepDeleting();
    return createBackup({ url: this.url, dataDir: this.config.dataDir, name, kind, appVersion });
  }

  exists(name: string): boolean {
    return existsSync(this.dir(name));
  }

  /**
   * Deletes a backup, crash-safe (the caller holds it exclusively): its folder is renamed aside (`.deleting-<name>`,
   * atomic), `commit` removes its entry, then the folder is removed. When `commit` fails the folder comes back; a crash
   * after the rename leaves a `.deleting-` folder that the next backup or start removes.
   */
  async remove(name: string, commit: () => Promise<void>): Promise<void> {
    const aside = join(backupsRoot(this.config.dataDir), `${DELETING}${name}`);
    await rm(aside, { recursive: true, force: true });
    const had = existsSync(this.dir(name));
    if (had) await rename(this.dir(name), aside);
    try {
      await commit();
    } catch (e) {
      if (had) await rename(aside, this.dir(name));
      throw e;
    }
    await rm(aside, { recursive: true, force: true });
  }

  verify(name: string) {
    return verifyBackup(this.url, this.dir(name));
  }

  hold<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    return withBackupLock(this.url, name, 'shared', fn);
  }

  holdAlone<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    return withBackupLock(this.url, name, 'exclusive', fn);
  }

  async eachUnheld(names: string[], fn: (name: string) => Promise<void>): Promise<string[]> {
    const done: string[] = [];
    if (!names.length) return done;
    const client = await connect(this.url);
    try {
      for (const name of names) {
        if (!(await tryLock(client, LOCK_BACKUP, name, 'exclusive'))) continue;
        try {
          await fn(name);
          done.push(name);
        } finally {
          await unlock(client, LOCK_BACKUP, name, 'exclusive');
        }
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    return done;
  }

  exclusive<T>(fn: () => Promise<T>): Promise<T | null> {
    return withLock(this.url, LOCK_CREATE, 'backup', 'exclusive', fn);
  }

  /** Whether anyone holds the create lock (an advisory lock on two keys: classid, objid as unsigned, objsubid 2). */
  async running(): Promise<boolean> {
    const client = await connect(this.url);
    try {
      const { rows } = await client.query<{ running: boolean }>(
        `select exists (select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 2
           and database = (select oid from pg_database where datname = current_database())
           and classid = $1::int8::oid and objid = (hashtext($2)::int8 & 4294967295)::oid) as running`,
        [LOCK_CREATE, 'backup'],
      );
      return rows[0].running;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { createOrm } from '../../../common/database/orm.js';
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
 *   media.json           every media file under DATA_DIR/media with its size and sha256 (the files stay in place)
 *
 * A backup is written into `.tmp-<name>-<random>` and renamed when complete: a crash leaves no folder that looks like
 * a backup (the next backup removes the leftovers). The pg-boss schema (the job queue) is left out: queued jobs are
 * transient, and schedules and sweepers queue their work again.
 */

export const BACKUPS_DIR = 'backups';
const LOCK_SPACE = 42017;
const LOCK_EXCLUSIVE = 42018;
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

/** The media manifest: every stored object with its size and sha256 (hashed streaming, a few files at a time). */
async function mediaManifest(mediaDir: string): Promise<MediaEntry[]> {
  const keys: string[] = [];
  for await (const key of walk(mediaDir)) keys.push(key);
  const out: MediaEntry[] = new Array(keys.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < keys.length) {
        const i = next++;
        const file = join(mediaDir, keys[i]);
        out[i] = { key: keys[i], size: (await stat(file)).size, sha256: await sha256File(file) };
      }
    }),
  );
  return out;
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
    const media = await mediaManifest(join(opts.dataDir, 'media'));
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

/**
 * Restores the database part of a backup into the database of `url`: the public schema dropped and made again, the
 * backup's migrations run (this build's code for them), every table emptied and loaded with COPY with triggers and
 * foreign keys off (session_replication_role = replica: needs a superuser, which the embedded server's user is),
 * the sequences set, all in one transaction after the migrations; then the row counts compared with the manifest.
 * The `backups` table keeps the rows the target had (it describes the backups folder, not the data); with
 * syncBackupsList (the CLI) it then lists exactly the backup folders on disk.
 */
export async function restoreDatabase(url: string, dir: string, log: Log = () => undefined, opts: { syncBackupsList?: boolean } = {}): Promise<RestoreResult> {
  const m = await readManifest(dir);
  const bad = await checkFiles(dir, m);
  if (bad) throw new Error(bad);
  const known = MIGRATIONS.map((x) => x.name);
  const unknown = m.migrations.filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`The backup needs migrations this build does not have (${unknown.join(', ')}): restore it with the build that made it (${m.app_version})`);
  if (m.migrations.some((n, i) => known[i] !== n)) throw new Error('The backup was made with migrations in another order than this build has: restore it with the build that made it');

  const client = await connect(url);
  try {
    const { rows: hadBackups } = await client.query<{ present: boolean }>(`select to_regclass('public.backups') is not null as present`);
    const keptBackups = hadBackups[0].present ? (await client.query<Record<string, unknown>>('select * from backups')).rows : [];
    log(`Dropping the public schema of the target database`);
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    log(`Running the backup's ${m.migrations.length} migration(s)`);
    const orm = await createOrm({ url, entities: ENTITIES, migrations: MIGRATIONS });
    try {
      if (m.migrations.length) await orm.migrator.up({ migrations: m.migrations });
    } finally {
      await orm.close(true);
    }
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const { rows: present } = await client.query<{ name: string }>(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const missing = m.tables.filter((t) => !present.some((p) => p.name === t.name));
    if (missing.length) throw new Error(`The backup's migrations did not make the table(s) ${missing.map((t) => t.name).join(', ')}`);
    if (m.tables.length) await client.query(`truncate ${m.tables.map((t) => ident(t.name)).join(', ')}`);
    const tables: RestoreResult['tables'] = [];
    for (const t of m.tables) {
      const sink = client.query(copyFrom(`copy ${ident(t.name)} from stdin`));
      await pipeline(createReadStream(join(dir, t.file)), createGunzip(), sink);
      tables.push({ name: t.name, rows: sink.rowCount, expected: t.rows });
      log(`  ${t.name}: ${sink.rowCount} row(s)`);
    }
    for (const s of m.sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [ident(s.name), s.last_value, s.is_called]).catch(() => undefined);
    }
    if (keptBackups.length) {
      for (const row of keptBackups) {
        const cols = Object.keys(row);
        await client.query(
          `insert into backups (${cols.map(ident).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (name) do nothing`,
          cols.map((c) => row[c]),
        );
      }
    }
    if (opts.syncBackupsList) await syncBackupsList(client, dirname(dir));
    await client.query('commit');
    const mismatches: string[] = [];
    for (const t of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${ident(t.name)}`);
      t.rows = Number(rows[0].n);
      if (t.rows !== t.expected && !(t.name === 'backups' && (keptBackups.length || opts.syncBackupsList))) mismatches.push(`${t.name}: ${t.rows} row(s), the backup has ${t.expected}`);
    }
    return { migrations: m.migrations, tables, mismatches };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The `backups` table after a restore into the live database: every backup folder on disk is listed (a backup made
 * after the restored one, or the restored one itself, was not in its dump), and entries whose folder is gone leave.
 */
async function syncBackupsList(client: pg.Client, root: string): Promise<void> {
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

/** A throw-away database on the server of `url`, dropped after fn. */
async function withScratchDatabase<T>(url: string, fn: (scratchUrl: string) => Promise<T>): Promise<T> {
  const name = `scriven_verify_${randomBytes(6).toString('hex')}`;
  const admin = await connect(url);
  try {
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      return await fn(u.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
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

/** The server's BackupArchive: the functions above on its database and data directory, with locks in PostgreSQL. */
@Injectable()
export class FileBackupArchive implements BackupArchive {
  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private dir(name: string): string {
    return join(backupsRoot(this.config.dataDir), name);
  }

  async create(name: string, kind: BackupKind, appVersion: string) {
    // Under the exclusive lock: any temporary folder is a crashed backup's.
    const root = backupsRoot(this.config.dataDir);
    for (const entry of await readdir(root).catch(() => [] as string[])) if (entry.startsWith('.tmp-')) await rm(join(root, entry), { recursive: true, force: true });
    return createBackup({ url: this.url, dataDir: this.config.dataDir, name, kind, appVersion });
  }

  exists(name: string): boolean {
    return existsSync(this.dir(name));
  }

  async remove(name: string): Promise<void> {
    await rm(this.dir(name), { recursive: true, force: true });
  }

  verify(name: string) {
    return verifyBackup(this.url, this.dir(name));
  }

  private async locked<T>(key: number, id: string, fn: () => Promise<T>): Promise<T | null> {
    const client = await connect(this.url);
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [key, id]);
      if (!rows[0].ok) return null;
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [key, id]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  hold<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    return this.locked(LOCK_SPACE, name, fn);
  }

  async isHeld(name: string): Promise<boolean> {
    return (await this.locked(LOCK_SPACE, name, async () => true)) === null;
  }

  exclusive<T>(fn: () => Promise<T>): Promise<T | null> {
    return this.locked(LOCK_EXCLUSIVE, 'backup', fn);
  }
}

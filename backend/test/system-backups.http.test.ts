import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { comment, media, type Any } from './moderation-fixtures.js';
import { BackupsService } from '../src/modules/system-admin/application/backups.service.js';
import { BACKUP_ARCHIVE, type BackupArchive } from '../src/modules/system-admin/domain/backup.js';
import { FileBackupArchive, MEDIA_CHECKSUM_CACHE, SCRATCH_PREFIX, restoreDatabase, scratchPrefix, sha256File } from '../src/modules/system-admin/infrastructure/backup-archive.js';

/**
 * Backups over HTTP (the admin console): made with the seed's default name or a given one, listed, verified by a
 * restore into a scratch database, kept to the last N, deleted; and the round trip an operator relies on: back up,
 * lose the database, `npm run cli -- backup:restore NAME`, and every table and media file is as it was.
 */

const HOOKS = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

let t: TestApp;
let boss: Admin;
let owner: Person;
const today = () => new Date().toISOString().slice(0, 10);
/** Polls until `fn` answers something truthy (a background job's effect), or fails after `ms`. */
async function eventually<T>(fn: () => Promise<T>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const backupsDir = () => join(t.config.dataDir, 'backups');
const create = (name?: string) => t.http().post(`/api/system/backup${name === undefined ? '' : `?backup_name=${encodeURIComponent(name)}`}`).set(...boss.adminAuth);
const list = async (): Promise<Any[]> => (await t.http().get('/api/system/backups').set(...boss.adminAuth).expect(200)).body.backups;
const service = () => t.app.get(BackupsService);
const archive = () => t.app.get<BackupArchive>(BACKUP_ARCHIVE);
/** This instance's scratch databases (other test files' instances on the same server have their own prefix). */
const scratchDatabases = async () => (await t.sql<{ datname: string }>(`select datname from pg_database where left(datname, length($1)) = $1`, [scratchPrefix(t.databaseUrl)])).map((d) => d.datname);
/** The backup folders (not the media checksum cache beside them). */
const folders = () => readdirSync(backupsDir()).filter((n) => n !== MEDIA_CHECKSUM_CACHE).sort();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  [boss, owner] = await Promise.all([admin(t), person(t)]);
}, 60_000);
afterAll(() => t?.close());

describe('making a backup', () => {
  it("is named 'manual_backup_' and the date by default, then _2; it holds the dump, the secrets and the media manifest", async () => {
    const r = await create().expect(201);
    expect(r.body).toMatchObject({ name: `manual_backup_${today()}`, kind: 'manual', verify_status: 'pending', verify_error: null, verified_at: null });
    expect(r.body.backup_path).toBe(join(backupsDir(), r.body.name));
    expect(r.body.size_bytes).toBeGreaterThan(0);
    const dir = r.body.backup_path as string;
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.migrations).toContain('Migration20261124200200_backups_updates');
    const users = manifest.tables.find((x: Any) => x.name === 'users');
    expect(users.rows).toBe(2);
    expect(existsSync(join(dir, users.file))).toBe(true);
    expect(manifest.tables.map((x: Any) => x.name)).toContain('mikro_orm_migrations');
    expect(manifest.secrets).toEqual(expect.arrayContaining(['jwt.key', 'money.key']));
    expect(statSync(join(dir, 'secrets', 'jwt.key')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'media.json'), 'utf8'))).toEqual([]);
    // Nothing half-written is left beside it.
    expect(readdirSync(backupsDir()).filter((n) => n.startsWith('.') && n !== MEDIA_CHECKSUM_CACHE)).toEqual([]);

    const again = await create().expect(201);
    expect(again.body.name).toBe(`manual_backup_${today()}_2`);
    const audit = await t.sql<Any>(`select admin_username, target, detail from admin_audit_log where action = 'backup.created' order by created_at`);
    expect(audit.map((a) => a.target)).toEqual([r.body.name, again.body.name]);
    expect(audit[0].admin_username).toBe(boss.name);
  });

  it('takes a given name; an existing name is a 409, and names that are not plain folder names are 400s that change nothing', async () => {
    expect((await create('nightly-1.b').expect(201)).body.name).toBe('nightly-1.b');
    const dup = await create('nightly-1.b').expect(409);
    expect(dup.body).toMatchObject({ code: 'SYSTEM.BACKUP_EXISTS', detail: 'A backup named "nightly-1.b" already exists' });
    const before = folders();
    const count = (await list()).length;
    for (const bad of ['../escape', 'a/b', 'a b', '.hidden', 'a..b', 'x'.repeat(101), '']) {
      const res = await create(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.detail).toBe('backup_name must be 1 to 100 letters, digits, underscores, dots or dashes, without ".."');
    }
    expect(folders()).toEqual(before);
    expect(await list()).toHaveLength(count);
  });

  it('lists backups newest first with size, kind and verification', async () => {
    const all = await list();
    expect(all.map((b) => b.name)).toEqual(['nightly-1.b', `manual_backup_${today()}_2`, `manual_backup_${today()}`]);
    for (const b of all) expect(b).toEqual({ name: b.name, backup_path: join(backupsDir(), b.name), size_bytes: expect.any(Number), created_at: expect.any(String), kind: 'manual', verify_status: 'pending', verify_error: null, verified_at: null });
  });

  it("answers 409 'A backup is already running' while another backup (of any process) is being made", async () => {
    // Another process's backup holds the lock that every process takes.
    const during = await t.app.get<BackupArchive>(BACKUP_ARCHIVE).exclusive(() => create('while-busy'));
    expect(during?.status).toBe(409);
    expect(during?.body).toMatchObject({ code: 'SYSTEM.BACKUP_RUNNING', detail: 'A backup is already running' });
    expect(existsSync(join(backupsDir(), 'while-busy'))).toBe(false);
  });

  it('is refused to user tokens (403) and visitors (401)', async () => {
    expect((await t.http().post('/api/system/backup').set(...owner.auth)).status).toBe(403);
    expect((await t.http().post('/api/system/backup').set(...boss.auth)).status).toBe(403);
    expect((await t.http().get('/api/system/backups')).status).toBe(401);
    expect((await t.http().put('/api/system/backup-settings').set(...owner.auth).send({ keep_last: 1, daily_enabled: false, daily_hour_utc: 0 })).status).toBe(403);
  });
});

describe('verification', () => {
  it("restores a backup into a scratch database and marks it verified; a file changed since says why it is not", async () => {
    const good = await service().verify('nightly-1.b');
    expect(good).toMatchObject({ verifyStatus: 'verified', verifyError: null });
    const shown = (await list()).find((b) => b.name === 'nightly-1.b')!;
    expect(shown.verify_status).toBe('verified');
    expect(new Date(shown.verified_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // No scratch database is left behind.
    expect(await scratchDatabases()).toEqual([]);

    const name = `manual_backup_${today()}_2`;
    writeFileSync(join(backupsDir(), name, 'db', 'users.copy.gz'), 'not what was dumped');
    await service().verify(name);
    const bad = (await list()).find((b) => b.name === name)!;
    expect(bad.verify_status).toBe('failed');
    expect(bad.verify_error).toBe('db/users.copy.gz has changed since the backup was made (checksum mismatch)');
  });
});

describe('verification while others use the backup', () => {
  it('a verify reads the backup alongside other readers (an update standing on it); while it is being deleted it is a 409, and delete waits for readers', async () => {
    await create('shared-read').expect(201);
    // Held as an update holds its pre-update backup: the verify still runs.
    const during = await archive().hold('shared-read', () => service().verify('shared-read'));
    expect(during).toMatchObject({ verifyStatus: 'verified', verifyError: null });
    // Being read: it cannot be deleted now.
    const refused = await archive().hold('shared-read', () => t.http().delete('/api/system/backups/shared-read').set(...boss.adminAuth));
    expect(refused?.status).toBe(409);
    expect(refused?.body.code).toBe('SYSTEM.BACKUP_IN_USE');
    // Being deleted (held alone): the verify is refused (its job is tried again later) and the backup stays pending.
    await create('held-alone').expect(201);
    await archive().holdAlone('held-alone', () => expect(service().verify('held-alone')).rejects.toMatchObject({ code: 'SYSTEM.BACKUP_IN_USE' }));
    expect((await list()).find((b) => b.name === 'held-alone')?.verify_status).toBe('pending');
    for (const name of ['shared-read', 'held-alone']) await t.http().delete(`/api/system/backups/${name}`).set(...boss.adminAuth).expect(204);
  });

  it("drops the scratch databases this instance's interrupted verifications left, before the next verify, and leaves other instances' alone", async () => {
    const stale = `${scratchPrefix(t.databaseUrl)}deadbeef0001`;
    const foreign = `${SCRATCH_PREFIX}00000000_deadbeef0002`;
    await t.sql(`create database ${stale}`);
    await t.sql(`create database ${foreign}`);
    try {
      expect(await scratchDatabases()).toEqual([stale]);
      expect(await service().verify('nightly-1.b')).toMatchObject({ verifyStatus: 'verified' });
      expect(await scratchDatabases()).toEqual([]);
      expect(await t.sql(`select datname from pg_database where datname = $1`, [foreign])).toHaveLength(1);
      // And at start (a server that died mid-verify is started again).
      await t.sql(`create database ${stale}`);
      await t.app.get<FileBackupArchive>(BACKUP_ARCHIVE).onApplicationBootstrap();
      expect(await scratchDatabases()).toEqual([]);
    } finally {
      await t.sql(`drop database if exists ${stale}`);
      await t.sql(`drop database if exists ${foreign}`);
    }
  });
});

describe('settings, retention and deletion', () => {
  it('starts with keep_last 7 and the daily backup off at 03:00 UTC; bad values are 400s that change nothing', async () => {
    expect((await t.http().get('/api/system/backup-settings').set(...boss.adminAuth).expect(200)).body).toEqual({ keep_last: 7, daily_enabled: false, daily_hour_utc: 3 });
    const put = (body: Any) => t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send(body);
    const ok = { keep_last: 7, daily_enabled: false, daily_hour_utc: 3 };
    for (const [body, message] of [
      [{ ...ok, keep_last: 0 }, 'keep_last must be a whole number from 1 to 100'],
      [{ ...ok, keep_last: 101 }, 'keep_last must be a whole number from 1 to 100'],
      [{ ...ok, keep_last: 2.5 }, 'keep_last must be a whole number from 1 to 100'],
      [{ ...ok, daily_enabled: 'maybe' }, 'daily_enabled must be true or false'],
      [{ ...ok, daily_hour_utc: 24 }, 'daily_hour_utc must be a whole number from 0 to 23'],
      [{ keep_last: 3 }, 'daily_enabled must be true or false'],
    ] as const) {
      const r = await put(body);
      expect([message, r.status, r.body.detail]).toEqual([message, 400, message]);
    }
    expect((await t.http().get('/api/system/backup-settings').set(...boss.adminAuth)).body).toEqual(ok);
  });

  it('keeps the last N good ones: a failed backup does not count toward N, and each new backup keeps to it', async () => {
    // nightly-1.b is verified, _2 failed its verification, the first is pending: two that count, nothing to remove.
    expect((await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 2, daily_enabled: false, daily_hour_utc: 3 }).expect(200)).body).toEqual({ keep_last: 2, daily_enabled: false, daily_hour_utc: 3 });
    expect((await list()).map((b) => b.name)).toEqual(['nightly-1.b', `manual_backup_${today()}_2`, `manual_backup_${today()}`]);
    await create('after-retention').expect(201);
    expect((await list()).map((b) => b.name)).toEqual(['after-retention', 'nightly-1.b']);
    expect(existsSync(join(backupsDir(), `manual_backup_${today()}`))).toBe(false);
    expect(folders()).toEqual(['after-retention', 'nightly-1.b']);
    const audit = await t.sql<Any>(`select detail from admin_audit_log where action = 'backup.settings'`);
    expect(audit.map((a) => a.detail)).toEqual([{ keep_last: 2, daily_enabled: false, daily_hour_utc: 3 }]);
  });

  it('deletes a backup: 204, its folder is gone, and it is 404 after', async () => {
    await t.http().delete('/api/system/backups/after-retention').set(...boss.adminAuth).expect(204);
    expect(existsSync(join(backupsDir(), 'after-retention'))).toBe(false);
    expect((await list()).map((b) => b.name)).toEqual(['nightly-1.b']);
    expect((await t.http().delete('/api/system/backups/after-retention').set(...boss.adminAuth)).status).toBe(404);
    expect((await t.http().delete('/api/system/backups/..').set(...boss.adminAuth)).status).toBe(404);
    expect(await t.sql(`select target from admin_audit_log where action = 'backup.deleted' and target = 'after-retention'`)).toHaveLength(1);
  });

  it('a deletion is crash-safe: the folder is set aside first and comes back when the entry cannot be removed; leftovers go at the next start', async () => {
    await create('to-delete').expect(201);
    await expect(archive().remove('to-delete', () => Promise.reject(new Error('the database went away')))).rejects.toThrow('the database went away');
    expect(existsSync(join(backupsDir(), 'to-delete', 'manifest.json'))).toBe(true);
    expect((await list()).map((b) => b.name)).toContain('to-delete');
    await t.http().delete('/api/system/backups/to-delete').set(...boss.adminAuth).expect(204);
    expect(folders()).toEqual(['nightly-1.b']);
    // A deletion interrupted after its folder was set aside (the entry is gone): removed when the server starts again.
    mkdirSync(join(backupsDir(), '.deleting-ghost', 'db'), { recursive: true });
    await t.app.get<FileBackupArchive>(BACKUP_ARCHIVE).onApplicationBootstrap();
    expect(existsSync(join(backupsDir(), '.deleting-ghost'))).toBe(false);
  });

  it('makes the daily backup once a day when switched on and its hour has come', async () => {
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: true, daily_hour_utc: 0 }).expect(200);
    const made = await service().runDailyIfDue(new Date());
    expect(made).toMatchObject({ name: `scheduled_backup_${today()}`, kind: 'scheduled', createdBy: null });
    expect(await service().runDailyIfDue(new Date())).toBeNull();
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: false, daily_hour_utc: 3 }).expect(200);
  });
});

describe('a daily backup that fails', () => {
  it('is tried again an hour later, not at every minute', async () => {
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: true, daily_hour_utc: 0 }).expect(200);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await service().dailyDue(tomorrow)).toBe(true);
    const a = archive();
    const original = a.create;
    a.create = () => Promise.reject(new Error('No space left on device'));
    try {
      await expect(service().runDailyIfDue(tomorrow)).rejects.toThrow('No space left on device');
    } finally {
      a.create = original;
    }
    const at = (minutes: number) => new Date(tomorrow.getTime() + minutes * 60_000);
    expect(await service().dailyDue(at(1))).toBe(false);
    expect(await service().dailyDue(at(59))).toBe(false);
    expect(await service().dailyDue(at(61))).toBe(true);
    expect(await t.sql(`select value->>'error' as error from system_state where key = 'backup_daily_attempt'`)).toEqual([{ error: 'No space left on device' }]);
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: false, daily_hour_utc: 3 }).expect(200);
  });
});

describe('media checksums', () => {
  it('are computed once per file: a file keeps its checksum while its size and mtime do, and is read again when they change', async () => {
    const dir = join(t.config.dataDir, 'media', 'cache-probe');
    const file = join(dir, 'probe.bin');
    mkdirSync(dir, { recursive: true });
    const t0 = new Date('2026-01-01T00:00:00Z');
    writeFileSync(file, 'aaaa');
    utimesSync(file, t0, t0);
    const sha = async (name: string) => {
      const b = await service().create(null, name);
      const entry = (JSON.parse(readFileSync(join(b.path, 'media.json'), 'utf8')) as { key: string; sha256: string }[]).find((e) => e.key === 'cache-probe/probe.bin');
      return entry?.sha256;
    };
    try {
      const first = await sha('cache-1');
      expect(first).toBe(await sha256File(file));
      // Same size and mtime: not read again.
      writeFileSync(file, 'bbbb');
      utimesSync(file, t0, t0);
      expect(await sha('cache-2')).toBe(first);
      // A new mtime: hashed again.
      utimesSync(file, new Date(), new Date());
      expect(await sha('cache-3')).toBe(await sha256File(file));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      for (const name of ['cache-1', 'cache-2', 'cache-3']) await t.http().delete(`/api/system/backups/${name}`).set(...boss.adminAuth);
    }
  });
});

/** Every table's rows, as one md5 each (rows ordered by their text). */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = await t.sql<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.sql<{ d: string | null; n: string }>(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d, count(*)::text as n from "${name}" x`);
    out[name] = `${row.n}:${row.d}`;
  }
  return out;
}

const sha256Sync = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every sequence of the public schema and its last value. */
const sequences = () => t.sql<{ sequencename: string; last_value: string | null }>(`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`);

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, DEMO_DATA: 'false', JOBS_ENABLED: 'false' };
  const child = spawn(process.execPath, ['--import', HOOKS, CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((res) => child.once('close', (code) => res({ code, out })));
}

/** The tables' digests, without the rate limiter's counters (the running app flushes them on its own, at any moment). */
async function dataDigests() {
  const d = await tableDigests();
  delete d.rate_limit_counters;
  return d;
}

describe('the round trip: back up, lose the database, restore with the CLI', () => {
  it('brings back every row of every table and checks the media files against their checksums', async () => {
    const fan = await person(t);
    const [v1, v2] = [await media(t, owner, 'video', 'Kept video'), await media(t, owner, 'reel', 'Kept reel')];
    await comment(t, fan, 'video', v1, 'Still here after the restore');
    await t.http().post(`/api/videos/${v1}/like`).set(...fan.auth);
    expect(v2).toBeTruthy();
    // What the requests set off in the background (notifications from durable events) has happened.
    await settled(t);

    const before = await dataDigests();
    const sequencesBefore = await sequences();
    const backup = await service().create(null, 'round-trip');
    const mediaList = JSON.parse(readFileSync(join(backup.path, 'media.json'), 'utf8')) as { key: string; size: number; sha256: string }[];
    expect(mediaList.length).toBeGreaterThanOrEqual(2);

    // The server is running: the CLI refuses without --force.
    const refused = await cli(['backup:restore', 'round-trip']);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/other connection\(s\) use the database: stop the server first/);

    // The database is lost.
    await t.sql('drop schema public cascade; create schema public');
    expect(await t.sql(`select tablename from pg_tables where schemaname = 'public'`)).toEqual([]);
    // And a media file changed on disk.
    writeFileSync(join(t.config.dataDir, 'media', mediaList[0].key), 'damaged');

    const restored = await cli(['backup:restore', 'round-trip', '--force']);
    expect(restored.out).toContain('Restoring backup round-trip');
    expect(restored.out).toMatch(/Restored \d+ table\(s\)/);
    expect(restored.out).toContain('Secrets put back into');
    expect(restored.out).toContain(`Media: ${mediaList.length} file(s) checked, 0 missing, 1 changed.`);
    expect(restored.out).toContain(`changed: ${mediaList[0].key}`);
    expect(restored.code).toBe(0);

    const after = await dataDigests();
    // `backups` describes the backups folder: the restored database lists the backup it came from.
    delete before.backups;
    expect((await t.sql<{ name: string }>('select name from backups')).map((b) => b.name)).toContain('round-trip');
    delete after.backups;
    expect(after).toEqual(before);
    // The sequences are where they were: the next row gets a fresh id.
    expect(await sequences()).toEqual(sequencesBefore);
    expect(sequencesBefore.length).toBeGreaterThan(0);
    // The app works on the restored database.
    expect((await t.http().get('/api/me').set(...owner.auth)).status).toBe(200);
  }, 120_000);
});

describe('a restore that cannot finish', () => {
  /** A copy of backup `from` named `name`, changed by `edit` (its manifest vouching for the change). */
  function brokenCopy(from: string, name: string, edit: (dir: string, manifest: Any) => void): string {
    const dir = join(backupsDir(), name);
    cpSync(join(backupsDir(), from), dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    edit(dir, manifest);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  }

  it('changes nothing: the CLI checks it in a scratch database first, the load is one transaction, and a failing step is not swallowed', async () => {
    await service().create(null, 'to-break');
    const before = await dataDigests();
    // Rows that cannot be loaded, with checksums that vouch for them.
    const badRows = brokenCopy('to-break', 'broken-rows', (dir, m) => {
      const users = m.tables.find((x: Any) => x.name === 'users');
      writeFileSync(join(dir, users.file), gzipSync('not\ta\tuser\n'));
      users.sha256 = sha256Sync(join(dir, users.file));
    });
    const viaCli = await cli(['backup:restore', 'broken-rows', '--force']);
    expect(viaCli.code).toBe(1);
    expect(viaCli.out).toContain('The backup cannot be restored:');
    expect(viaCli.out).toContain('Nothing was changed.');
    expect(await dataDigests()).toEqual(before);
    // Straight into the live database (no scratch check): the failure part way rolls everything back.
    await expect(restoreDatabase(t.databaseUrl, badRows)).rejects.toThrow();
    expect(await dataDigests()).toEqual(before);
    // A sequence that cannot be set fails the restore (it does not end in a silent rollback reported as success).
    const badSequence = brokenCopy('to-break', 'broken-sequence', (_dir, m) => m.sequences.push({ name: 'no_such_sequence', last_value: '1', is_called: true }));
    await expect(restoreDatabase(t.databaseUrl, badSequence)).rejects.toThrow(/no_such_sequence/);
    expect(await dataDigests()).toEqual(before);
    expect((await t.http().get('/api/me').set(...owner.auth)).status).toBe(200);
  }, 120_000);

  it('is refused before anything is touched when the database user may not turn triggers off', async () => {
    const role = `scriven_nosuper_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    // With a password: the embedded server asks for one (a trust-auth server ignores it).
    await t.sql(`create role ${role} login password '${password}'`);
    try {
      const u = new URL(t.databaseUrl);
      u.username = role;
      u.password = password;
      await expect(restoreDatabase(u.toString(), join(backupsDir(), 'to-break'))).rejects.toThrow(`The database user "${role}" may not set session_replication_role`);
      expect((await t.http().get('/api/me').set(...owner.auth)).status).toBe(200);
    } finally {
      await t.sql(`drop role if exists ${role}`);
    }
  });
});

describe('with the job queue on', () => {
  it('verifies a backup in the background even while an update stands on it (both read it)', async () => {
    const j = await createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const staff = await admin(j);
      const backups = async (): Promise<Any[]> => (await j.http().get('/api/system/backups').set(...staff.adminAuth).expect(200)).body.backups;
      // As an update holds its pre-update backup, from before the verify job can run until the job has run.
      const shown = await j.app.get<BackupArchive>(BACKUP_ARCHIVE).hold('jobs-held', async () => {
        await j.http().post('/api/system/backup?backup_name=jobs-held').set(...staff.adminAuth).expect(201);
        return eventually(async () => (await backups()).find((b) => b.name === 'jobs-held' && b.verify_status !== 'pending'));
      });
      expect(shown).toMatchObject({ name: 'jobs-held', verify_status: 'verified', verify_error: null });
    } finally {
      await j.close();
    }
  }, 90_000);
});

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';
import { comment, media, type Any } from './moderation-fixtures.js';
import { BackupsService } from '../src/modules/system-admin/application/backups.service.js';
import { BACKUP_ARCHIVE, type BackupArchive } from '../src/modules/system-admin/domain/backup.js';

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
const backupsDir = () => join(t.config.dataDir, 'backups');
const create = (name?: string) => t.http().post(`/api/system/backup${name === undefined ? '' : `?backup_name=${encodeURIComponent(name)}`}`).set(...boss.adminAuth);
const list = async (): Promise<Any[]> => (await t.http().get('/api/system/backups').set(...boss.adminAuth).expect(200)).body.backups;
const service = () => t.app.get(BackupsService);

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
    expect(readdirSync(backupsDir()).filter((n) => n.startsWith('.'))).toEqual([]);

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
    const before = readdirSync(backupsDir()).sort();
    const count = (await list()).length;
    for (const bad of ['../escape', 'a/b', 'a b', '.hidden', 'a..b', 'x'.repeat(101), '']) {
      const res = await create(bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.detail).toBe('backup_name must be 1 to 100 letters, digits, underscores, dots or dashes, without ".."');
    }
    expect(readdirSync(backupsDir()).sort()).toEqual(before);
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

  it('is refused to user tokens and visitors', async () => {
    expect((await t.http().post('/api/system/backup').set(...owner.auth)).status).toBe(401);
    expect((await t.http().post('/api/system/backup').set(...boss.auth)).status).toBe(401);
    expect((await t.http().get('/api/system/backups')).status).toBe(401);
    expect((await t.http().put('/api/system/backup-settings').set(...owner.auth).send({ keep_last: 1, daily_enabled: false, daily_hour_utc: 0 })).status).toBe(401);
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
    expect(await t.sql(`select datname from pg_database where datname like 'scriven_verify_%'`)).toEqual([]);

    const name = `manual_backup_${today()}_2`;
    writeFileSync(join(backupsDir(), name, 'db', 'users.copy.gz'), 'not what was dumped');
    await service().verify(name);
    const bad = (await list()).find((b) => b.name === name)!;
    expect(bad.verify_status).toBe('failed');
    expect(bad.verify_error).toBe('db/users.copy.gz has changed since the backup was made (checksum mismatch)');
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

  it('keeps the last N: lowering keep_last removes the oldest folders and entries at once, and each new backup keeps to it', async () => {
    expect((await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 2, daily_enabled: false, daily_hour_utc: 3 }).expect(200)).body).toEqual({ keep_last: 2, daily_enabled: false, daily_hour_utc: 3 });
    expect((await list()).map((b) => b.name)).toEqual(['nightly-1.b', `manual_backup_${today()}_2`]);
    expect(existsSync(join(backupsDir(), `manual_backup_${today()}`))).toBe(false);
    await create('after-retention').expect(201);
    expect((await list()).map((b) => b.name)).toEqual(['after-retention', 'nightly-1.b']);
    expect(readdirSync(backupsDir()).sort()).toEqual(['after-retention', 'nightly-1.b']);
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

  it('makes the daily backup once a day when switched on and its hour has come', async () => {
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: true, daily_hour_utc: 0 }).expect(200);
    const made = await service().runDailyIfDue(new Date());
    expect(made).toMatchObject({ name: `scheduled_backup_${today()}`, kind: 'scheduled', createdBy: null });
    expect(await service().runDailyIfDue(new Date())).toBeNull();
    await t.http().put('/api/system/backup-settings').set(...boss.adminAuth).send({ keep_last: 7, daily_enabled: false, daily_hour_utc: 3 }).expect(200);
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

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, DEMO_DATA: 'false', JOBS_ENABLED: 'false' };
  const child = spawn(process.execPath, ['--import', HOOKS, CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((res) => child.once('close', (code) => res({ code, out })));
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

    const before = await tableDigests();
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

    const after = await tableDigests();
    // `backups` describes the backups folder: the restored database lists the backup it came from.
    delete before.backups;
    expect((await t.sql<{ name: string }>('select name from backups')).map((b) => b.name)).toContain('round-trip');
    delete after.backups;
    expect(after).toEqual(before);
    // The app works on the restored database.
    expect((await t.http().get('/api/me').set(...owner.auth)).status).toBe(200);
  }, 120_000);
});

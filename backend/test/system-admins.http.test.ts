import pg from 'pg';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';

type Any = Record<string, any>;

/** The admin console's Admins tab (GET/POST/DELETE /api/admin/admins), its audit log (GET /api/admin/audit) and the feedback inbox. */
describe('admin accounts and the admin audit log', () => {
  let t: TestApp;
  let boss: Admin;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await admin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const admins = async (as: Admin = boss): Promise<Any[]> => {
    const r = await t.http().get('/api/admin/admins').set(...as.adminAuth);
    expect(r.status).toBe(200);
    return r.body.admins;
  };
  const grant = (username: unknown, as: Admin = boss) => t.http().post('/api/admin/admins').set(...as.adminAuth).send({ username });
  const revoke = (userId: string, as: Admin = boss) => t.http().delete(`/api/admin/admins/${userId}`).set(...as.adminAuth);
  const audit = async (query: Record<string, string> = {}) => {
    const r = await t.http().get('/api/admin/audit').query(query).set(...boss.adminAuth);
    expect(r.status).toBe(200);
    return r.body as { items: Any[]; next_cursor: string | null };
  };
  const consoleLogin = (username: string, password: string) => t.http().post('/api/admin/login').send({ username, password });

  test('lists the admins with username and is_admin', async () => {
    const list = await admins();
    expect(list).toContainEqual(expect.objectContaining({ user_id: boss.id, username: boss.name, is_admin: true, active: true, since: null }));
  });

  test('an admin makes a user an admin by display name or email; they sign in at the console; the log has it', async () => {
    const byName = await signUp(t);
    const r = await grant(byName.user.display_name);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ username: byName.user.display_name, is_admin: true });
    const listed = (await admins()).find((a) => a.user_id === r.body.user_id);
    expect(listed).toMatchObject({ username: byName.user.display_name, email: byName.user.email, is_admin: true });
    expect(new Date(listed!.since).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await consoleLogin(String(byName.user.display_name), String(byName.user.password))).status).toBe(200);

    const byEmail = await signUp(t);
    const e = await grant(String(byEmail.user.email).toUpperCase());
    expect(e.status).toBe(201);
    expect(e.body.username).toBe(byEmail.user.display_name);

    const { items } = await audit({ limit: '10' });
    const granted = items.filter((i) => i.action === 'admin.granted');
    expect(granted[0]).toMatchObject({ admin_username: boss.name, target: e.body.user_id, detail: { username: byEmail.user.display_name } });
    expect(granted[1]).toMatchObject({ admin_username: boss.name, target: r.body.user_id });
    // A console sign-in is an admin action too.
    expect(items.find((i) => i.action === 'admin.signed_in' && i.admin_username === byName.user.display_name)).toBeTruthy();
  });

  test('unknown users, blanks and admins already are refused, and change nothing', async () => {
    const count = (await admins()).length;
    const logged = (await audit()).items.length;
    const unknown = await grant('nobody_like_this');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'SYSTEM.USER_NOT_FOUND', detail: 'User not found' });
    expect((await grant('   ')).body).toMatchObject({ statusCode: 400, detail: 'Username is required' });
    expect((await grant(42)).status).toBe(400);
    expect((await grant('x'.repeat(255))).body.detail).toBe('Username must be at most 254 characters');
    const again = await grant(boss.name);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This user is already an admin');
    expect(await admins()).toHaveLength(count);
    expect((await audit()).items).toHaveLength(logged);
  });

  test('removing an admin: their console token stops working at once; never the last admin', async () => {
    const other = await signUp(t);
    const g = await grant(other.user.display_name);
    const login = await consoleLogin(String(other.user.display_name), String(other.user.password));
    expect(login.status).toBe(200);
    const otherAdmin: Admin = { id: g.body.user_id, name: String(other.user.display_name), auth: other.auth, adminAuth: ['Authorization', `Bearer ${login.body.access_token}`] };
    expect((await t.http().get('/api/admin/verify').set(...otherAdmin.adminAuth)).status).toBe(200);

    const r = await revoke(otherAdmin.id);
    expect(r.status).toBe(204);
    expect((await t.http().get('/api/admin/verify').set(...otherAdmin.adminAuth)).status).toBe(401);
    expect((await t.http().get('/api/admin/admins').set(...otherAdmin.adminAuth)).status).toBe(401);
    expect((await consoleLogin(otherAdmin.name, String(other.user.password))).status).toBe(401);
    expect((await admins()).some((a) => a.user_id === otherAdmin.id)).toBe(false);
    expect((await audit()).items[0]).toMatchObject({ action: 'admin.revoked', admin_username: boss.name, target: otherAdmin.id, detail: { username: otherAdmin.name, self: false } });

    // Made admin again, the old console token stays dead (the token version moved on).
    expect((await grant(otherAdmin.name)).status).toBe(201);
    expect((await t.http().get('/api/admin/verify').set(...otherAdmin.adminAuth)).status).toBe(401);

    expect((await revoke(otherAdmin.id)).status).toBe(204);
    expect((await revoke(otherAdmin.id)).body).toMatchObject({ statusCode: 404, detail: 'Admin not found' });
    expect((await revoke('not-a-uuid')).status).toBe(404);
  });

  test('an admin removed while their grant or removal waits for the admins lock is refused (401) and changes nothing', async () => {
    // A removes B while B's request (already past the guard) waits for the lock A holds: once A commits, B is no admin.
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    await watcher.connect();
    const waitingForLock = async () => {
      for (;;) {
        const r = await watcher.query("select 1 from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and not l.granted and d.datname = current_database()");
        if (r.rows.length > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    try {
      for (const action of ['grant', 'revoke'] as const) {
        const b = await admin(t);
        const target = await signUp(t);
        const targetAdmin = action === 'revoke' ? await grant(target.user.display_name) : null;
        const logged = (await audit()).items.length;
        await locker.query('begin');
        await locker.query(`select pg_advisory_xact_lock(hashtext('identity:admins'))`);
        const pending = action === 'grant' ? grant(target.user.display_name, b) : revoke(targetAdmin!.body.user_id, b);
        const sent = pending.then((r) => r); // supertest sends on then()
        await waitingForLock();
        await locker.query('update users set is_admin = false, token_version = token_version + 1 where id = $1', [b.id]);
        await locker.query('commit');
        const r = await sent;
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
        const [row] = await t.sql<{ is_admin: boolean }>('select is_admin from users where email = $1', [target.user.email]);
        expect(row.is_admin).toBe(action === 'revoke');
        expect((await audit()).items).toHaveLength(logged);
        if (targetAdmin) expect((await revoke(targetAdmin.body.user_id)).status).toBe(204);
      }
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await watcher.end();
    }
  });

  test('an admin may remove themselves while another remains; the last one cannot be removed, even by two at once', async () => {
    // Every admin but the boss and a second one goes first.
    const second = await admin(t);
    for (const a of await admins()) if (a.user_id !== boss.id && a.user_id !== second.id) expect((await revoke(a.user_id)).status).toBe(204);
    expect((await admins()).map((a) => a.user_id).sort()).toEqual([boss.id, second.id].sort());

    // Each removes the other at the same moment: one wins; the other, no longer an admin once the lock is theirs, is refused.
    const [a, b] = await Promise.all([revoke(second.id, boss), revoke(boss.id, second)]);
    expect([a.status, b.status].sort()).toEqual([204, 401]);
    const left = await t.sql<{ id: string }>('select id from users where is_admin');
    expect(left).toHaveLength(1);
    const survivor = left[0].id === boss.id ? boss : second;
    expect((await revoke(survivor.id, survivor)).body.detail).toBe('The last admin cannot be removed');

    // The survivor makes a new admin, who then removes the survivor (removing yourself is fine too while another remains).
    const fresh = await signUp(t);
    const made = await grant(fresh.user.display_name, survivor);
    expect(made.status).toBe(201);
    expect((await revoke(survivor.id, survivor)).status).toBe(204);
    expect((await t.http().get('/api/admin/verify').set(...survivor.adminAuth)).status).toBe(401);
    const login = await consoleLogin(String(fresh.user.display_name), String(fresh.user.password));
    boss = { id: made.body.user_id, name: String(fresh.user.display_name), auth: fresh.auth, adminAuth: ['Authorization', `Bearer ${login.body.access_token}`] };
    expect((await audit()).items.find((i) => i.action === 'admin.revoked')).toMatchObject({ admin_username: survivor.name, target: survivor.id, detail: { self: true } });
  });

  test('the audit log pages newest first', async () => {
    for (let i = 0; i < 3; i++) expect((await consoleLogin(boss.name, 'a-long-password')).status).toBe(200);
    const all: Any[] = [];
    let cursor: string | null = null;
    do {
      const page = await audit({ limit: '4', ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(4);
      all.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    const [total] = await t.sql<{ n: string }>('select count(*) as n from admin_audit_log');
    expect(all).toHaveLength(Number(total.n));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => new Date(e.created_at).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.slice(0, 3).map((e) => e.action)).toEqual(['admin.signed_in', 'admin.signed_in', 'admin.signed_in']);
    expect((await t.http().get('/api/admin/audit').query({ limit: 'many' }).set(...boss.adminAuth)).status).toBe(400);
  });

  test('the feedback inbox: newest first, with load more; a deleted author shows as none', async () => {
    const sender = await signUp(t);
    for (const message of ['First note', 'Second note', 'Third note']) {
      expect((await t.http().post('/api/feedback').set(...sender.auth).send({ message })).status).toBe(201);
    }
    const first = await t.http().get('/api/admin/feedback').query({ limit: '2' }).set(...boss.adminAuth);
    expect(first.status).toBe(200);
    expect(first.body.items.map((f: Any) => f.message)).toEqual(['Third note', 'Second note']);
    const next = await t.http().get('/api/admin/feedback').query({ limit: '2', cursor: first.body.next_cursor }).set(...boss.adminAuth);
    expect(next.body.items.map((f: Any) => f.message)).toEqual(['First note']);
    expect(next.body.next_cursor).toBeNull();
    const senderId = (await t.http().get('/api/me').set(...sender.auth)).body.id as string;
    expect(first.body.items[0].user_id).toBe(senderId);

    expect((await t.http().delete('/api/me').set(...sender.auth).send({ confirmation: sender.user.display_name })).status).toBe(200);
    const after = await t.http().get('/api/admin/feedback').query({ limit: '3' }).set(...boss.adminAuth);
    expect(after.body.items.map((f: Any) => [f.message, f.user_id])).toEqual([
      ['Third note', null],
      ['Second note', null],
      ['First note', null],
    ]);
  });

  test('user tokens and is_admin user tokens are refused (403), and no token (401), on every admins and audit route', async () => {
    const user = await signUp(t);
    const me = (await t.http().get('/api/me').set(...user.auth)).body.id as string;
    for (const [auth, status] of [[null, 401], [user.auth, 403], [boss.auth, 403]] as const) {
      const withAuth = <R extends { set: (k: string, v: string) => R }>(req: R): R => (auth ? req.set(auth[0], auth[1]) : req);
      expect((await withAuth(t.http().get('/api/admin/admins'))).status).toBe(status);
      expect((await withAuth(t.http().post('/api/admin/admins')).send({ username: user.user.display_name })).status).toBe(status);
      expect((await withAuth(t.http().delete(`/api/admin/admins/${boss.id}`))).status).toBe(status);
      expect((await withAuth(t.http().get('/api/admin/audit'))).status).toBe(status);
    }
    expect((await admins()).some((a) => a.user_id === me)).toBe(false);
  });
});

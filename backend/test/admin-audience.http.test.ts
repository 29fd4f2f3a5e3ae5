import jwt from 'jsonwebtoken';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { founderAuth } from './founder-fixtures.js';

type Auth = [string, string];

/**
 * The admin console's routes and the tokens of other audiences (issue 17: "users and founders are refused with 403").
 * A valid user token (an is_admin user's included: admins sign in at the console) or founder token is a 403
 * AUTH.ADMIN_REQUIRED; no token, a bad, expired or revoked one is the 401 every guarded route answers, whatever the
 * reason. A refused request changes nothing. (authz-matrix.http.test.ts holds every console operation to the same.)
 */
describe('admin console: tokens of another audience', () => {
  let t: TestApp;
  /** The founder's token, from the founder sign-in. */
  let founder: Auth;
  let boss: Admin;

  const FORBIDDEN = {
    statusCode: 403,
    code: 'AUTH.ADMIN_REQUIRED',
    detail: 'Administrator access required: sign in to the admin console',
    message: 'Administrator access required: sign in to the admin console',
  };
  const UNAUTHENTICATED = { statusCode: 401, code: 'UNAUTHENTICATED', detail: 'Authentication is required', message: 'Authentication is required' };

  const bearer = (token: string): Auth => ['Authorization', `Bearer ${token}`];
  const sign = (audience: string, sub: string, options: jwt.SignOptions = {}, secret = t.config.jwtSecret) =>
    jwt.sign({ ver: 0 }, secret, { subject: sub, audience, issuer: 'scriven', expiresIn: audience === 'founder' ? 30 * 60 : 3600, ...options });
  const idOf = async (auth: Auth) => (await t.http().get('/api/me').set(...auth)).body.id as string;

  /** One read and one write of each part of the console. */
  const routes: { name: string; send: (auth: Auth | null) => Promise<{ status: number; body: Record<string, unknown> }> }[] = [
    { name: 'GET /api/admin/verify', send: (a) => with_(t.http().get('/api/admin/verify'), a) },
    { name: 'GET /api/system/status', send: (a) => with_(t.http().get('/api/system/status'), a) },
    { name: 'GET /api/system/features', send: (a) => with_(t.http().get('/api/system/features'), a) },
    { name: 'POST /api/system/features/{name}', send: (a) => with_(t.http().post('/api/system/features/audience_probe').query({ enabled: 'false' }), a) },
    { name: 'GET /api/admin/admins', send: (a) => with_(t.http().get('/api/admin/admins'), a) },
    { name: 'GET /api/admin/audit', send: (a) => with_(t.http().get('/api/admin/audit'), a) },
    { name: 'GET /api/admin/feedback', send: (a) => with_(t.http().get('/api/admin/feedback'), a) },
    { name: 'GET /api/system/backups', send: (a) => with_(t.http().get('/api/system/backups'), a) },
    { name: 'PUT /api/system/backup-settings', send: (a) => with_(t.http().put('/api/system/backup-settings'), a, { keep_last: 1, daily_enabled: true, daily_hour_utc: 0 }) },
    { name: 'GET /api/updates/check', send: (a) => with_(t.http().get('/api/updates/check'), a) },
    { name: 'GET /api/system/restart', send: (a) => with_(t.http().get('/api/system/restart'), a) },
    { name: 'GET /api/admin/payouts', send: (a) => with_(t.http().get('/api/admin/payouts'), a) },
    { name: 'GET /api/admin/moderation/cases', send: (a) => with_(t.http().get('/api/admin/moderation/cases'), a) },
  ];
  function with_(req: ReturnType<ReturnType<TestApp['http']>['get']>, auth: Auth | null, body?: object) {
    let r = auth ? req.set(...auth) : req;
    if (body) r = r.send(body);
    return r.then((res) => ({ status: res.status, body: res.body as Record<string, unknown> }));
  }

  async function answers(auth: Auth | null) {
    const out: Record<string, unknown> = {};
    for (const route of routes) {
      const res = await route.send(auth);
      out[route.name] = { status: res.status, body: res.body };
    }
    return out;
  }
  const everyRoute = (status: number, body: object) => Object.fromEntries(routes.map((r) => [r.name, { status, body }]));

  beforeAll(async () => {
    t = await createTestApp();
    boss = await admin(t);
    founder = await founderAuth(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  test('a user token is refused with 403 on every part of the console', async () => {
    const user = await signUp(t);
    expect(await answers(user.auth)).toEqual(everyRoute(403, FORBIDDEN));
  });

  test("an is_admin user's app token is refused with 403: admins sign in at the console", async () => {
    expect(await answers(boss.auth)).toEqual(everyRoute(403, FORBIDDEN));
    // The same person's console token passes.
    expect((await t.http().get('/api/admin/verify').set(...boss.adminAuth)).body).toEqual({ username: boss.name, is_admin: true });
  });

  test('a founder token is refused with 403', async () => {
    expect(await answers(founder)).toEqual(everyRoute(403, FORBIDDEN));
  });

  test("a founder token signed for someone who is not the founder, or of a version before the founder's, is a 401", async () => {
    const [{ id }] = await t.sql<{ id: string }>('select id from founder_account');
    for (const token of [sign('founder', boss.id), jwt.sign({ ver: 99 }, t.config.jwtSecret, { subject: id, audience: 'founder', issuer: 'scriven', expiresIn: 60 })]) {
      expect(await answers(bearer(token))).toEqual(everyRoute(401, UNAUTHENTICATED));
    }
  });

  test('no token, garbage, a forged or expired token and a revoked user token are the same 401', async () => {
    const user = await signUp(t);
    const id = await idOf(user.auth);
    const bad: [string, Auth | null][] = [
      ['no token', null],
      ['garbage', ['Authorization', 'Bearer garbage']],
      ['not a bearer', ['Authorization', 'Basic dXNlcjpwYXNzd29yZA==']],
      ['a user token signed with another secret', bearer(sign('user', id, {}, 'another-secret-of-at-least-32-characters'))],
      ['an expired user token', bearer(sign('user', id, { expiresIn: -10 }))],
      ['a user token without exp', bearer(jwt.sign({ ver: 0 }, t.config.jwtSecret, { subject: id, audience: 'user', issuer: 'scriven' }))],
      ['a founder token signed with another secret', bearer(sign('founder', id, {}, 'another-secret-of-at-least-32-characters'))],
      ['an expired founder token', bearer(sign('founder', id, { expiresIn: -10 }))],
      ['a founder token living longer than 30 minutes', bearer(sign('founder', id, { expiresIn: 3600 }))],
      ['a token of an audience that does not exist', bearer(sign('owner', id))],
    ];
    for (const [what, auth] of bad) expect({ what, answers: await answers(auth) }).toEqual({ what, answers: everyRoute(401, UNAUTHENTICATED) });

    // Signed out everywhere: the old user token is revoked, so it proves nothing (401); a new one is a user's (403).
    expect((await t.http().post('/api/logout-all').set(...user.auth)).status).toBe(200);
    expect(await answers(user.auth)).toEqual(everyRoute(401, UNAUTHENTICATED));
    const again = await t.http().post('/api/login').send({ login_identifier: user.user.display_name, password: user.user.password });
    expect(await answers(bearer(again.body.access_token))).toEqual(everyRoute(403, FORBIDDEN));

    // A deleted user's token.
    const quitter = await signUp(t);
    expect((await t.http().delete('/api/me').set(...quitter.auth).send({ confirmation: quitter.user.display_name })).status).toBe(200);
    expect(await answers(quitter.auth)).toEqual(everyRoute(401, UNAUTHENTICATED));
  });

  test("a removed admin's console token is 401; their app token, signed in again, is a user's: 403", async () => {
    const person = await signUp(t);
    expect((await t.http().post('/api/admin/admins').set(...boss.adminAuth).send({ username: person.user.display_name })).status).toBe(201);
    const login = await t.http().post('/api/admin/login').send({ username: person.user.display_name, password: person.user.password });
    expect(login.status).toBe(200);
    const consoleAuth = bearer(login.body.access_token);
    expect((await t.http().get('/api/admin/verify').set(...consoleAuth)).status).toBe(200);

    const personId = await idOf(person.auth);
    expect((await t.http().delete(`/api/admin/admins/${personId}`).set(...boss.adminAuth)).status).toBe(204);

    expect(await answers(consoleAuth)).toEqual(everyRoute(401, UNAUTHENTICATED));
    // Every token they held was revoked with the role (the app token too); signed in again, they are a user.
    expect(await answers(person.auth)).toEqual(everyRoute(401, UNAUTHENTICATED));
    const again = await t.http().post('/api/login').send({ login_identifier: person.user.display_name, password: person.user.password });
    expect(await answers(bearer(again.body.access_token))).toEqual(everyRoute(403, FORBIDDEN));
  });

  test('a refused write changes nothing', async () => {
    const user = await signUp(t);
    const userId = await idOf(user.auth);
    const snapshot = async () => {
      const [flags, admins, audit, settings] = await Promise.all([
        t.http().get('/api/system/features').set(...boss.adminAuth),
        t.http().get('/api/admin/admins').set(...boss.adminAuth),
        t.http().get('/api/admin/audit').set(...boss.adminAuth),
        t.http().get('/api/system/backup-settings').set(...boss.adminAuth),
      ]);
      return { flags: flags.body, admins: admins.body, audit: audit.body, settings: settings.body };
    };
    const before = await snapshot();

    for (const auth of [user.auth, boss.auth, founder]) {
      const writes = [
        t.http().post('/api/system/features/uploads').query({ enabled: 'false' }).set(...auth),
        t.http().post('/api/system/features/refused_new_flag').set(...auth),
        t.http().post('/api/admin/admins').set(...auth).send({ username: user.user.display_name }),
        t.http().delete(`/api/admin/admins/${boss.id}`).set(...auth),
        t.http().put('/api/system/backup-settings').set(...auth).send({ keep_last: 1, daily_enabled: true, daily_hour_utc: 0 }),
        t.http().post('/api/system/backup').query({ backup_name: 'refused_backup' }).set(...auth),
        t.http().post('/api/system/restart').set(...auth).send({ services: ['frontend'] }),
      ];
      for (const w of writes) expect((await w).body).toEqual(FORBIDDEN);
    }

    expect(await snapshot()).toEqual(before);
    expect((await t.http().get('/api/features')).body.uploads).toBe(true);
    expect(await t.sql('select 1 from users where id = $1 and is_admin', [userId])).toHaveLength(0);
    expect((await t.http().get('/api/system/backups').set(...boss.adminAuth)).body.backups).toEqual([]);
  });
});

import { createTestApp, signUp, type TestApp } from './harness.js';

/**
 * POST /api/system/restart and GET /api/system/restart in a server without `npm start`'s supervisor (as the tests and
 * `node backend/dist/src/main.js` run it): the body is validated, and a restart is refused with 409. Restarts under
 * the real supervisor are tested in workers.test.ts.
 */
let t: TestApp;
let auth: [string, string];

beforeAll(async () => {
  t = await createTestApp();
  const { IdentityFacade } = await import('../src/modules/identity/identity.facade.js');
  const { RequestContext } = await import('@mikro-orm/core');
  await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('restart_admin', 'a-long-admin-password'));
  const login = await t.http().post('/api/admin/login').send({ username: 'restart_admin', password: 'a-long-admin-password' });
  auth = ['Authorization', `Bearer ${login.body.access_token}`];
});
afterAll(() => t.close());

const restart = (body: unknown) => t.http().post('/api/system/restart').set(...auth).send(body as object);

it('refuses anything but a list of frontend, backend, all', async () => {
  for (const body of [{}, { services: [] }, { services: 'backend' }, { services: ['database'] }, { services: ['backend', 'rm -rf /'] }, { services: ['all', 'all', 'all', 'all'] }, { services: [1] }]) {
    const r = await restart(body);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('services must be a list of one to three of frontend, backend, all');
  }
});

it('says a restart needs the supervisor, records nothing, and reports no restarts', async () => {
  const r = await restart({ services: ['backend'] });
  expect(r.status).toBe(409);
  expect(r.body).toMatchObject({ statusCode: 409, code: 'RESTART_NEEDS_SUPERVISOR', detail: 'Restarts need the supervisor (npm start)' });
  expect(await t.sql(`select 1 from admin_audit_log where action = 'service.restarted'`)).toHaveLength(0);
  const state = await t.http().get('/api/system/restart').set(...auth);
  expect(state.status).toBe(200);
  expect(state.body).toEqual({ supervised: false, restarts: [] });
});

it('is the admin console only', async () => {
  const { auth: user } = await signUp(t);
  expect((await t.http().post('/api/system/restart').set(...user).send({ services: ['backend'] })).status).toBe(403);
  expect((await t.http().get('/api/system/restart').set(...user)).status).toBe(403);
  expect((await t.http().get('/api/system/restart')).status).toBe(401);
});

it("under the supervisor, the restart is audited before the supervisor is told to act on it; a refused one is not audited", async () => {
  // The supervisor's side of the IPC channel, played here: it reserves (or refuses) a restart, and notes how many
  // audit rows there are when it is told to go.
  const { supervisorLink } = await import('../src/common/supervisor-link.js');
  const saved = { send: process.send, connected: Object.getOwnPropertyDescriptor(process, 'connected'), supervised: process.env.SCRIVEN_SUPERVISED };
  let busy = true;
  let refuseGo = false;
  const auditedWhenTold: number[] = [];
  const audited = async () => (await t.sql(`select 1 from admin_audit_log where action = 'service.restarted'`)).length;
  process.env.SCRIVEN_SUPERVISED = '1';
  Object.defineProperty(process, 'connected', { value: true, configurable: true, writable: true });
  process.send = ((m: { type: string; id?: string }, ...rest: unknown[]) => {
    if (m.type === 'scriven:restart') setImmediate(() => process.emit('message', { type: 'scriven:restart-accepted', id: m.id, ok: !busy, reason: busy ? 'busy' : undefined }, undefined));
    if (m.type === 'scriven:restart-go')
      void audited().then((n) => {
        auditedWhenTold.push(n);
        process.emit('message', { type: 'scriven:restart-started', id: m.id, ok: !refuseGo, reason: refuseGo ? 'lapsed' : undefined }, undefined);
      });
    (rest.find((x) => typeof x === 'function') as ((e: null) => void) | undefined)?.(null);
    return true;
  }) as typeof process.send;
  try {
    const refused = await restart({ services: ['backend'] });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('A restart is already in progress');
    expect(await audited()).toBe(0);
    busy = false;
    const accepted = await restart({ services: ['backend'] });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ services: ['backend'], status: 'restarting' });
    expect(auditedWhenTold).toEqual([1]);
    // Audited, then refused when told go (its reservation had lapsed): the audit log says it did not start.
    refuseGo = true;
    const lapsed = await restart({ services: ['frontend'] });
    expect(lapsed.status).toBe(503);
    const rows = await t.sql<{ action: string; target: string; detail: unknown }>(`select action, target, detail from admin_audit_log where action like 'service.restart%' order by created_at, seq`);
    expect(rows).toEqual([
      { action: 'service.restarted', target: 'backend', detail: { services: ['backend'] } },
      { action: 'service.restarted', target: 'frontend', detail: { services: ['frontend'] } },
      { action: 'service.restart_failed', target: 'frontend', detail: { services: ['frontend'], reason: 'lapsed' } },
    ]);
  } finally {
    supervisorLink.detach();
    process.send = saved.send;
    if (saved.connected) Object.defineProperty(process, 'connected', saved.connected);
    else delete (process as { connected?: boolean }).connected;
    if (saved.supervised === undefined) delete process.env.SCRIVEN_SUPERVISED;
    else process.env.SCRIVEN_SUPERVISED = saved.supervised;
  }
});

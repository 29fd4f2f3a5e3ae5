import jwt from 'jsonwebtoken';
import { RequestContext } from '@mikro-orm/core';
import { TokenService } from '../src/common/auth/token.service.js';
import { CLOCK, type Clock } from '../src/modules/identity/domain/ports.js';
import { createTestApp, newUser, signUp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '5' });
  // The sign-in throttle's time stands still here, so its waits do not run out under a slow test
  // (test/login-throttle.http.test.ts moves it).
  const frozen = new Date();
  t.app.get<Clock>(CLOCK).now = () => new Date(frozen);
});
afterAll(async () => {
  await t.close();
});

async function register(body: Record<string, unknown>) {
  return t.http().post('/api/register').send(body);
}
async function login(login_identifier: string, password: string) {
  return t.http().post('/api/login').send({ login_identifier, password });
}
async function tokenFor(body: Record<string, unknown>): Promise<string> {
  const r = await register(body);
  expect(r.status).toBe(201);
  const l = await login(String(body.display_name), String(body.password));
  expect(l.status).toBe(200);
  return l.body.access_token as string;
}

describe('POST /api/register', () => {
  it.each([
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ first_name: '   ' }, 'first_name', 'First name is required'],
    [{ last_name: '' }, 'last_name', 'Last name is required'],
    [{ display_name: '' }, 'display_name', 'Display name is required'],
    [{ display_name: 'ab' }, 'display_name', 'Display name must be 3-20 characters, letters, numbers, and underscores only'],
    [{ display_name: 'has space' }, 'display_name', 'Display name must be 3-20 characters, letters, numbers, and underscores only'],
    [{ display_name: 'x'.repeat(21) }, 'display_name', 'Display name must be 3-20 characters, letters, numbers, and underscores only'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'short12' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ email: undefined, contact_method: 'phone', phone_number: '' }, 'phone_number', 'Phone number is required'],
    [{ email: undefined, contact_method: 'phone', phone_number: '12345' }, 'phone_number', 'Invalid phone number format'],
    [{ email: undefined, contact_method: 'phone', phone_number: '+1 555 abc 9999' }, 'phone_number', 'Invalid phone number format'],
    [{ date_of_birth: '2015-02-30' }, 'date_of_birth', 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future'],
    [{ date_of_birth: '2099-01-01' }, 'date_of_birth', 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future'],
    [{ date_of_birth: '2020-01-01' }, 'parent_email', 'Parent email is required for users under 13'],
    [{ contact_method: 'fax' }, 'contact_method', 'Contact method must be email or phone'],
  ])('refuses %j with "%s: %s" and stores nothing', async (override, field, message) => {
    const body = newUser(override);
    const before = await t.sql<{ n: string }>('select count(*) as n from users');
    const r = await register(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: message, message });
    expect(r.body.errors).toContainEqual({ field, message });
    const after = await t.sql<{ n: string }>('select count(*) as n from users');
    expect(after[0].n).toBe(before[0].n);
  });

  it('lists every problem of an empty form, first message as detail', async () => {
    const r = await register({});
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('First name is required');
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(['first_name', 'last_name', 'display_name', 'email', 'password']);
  });

  it('creates an active user with a primary creator account and never returns the password hash', async () => {
    const body = newUser({ display_name: 'Grace_H', email: 'Grace@Example.COM', confirm_password: 'ignored' });
    const r = await register(body);
    expect(r.status).toBe(201);
    expect(r.body.account_status).toBe('active');
    expect(r.body.user).toMatchObject({ display_name: 'Grace_H', email: 'grace@example.com', is_admin: false, creator_program: false, is_premium: false });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password/i);
    const accounts = await t.sql<{ id: string; account_type: string; handle: string; is_primary: boolean; is_active: boolean }>(
      'select a.id, a.account_type, a.handle, a.is_primary, a.is_active from accounts a join users u on u.id = a.user_id where u.display_name = $1',
      ['Grace_H'],
    );
    expect(accounts).toEqual([{ id: r.body.user.active_account_id, account_type: 'creator', handle: 'grace_h', is_primary: true, is_active: true }]);
    const [row] = await t.sql<{ password_hash: string }>('select password_hash from users where display_name = $1', ['Grace_H']);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate display name, email or phone, whatever their case or spacing', async () => {
    const first = newUser({ display_name: 'Dup_Name', email: 'dup@example.com' });
    expect((await register(first)).status).toBe(201);
    const byName = await register(newUser({ display_name: 'dup_NAME' }));
    expect(byName.status).toBe(409);
    expect(byName.body.detail).toBe('Display name is already taken');
    const byEmail = await register(newUser({ email: ' DUP@example.com ' }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.detail).toBe('Email is already registered');
    const phone = newUser({ email: undefined, contact_method: 'phone', phone_number: '+1 (202) 555-0199' });
    expect((await register(phone)).status).toBe(201);
    const byPhone = await register(newUser({ email: undefined, contact_method: 'phone', phone_number: '+12025550199' }));
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.detail).toBe('Phone number is already registered');
  });

  it('knows +44 20 7946 0958, 0044 20 7946 0958 and +442079460958 for one number, stored in E.164, and signs in by any spelling', async () => {
    const body = newUser({ email: undefined, contact_method: 'phone', phone_number: '+44 20 7946 0958' });
    const first = await register(body);
    expect(first.status).toBe(201);
    expect(first.body.user.phone_number).toBe('+442079460958');
    for (const spelling of ['0044 20 7946 0958', '+442079460958', '+44 (0)20 7946 0958']) {
      const again = await register(newUser({ email: undefined, contact_method: 'phone', phone_number: spelling }));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'IDENTITY.PHONE_TAKEN', detail: 'Phone number is already registered' });
    }
    expect(await t.sql(`select phone_number, phone_key from users where phone_key like '+44207946095%'`)).toEqual([{ phone_number: '+442079460958', phone_key: '+442079460958' }]);
    for (const spelling of ['+44 20 7946 0958', '0044 20 7946 0958', '+442079460958', '011 44 20 7946 0958']) {
      const r = await login(spelling, String(body.password));
      expect(r.status).toBe(200);
    }
  });

  it('reads a number without a country code as a US number', async () => {
    const body = newUser({ email: undefined, contact_method: 'phone', phone_number: '(202) 555-0143' });
    const r = await register(body);
    expect(r.status).toBe(201);
    expect(r.body.user.phone_number).toBe('+12025550143');
    expect((await register(newUser({ email: undefined, contact_method: 'phone', phone_number: '+1 202-555-0143' }))).status).toBe(409);
    expect((await login('+12025550143', String(body.password))).status).toBe(200);
    expect((await login('202 555 0143', String(body.password))).status).toBe(200);
  });

  it('refuses a number that is not a phone number in use with a 400 that says so', async () => {
    for (const phone_number of ['+1 555 123 4567', '+999 1234567890', '0000000000']) {
      const r = await register(newUser({ email: undefined, contact_method: 'phone', phone_number }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: expect.stringMatching(/^Phone number is not a valid number/) });
      expect(r.body.errors).toEqual([{ field: 'phone_number', message: r.body.detail }]);
    }
  });

  it('keeps exactly one user when the same display name is registered concurrently', async () => {
    const bodies = Array.from({ length: 5 }, () => newUser({ display_name: 'racer_x' }));
    const results = await Promise.all(bodies.map((b) => register(b)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const rows = await t.sql('select id from users where display_name_key = $1', ['racer_x']);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/login', () => {
  const user = newUser({ display_name: 'login_me', email: 'login.me@example.com', phone_number: '+44 20 7946 0001', contact_method: 'email' });
  let phoneUser: Record<string, unknown>;
  beforeAll(async () => {
    expect((await register(user)).status).toBe(201);
    phoneUser = newUser({ display_name: 'phone_me', email: undefined, contact_method: 'phone', phone_number: '+44 20 7946 0002' });
    expect((await register(phoneUser)).status).toBe(201);
  });

  it('signs in by email (any case), display name (any case) and phone (any spacing)', async () => {
    for (const id of ['LOGIN.ME@example.com', 'Login_Me']) {
      const r = await login(id, 'a-long-password');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 86400 });
      const me = await t.http().get('/api/me').set('Authorization', `Bearer ${r.body.access_token}`);
      expect(me.status).toBe(200);
      expect(me.body.display_name).toBe('login_me');
    }
    const byPhone = await login('+442079460002', 'a-long-password');
    expect(byPhone.status).toBe(200);
  });

  it('answers a wrong password and an unknown identifier with the same 401', async () => {
    const wrong = await login('login_me', 'not-the-password');
    const unknown = await login('nobody_here', 'not-the-password');
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ statusCode: 401, code: 'IDENTITY.INVALID_CREDENTIALS', detail: 'Invalid credentials', message: 'Invalid credentials' });
    }
  });

  it('requires both fields', async () => {
    const r = await t.http().post('/api/login').send({ login_identifier: '', password: '' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'login_identifier', message: 'Login identifier is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('makes the next attempt from the same address wait after repeated failures, even with the right password, with Retry-After', async () => {
    const victim = newUser({ display_name: 'locked_out' });
    expect((await register(victim)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await login('locked_out', 'guess-' + i)).status).toBe(401);
    const locked = await login('locked_out', 'a-long-password');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'IDENTITY.TOO_MANY_LOGIN_ATTEMPTS', detail: 'Too many failed sign-in attempts. Try again in 1 second.' });
    expect(locked.headers['retry-after']).toBe('1');
    // Another identifier from the same address is not slowed by these five failures.
    expect((await login('login_me', 'a-long-password')).status).toBe(200);
  });

  it('lets no more guesses through than the limit when they arrive all at once', async () => {
    const target = newUser({ display_name: 'hammered' });
    expect((await register(target)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login('hammered', 'guess-' + i)));
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
    expect((await login('hammered', String(target.password))).status).toBe(429);
  });

  it('counts every spelling of the same person together', async () => {
    const target = newUser({ display_name: 'many_names', email: 'many.names@example.com', contact_method: 'email' });
    expect((await register(target)).status).toBe(201);
    const phoneTarget = newUser({ display_name: 'phone_spell', email: undefined, contact_method: 'phone', phone_number: '+1 (202) 555-0177' });
    expect((await register(phoneTarget)).status).toBe(201);
    for (const spelling of ['+1-202-555-0177', '(202) 555 0177', '+12025550177', '001 202 555 0177', '+1(202)5550177']) {
      expect((await login(spelling, 'wrong-password')).status).toBe(401);
    }
    expect((await login('phone_spell', String(phoneTarget.password))).status).toBe(429);
    for (const spelling of ['MANY.NAMES@example.com', 'many_names', 'Many_Names', 'many.names@EXAMPLE.com', 'MANY_NAMES']) {
      expect((await login(spelling, 'wrong-password')).status).toBe(401);
    }
    expect((await login('many.names@example.com', String(target.password))).status).toBe(429);
  });

  it('signs in a display name shaped like a phone number even when that number belongs to someone else', async () => {
    const numeric = newUser({ display_name: '2025550142', password: 'numeric-name-password' });
    expect((await register(numeric)).status).toBe(201);
    expect((await register(newUser({ display_name: 'phone_owner', email: undefined, contact_method: 'phone', phone_number: '202-555-0142' }))).status).toBe(201);
    const r = await login('2025550142', String(numeric.password));
    expect(r.status).toBe(200);
    const me = await t.http().get('/api/me').set('Authorization', `Bearer ${r.body.access_token}`);
    expect(me.body.display_name).toBe('2025550142');
  });
});

describe('parental consent', () => {
  async function registerChild(displayName: string) {
    const body = newUser({ display_name: displayName, date_of_birth: '2019-06-01', parent_email: `parent.${displayName}@example.com` });
    const r = await register(body);
    expect(r.status).toBe(201);
    expect(r.body.account_status).toBe('pending_parental_consent');
    const [mail] = await t.sql<{ recipient: string; body: string; status: string }>(
      'select recipient, body, status from mail_outbox where recipient = $1',
      [`parent.${displayName}@example.com`],
    );
    expect(mail.status).toBe('pending');
    const token = /\/parental-consent\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    return { body, token };
  }

  it('keeps the child out until the parent approves through the mailed link', async () => {
    const { body, token } = await registerChild('kid_one');
    const pending = await login('kid_one', String(body.password));
    expect(pending.status).toBe(403);
    expect(pending.body.detail).toMatch(/parental consent/i);
    const view = await t.http().get(`/api/parental-consent/${token}`);
    expect(view.body).toMatchObject({ child_display_name: 'kid_one', status: 'pending' });
    const approved = await t.http().post(`/api/parental-consent/${token}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await login('kid_one', String(body.password))).status).toBe(200);
    const again = await t.http().post(`/api/parental-consent/${token}/refuse`);
    expect(again.status).toBe(409);
  });

  it('denies the child when the parent refuses', async () => {
    const { body, token } = await registerChild('kid_two');
    expect((await t.http().post(`/api/parental-consent/${token}/refuse`)).body.status).toBe('refused');
    const denied = await login('kid_two', String(body.password));
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/denied/i);
  });

  it('writes exactly one answer when approve and refuse race', async () => {
    const { token } = await registerChild('kid_race');
    const [a, b] = await Promise.all([
      t.http().post(`/api/parental-consent/${token}/approve`),
      t.http().post(`/api/parental-consent/${token}/refuse`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a.body.status : b.body.status;
    const [row] = await t.sql<{ consent: string; user: string }>(
      `select c.status as consent, u.status as user from parental_consents c join users u on u.id = c.user_id where u.display_name = 'kid_race'`,
    );
    expect(row).toEqual({ consent: winner, user: winner === 'approved' ? 'active' : 'denied' });
  });

  it('answers 404 to an unknown link and 410 to an expired one', async () => {
    expect((await t.http().get('/api/parental-consent/not-a-real-token')).status).toBe(404);
    const { token } = await registerChild('kid_three');
    await t.sql(`update parental_consents set expires_at = now() - interval '1 day' where user_id = (select id from users where display_name = 'kid_three')`);
    const expired = await t.http().post(`/api/parental-consent/${token}/approve`);
    expect(expired.status).toBe(410);
    expect((await login('kid_three', 'a-long-password')).status).toBe(403);
  });
});

describe('tokens', () => {
  it('GET /api/me needs a token and returns the documented fields only', async () => {
    expect((await t.http().get('/api/me')).status).toBe(401);
    const token = await tokenFor(newUser({ display_name: 'me_fields' }));
    const me = await t.http().get('/api/me').set('Authorization', `Bearer ${token}`);
    expect(Object.keys(me.body).sort()).toEqual(
      ['active_account_id', 'created_at', 'creator_program', 'display_name', 'email', 'first_name', 'id', 'is_admin', 'is_premium', 'last_name', 'phone_number', 'premium_expires'].sort(),
    );
  });

  it('refuses a token of the wrong audience, a forged one and an expired one', async () => {
    const token = await tokenFor(newUser({ display_name: 'aud_user' }));
    // A valid user token on the admin console is not a sign-in there: 403 (admin-audience.http.test.ts).
    expect((await t.http().get('/api/admin/verify').set('Authorization', `Bearer ${token}`)).status).toBe(403);
    const { sub } = jwt.decode(token) as { sub: string };
    const forged = jwt.sign({ ver: 0 }, 'another-secret-of-at-least-32-characters', { subject: sub, audience: 'user', issuer: 'scriven' });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    const expired = jwt.sign({ ver: 0 }, t.config.jwtSecret, { subject: sub, audience: 'user', issuer: 'scriven', expiresIn: -10 });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${expired}`)).status).toBe(401);
    const founder = jwt.sign({ ver: 0 }, t.config.jwtSecret, { subject: sub, audience: 'founder', issuer: 'scriven', expiresIn: 60 });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${founder}`)).status).toBe(401);
  });

  it('refuses a correctly signed token without exp, aud or ver, with a lifetime longer than its audience allows, or naming several audiences', async () => {
    const token = await tokenFor(newUser({ display_name: 'claims_user' }));
    const { sub } = jwt.decode(token) as { sub: string };
    const sign = (payload: object, options: jwt.SignOptions) => jwt.sign(payload, t.config.jwtSecret, { issuer: 'scriven', ...options });
    const good = sign({ ver: 0 }, { subject: sub, audience: 'user', expiresIn: 60 });
    const bad = {
      'no exp': sign({ ver: 0 }, { subject: sub, audience: 'user' }),
      'no aud': sign({ ver: 0 }, { subject: sub, expiresIn: 60 }),
      'no ver': sign({}, { subject: sub, audience: 'user', expiresIn: 60 }),
      'a year': sign({ ver: 0 }, { subject: sub, audience: 'user', expiresIn: '365d' }),
      'two audiences': sign({ ver: 0 }, { subject: sub, audience: ['user', 'admin'], expiresIn: 60 }),
    };
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${good}`)).status).toBe(200);
    const tokens = t.app.get(TokenService);
    expect(await RequestContext.create(t.orm.em, () => tokens.authenticate(good, 'user'))).toMatchObject({ userId: sub });
    for (const [what, forged] of Object.entries(bad)) {
      expect([what, (await t.http().get('/api/me').set('Authorization', `Bearer ${forged}`)).status]).toEqual([what, 401]);
      // The same rule for the realtime socket's sign-in.
      expect([what, await RequestContext.create(t.orm.em, () => tokens.authenticate(forged, 'user'))]).toEqual([what, null]);
    }
  });

  it('sign-out everywhere revokes every token of the user and no one else', async () => {
    const body = newUser({ display_name: 'many_devices' });
    const first = await tokenFor(body);
    const second = (await login('many_devices', String(body.password))).body.access_token as string;
    const other = await tokenFor(newUser({ display_name: 'bystander' }));
    const out = await t.http().post('/api/logout-all').set('Authorization', `Bearer ${first}`).set('Content-Type', 'application/json');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out on every device' });
    for (const tok of [first, second]) expect((await t.http().get('/api/me').set('Authorization', `Bearer ${tok}`)).status).toBe(401);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${other}`)).status).toBe(200);
    expect((await login('many_devices', String(body.password))).status).toBe(200);
  });

  it("verifies each server's tokens with that server's own secret: another server's token is refused, one already seen or not", async () => {
    const token = await tokenFor(newUser({ display_name: 'own_secret' }));
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    // Another instance (its own database and secret), in this same process: it refuses t's token, though this process
    // verified that very token a moment ago, and its own tokens pass only there.
    const elsewhere = await createTestApp();
    try {
      expect((await elsewhere.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
      const theirs = (await signUp(elsewhere)).token;
      expect((await elsewhere.http().get('/api/me').set('Authorization', `Bearer ${theirs}`)).status).toBe(200);
      expect((await t.http().get('/api/me').set('Authorization', `Bearer ${theirs}`)).status).toBe(401);
      expect((await t.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    } finally {
      await elsewhere.close();
    }
    // Closing it leaves this server signing its users in.
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${await tokenFor(newUser({ display_name: 'after_close' }))}`)).status).toBe(200);
  });

  it('revokes at once in every server process, not only the one that signed out', async () => {
    const other = await createTestApp({}, t);
    try {
      const body = newUser({ display_name: 'two_servers' });
      const token = await tokenFor(body);
      // The second process has the user cached (its cache would keep it for 30 s).
      expect((await other.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      expect((await t.http().post('/api/logout-all').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      const until = Date.now() + 5000;
      let status = 200;
      while (status === 200 && Date.now() < until) {
        status = (await other.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('admin sign-in', () => {
  it('issues admin tokens only to admins, and they are refused where a user token is needed', async () => {
    const { IdentityFacade } = await import('../src/modules/identity/identity.facade.js');
    const { RequestContext } = await import('@mikro-orm/core');
    await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('chief_admin', 'a-very-long-admin-password'));
    const ordinary = newUser({ display_name: 'not_admin' });
    expect((await register(ordinary)).status).toBe(201);
    const refused = await t.http().post('/api/admin/login').send({ username: 'not_admin', password: ordinary.password });
    expect(refused.status).toBe(401);
    const ok = await t.http().post('/api/admin/login').send({ username: 'chief_admin', password: 'a-very-long-admin-password' });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe('chief_admin');
    const verify = await t.http().get('/api/admin/verify').set('Authorization', `Bearer ${ok.body.access_token}`);
    expect(verify.body).toEqual({ username: 'chief_admin', is_admin: true });
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${ok.body.access_token}`)).status).toBe(401);
    const { exp, iat } = jwt.decode(ok.body.access_token) as { exp: number; iat: number };
    expect(exp - iat).toBe(8 * 3600);
  });

  it('refuses a weak admin password, and a fresh instance has no admin at all', async () => {
    const { IdentityFacade } = await import('../src/modules/identity/identity.facade.js');
    const { RequestContext } = await import('@mikro-orm/core');
    await expect(RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('weak_admin', 'short'))).rejects.toThrow(
      'Admin password must be at least 12 characters long',
    );
    expect(await t.sql(`select 1 from users where display_name = 'weak_admin'`)).toEqual([]);
    const fresh = await createTestApp();
    try {
      expect(await fresh.sql('select display_name from users where is_admin')).toEqual([]);
      const guess = await fresh.http().post('/api/admin/login').send({ username: 'admin', password: 'admin' });
      expect(guess.status).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

describe('the HTTP surface', () => {
  it('reports health with the database state', async () => {
    const r = await t.http().get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', database: 'up', version: expect.any(String) });
  });

  it('answers unknown API paths and bad JSON in the error shape, with a request id', async () => {
    const nf = await t.http().get('/api/no-such-thing');
    expect(nf.status).toBe(404);
    expect(nf.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(nf.body.detail).toBe(nf.body.message);
    expect(nf.headers['x-request-id']).toBeTruthy();
    const bad = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"login_identifier":');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('The request body is not valid JSON');
  });

  it('sets the REST security headers on API responses', async () => {
    const r = await t.http().get('/api/health');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import { IdentityFacade } from '../src/modules/identity/identity.facade.js';
import { CLOCK, LOGIN_THROTTLE, type Clock } from '../src/modules/identity/domain/ports.js';
import type { PgLoginThrottle } from '../src/modules/identity/infrastructure/pg-login-throttle.js';
import { createTestApp, newUser, type TestApp } from './harness.js';

/**
 * The sign-in throttle over real HTTP, each client bound to its own loopback address (the whole of 127.0.0.0/8 is
 * the loopback on Linux), with the throttle's clock moved by the test instead of sleeping.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

let t: TestApp;
let port: number;
let now = Date.parse('2031-03-01T10:00:00Z');
const advance = (seconds: number) => (now += seconds * 1000);

function post(from: string, path: string, body: unknown, headers: Record<string, string> = {}, to = port): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: to, path, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const login = (from: string, login_identifier: string, password: string, to = port) => post(from, '/api/login', { login_identifier, password }, {}, to);
const adminLogin = (from: string, username: string, password: string) => post(from, '/api/admin/login', { username, password });

async function listen(app: TestApp): Promise<number> {
  await app.app.listen(0, '127.0.0.1');
  return (app.app.getHttpServer().address() as AddressInfo).port;
}

function useTestClock(app: TestApp): void {
  app.app.get<Clock>(CLOCK).now = () => new Date(now);
}

async function registered(overrides: Record<string, unknown> = {}): Promise<{ name: string; password: string }> {
  const body = newUser(overrides);
  const r = await t.http().post('/api/register').send(body);
  expect(r.status).toBe(201);
  return { name: String(body.display_name), password: String(body.password) };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_MINUTES: '15', RATE_LIMIT_PER_MINUTE: '100000' });
  useTestClock(t);
  port = await listen(t);
}, 60_000);
afterAll(async () => t?.close());

describe('the sign-in throttle', () => {
  it('slows down the address that fails on an account, not the account: its owner elsewhere signs in at once', async () => {
    const victim = await registered();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('127.0.0.2', victim.name, `guess-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner, from an address that has not been failing, is not slowed at all…
    const owner = await login('127.0.0.3', victim.name, victim.password);
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    // …while even the right password waits when it comes from the failing address.
    const waiting = await login('127.0.0.2', victim.name, victim.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({ statusCode: 429, code: 'IDENTITY.TOO_MANY_LOGIN_ATTEMPTS', detail: 'Too many failed sign-in attempts. Try again in 1 second.' });
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it("doubles the failing pair's wait with each failure, up to LOGIN_WINDOW_MINUTES, and forgets it after a success", async () => {
    const victim = await registered();
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.4', victim.name, `guess-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await login('127.0.0.4', victim.name, `again-${i}`);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait - 1);
      expect((await login('127.0.0.4', victim.name, `again-${i}`)).status).toBe(429); // not a second early
      advance(1);
      expect((await login('127.0.0.4', victim.name, `again-${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    advance(900);
    expect((await login('127.0.0.4', victim.name, victim.password)).status).toBe(200);
    // The success forgot the pair's failures: four free ones again.
    for (let i = 0; i < 4; i++) expect((await login('127.0.0.4', victim.name, `later-${i}`)).status).toBe(401);
  });

  it('forgets a pair 24 hours after its last failure', async () => {
    const victim = await registered();
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.5', victim.name, `guess-${i}`)).status).toBe(401);
    advance(60);
    expect((await login('127.0.0.5', victim.name, 'guess-5')).status).toBe(401);
    advance(24 * 3600);
    for (let i = 0; i < 4; i++) expect((await login('127.0.0.5', victim.name, `next-day-${i}`)).status).toBe(401);
  });

  it('keeps no admin out of the console: the failing address waits, the admin from another signs in', async () => {
    await RequestContext.create(t.orm.em, () => t.app.get(IdentityFacade).createAdminUser('console_chief', 'a-very-long-admin-password'));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await adminLogin('127.0.0.6', i % 2 ? 'CONSOLE_CHIEF' : 'console_chief', `guess-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await adminLogin('127.0.0.7', 'console_chief', 'a-very-long-admin-password')).status).toBe(200);
    // Six guesses every 15 minutes, all day, change nothing for the admin.
    for (let round = 0; round < 4; round++) {
      advance(15 * 60);
      for (let i = 0; i < 6; i++) await adminLogin('127.0.0.6', 'console_chief', `round-${round}-${i}`);
      expect((await adminLogin('127.0.0.7', 'console_chief', 'a-very-long-admin-password')).status).toBe(200);
    }
  });

  it('lets no more guesses through than the free failures when a pair sends them all at once', async () => {
    const victim = await registered();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login('127.0.0.8', victim.name, `guess-${i}`)));
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    expect((await login('127.0.0.9', victim.name, victim.password)).status).toBe(200);
  });

  it('takes the address from the connection: X-Forwarded-For does not reset the count (TRUST_PROXY is off)', async () => {
    const victim = await registered();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('127.0.0.10', '/api/login', { login_identifier: victim.name, password: `guess-${i}` }, { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('does not block the people behind an address where others fail, up to a generous cap against spraying', async () => {
    const regular = await registered();
    const newcomer = await registered();
    expect((await login('127.0.0.11', regular.name, regular.password)).status).toBe(200); // the office address is theirs
    // Fifty failures from the office, on fifty accounts (most of them not even existing), block no one there.
    for (let i = 0; i < 50; i++) expect((await login('127.0.0.11', `sprayed_${i}`, 'Summer2031!')).status).toBe(401);
    expect((await login('127.0.0.11', newcomer.name, newcomer.password)).status).toBe(200);
    // The cap is 20 × LOGIN_MAX_FAILURES = 100 failures an hour per address.
    for (let i = 50; i < 100; i++) expect((await login('127.0.0.11', `sprayed_${i}`, 'Summer2031!')).status).toBe(401);
    const capped = await login('127.0.0.11', 'sprayed_100', 'Summer2031!');
    expect(capped.status).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Over the cap, someone who signed in from this address before still gets in; someone who never did waits,
    // and the same person elsewhere does not.
    expect((await login('127.0.0.11', regular.name, regular.password)).status).toBe(200);
    const stranger = await registered();
    expect((await login('127.0.0.11', stranger.name, stranger.password)).status).toBe(429);
    expect((await login('127.0.0.12', stranger.name, stranger.password)).status).toBe(200);
    advance(3600);
    expect((await login('127.0.0.11', stranger.name, stranger.password)).status).toBe(200);
  }, 120_000);

  it('caps the failures on one person spread over many addresses, except from addresses they signed in from', async () => {
    const victim = await registered();
    expect((await login('127.0.1.1', victim.name, victim.password)).status).toBe(200);
    // 10 addresses × 5 failures = 50, the cap per person per hour (min(50, 10 × LOGIN_MAX_FAILURES)).
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) expect((await login(`127.0.2.${a + 1}`, victim.name, `guess-${a}-${i}`)).status).toBe(401);
    }
    const capped = await login('127.0.2.99', victim.name, 'one-more-guess');
    expect(capped.status).toBe(429);
    expect((await login('127.0.2.98', victim.name, victim.password)).status).toBe(429);
    expect((await login('127.0.1.1', victim.name, victim.password)).status).toBe(200);
    advance(3600);
    expect((await login('127.0.2.98', victim.name, victim.password)).status).toBe(200);
  }, 120_000);

  it('shares its counts between server processes', async () => {
    const other = await createTestApp({ LOGIN_MAX_FAILURES: '5', RATE_LIMIT_PER_MINUTE: '100000' }, t);
    try {
      useTestClock(other);
      const otherPort = await listen(other);
      const victim = await registered();
      for (let i = 0; i < 5; i++) expect((await login('127.0.0.13', victim.name, `guess-${i}`, i % 2 ? otherPort : port)).status).toBe(401);
      expect((await login('127.0.0.13', victim.name, 'guess-5', otherPort)).status).toBe(429);
      expect((await login('127.0.0.14', victim.name, victim.password, otherPort)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('keeps no row past its expiry: the sweeper deletes them', async () => {
    const throttle = t.app.get<PgLoginThrottle>(LOGIN_THROTTLE);
    for (let i = 0; i < 3; i++) await login('127.0.0.15', `swept_${i}`, 'nope-nope');
    const before = await t.sql<{ n: number }>(`select count(*)::int as n from login_throttle where key like 'pair:%@127.0.0.15'`);
    expect(before[0].n).toBe(3);
    advance(31 * 24 * 3600);
    expect(await throttle.sweep()).toBeGreaterThan(0);
    expect(await t.sql(`select key from login_throttle`)).toEqual([]);
  });
});

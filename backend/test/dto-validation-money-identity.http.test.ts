import { readFileSync } from 'node:fs';
import { createTestApp, newUser, type TestApp } from './harness.js';
import { baseUrl } from './media-fixtures.js';
import { person } from './social-fixtures.js';
import { admin, channelOf, earnings, expectLedgerConsistent, fundedCreator, type Admin } from './money-fixtures.js';

/**
 * Issue 11, identity and money: the rules live on the request DTOs. Lengths, choices and formats are refused with the
 * validation error body (400 VALIDATION_FAILED, the first problem as `detail`, every problem in `errors`) before a use
 * case runs; amounts are read only from canonical decimal text or a JSON number ("1e3", " 50.00", "0x10", "", [50]
 * are refused, and nothing moves); query parameters go through query DTOs; and the contract carries the rules.
 */

let t: TestApp;
let origin: string;
let boss: Admin;

beforeAll(async () => {
  t = await createTestApp();
  origin = await baseUrl(t);
  boss = await admin(t);
});
afterEach(() => expectLedgerConsistent(t));
afterAll(() => t?.close());

function expectRefused(r: { status: number; body: Record<string, unknown> }, field: string, message: string): void {
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: message, message });
  expect(r.body.errors).toContainEqual({ field, message });
}

async function count(table: string): Promise<number> {
  const [row] = await t.sql<{ n: string }>(`select count(*) as n from ${table}`);
  return Number(row.n);
}

describe('sign-in: lengths', () => {
  it('refuses a login identifier over 254 characters with the error body, before the throttle counts anything', async () => {
    const before = await count('login_throttle');
    for (const login_identifier of ['x'.repeat(255), `${'a'.repeat(250)}@example.com`]) {
      const r = await t.http().post('/api/login').send({ login_identifier, password: 'a-long-password' });
      expectRefused(r, 'login_identifier', 'Login identifier must be at most 254 characters');
      expect(r.body.errors).toEqual([{ field: 'login_identifier', message: 'Login identifier must be at most 254 characters' }]);
    }
    expect(await count('login_throttle')).toBe(before);
  });

  it('refuses a password over 256 characters, and still names an empty identifier first', async () => {
    const long = await t.http().post('/api/login').send({ login_identifier: 'someone', password: 'p'.repeat(257) });
    expectRefused(long, 'password', 'Password must be at most 256 characters long');
    const both = await t.http().post('/api/login').send({ login_identifier: '   ', password: 'p'.repeat(257) });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([
      { field: 'login_identifier', message: 'Login identifier is required' },
      { field: 'password', message: 'Password must be at most 256 characters long' },
    ]);
  });

  it('applies the same limits to the admin console sign-in', async () => {
    expectRefused(await t.http().post('/api/admin/login').send({ username: 'x'.repeat(255), password: 'a-long-password' }), 'username', 'Username must be at most 254 characters');
    expectRefused(await t.http().post('/api/admin/login').send({ username: 5, password: 'a-long-password' }), 'username', 'Username is required');
    expect((await t.http().post('/api/admin/login').send({ username: ` ${boss.name} `, password: 'a-long-admin-password' })).status).toBe(200);
  });
});

describe('POST /api/register', () => {
  it.each<[string, unknown]>([
    ['fax', 'fax'],
    ['EMAIL', 'EMAIL'],
    ['7', 7],
    ['["email"]', ['email']],
  ])('refuses the contact method %s, and stores nothing', async (_label, contact_method) => {
    const before = await count('users');
    const r = await t.http().post('/api/register').send(newUser({ contact_method }));
    expectRefused(r, 'contact_method', 'Contact method must be email or phone');
    expect(r.body.errors).toEqual([{ field: 'contact_method', message: 'Contact method must be email or phone' }]);
    expect(await count('users')).toBe(before);
  });

  it.each<[string, unknown]>([
    ['a number', 20100101],
    ['true', true],
    ['an object', { year: 2010 }],
    ['a date and time', '2010-01-01T00:00:00Z'],
  ])('refuses a date of birth that is %s', async (_label, date_of_birth) => {
    const r = await t.http().post('/api/register').send(newUser({ date_of_birth }));
    expectRefused(r, 'date_of_birth', 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future');
  });

  it('lists one problem per field, in the order the form shows them', async () => {
    const r = await t.http().post('/api/register').send({
      first_name: 'x'.repeat(51),
      last_name: 5,
      display_name: 'a b',
      contact_method: 'phone',
      email: 'not checked for a phone sign-up',
      phone_number: '12345',
      password: 'short',
      date_of_birth: '2015-02-30',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'first_name', message: 'First name must be at most 50 characters' },
      { field: 'last_name', message: 'Last name is required' },
      { field: 'display_name', message: 'Display name must be 3-20 characters, letters, numbers, and underscores only' },
      { field: 'phone_number', message: 'Invalid phone number format' },
      { field: 'password', message: 'Password must be at least 8 characters long' },
      { field: 'date_of_birth', message: 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future' },
    ]);
  });

  it('asks for a parent email only under 13, and drops fields it does not know', async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 10);
    const dob = young.toISOString().slice(0, 10);
    expectRefused(await t.http().post('/api/register').send(newUser({ date_of_birth: dob, parent_email: 'x'.repeat(250) + '@a.io' })), 'parent_email', 'Invalid parent email format');
    const adult = await t.http().post('/api/register').send(newUser({ date_of_birth: '1990-05-01', parent_email: 5, contact_method: '', is_admin: true, creator_program: true }));
    expect(adult.status).toBe(201);
    expect(adult.body.user).toMatchObject({ is_admin: false, creator_program: false });
  });
});

describe('amounts of money', () => {
  const BAD_AMOUNT = 'Amount must be a number of dollars greater than 0 with at most two decimals';
  /** Refused wherever an amount is expected: not canonical decimal text, or not a number of the right kind. */
  const NOT_AMOUNTS: [string, unknown][] = [
    ['" 60.00"', ' 60.00'],
    ['"60.00 "', '60.00 '],
    ['"6e1"', '6e1'],
    ['"0x3C"', '0x3C'],
    ['"+60"', '+60'],
    ['"60."', '60.'],
    ['""', ''],
    ['[60]', [60]],
    ['5e-7', 5e-7],
    ['1e21', 1e21],
    ['true', true],
    ['{}', {}],
  ];

  it('POST /api/payout/request refuses them all and moves nothing; canonical text and numbers are read exactly', async () => {
    const { creator } = await fundedCreator(t, origin, 99.99);
    for (const [label, amount] of NOT_AMOUNTS) {
      const r = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount, payment_method: 'paypal', bank_details: null });
      expect([label, r.status]).toEqual([label, 400]);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: BAD_AMOUNT, message: BAD_AMOUNT });
      expect(r.body.errors).toEqual([{ field: 'amount', message: BAD_AMOUNT }]);
    }
    expect((await earnings(t, creator)).earnings).toMatchObject({ available_balance: 69.99, in_transit: 0 });
    const ok = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: '60.00', payment_method: 'paypal', bank_details: null });
    expect(ok.status).toBe(200);
    expect(ok.body.payout.amount).toBe(60);
  });

  it('POST /api/payout/request: the method, then the bank details, field by field', async () => {
    const creator = await person(t);
    const method = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 60, payment_method: ['paypal'] });
    expectRefused(method, 'payment_method', 'Payment method must be bank_transfer, paypal or crypto');
    const BANK = 'Bank transfers need bank_details with account_type checking or savings and a two-letter country';
    const wrong = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 60, payment_method: 'bank_transfer', bank_details: { account_type: 'brokerage', country: 'US' } });
    expectRefused(wrong, 'bank_details.account_type', BANK);
    expect(wrong.body.errors).toEqual([{ field: 'bank_details.account_type', message: BANK }]);
    expectRefused(await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 60, payment_method: 'bank_transfer', bank_details: 'checking' }), 'bank_details', BANK);
    // Everything is valid but the balance: the use case answers.
    const poor = await t.http().post('/api/payout/request').set(...creator.auth).send({ amount: 60, payment_method: 'bank_transfer', bank_details: { account_type: 'savings', country: 'gb' } });
    expect([poor.status, poor.body.detail]).toEqual([400, 'Amount exceeds your available balance']);
  });

  it('POST /api/platform/withdraw refuses them before looking for the bank account', async () => {
    for (const [label, amount] of [...NOT_AMOUNTS, ['"150.001"', '150.001'] as [string, unknown]]) {
      const r = await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount });
      expect([label, r.status, r.body.detail]).toEqual([label, 400, 'Invalid withdrawal amount']);
      expect(r.body.errors).toEqual([{ field: 'amount', message: 'Invalid withdrawal amount' }]);
    }
    // A valid amount reaches the use case: no bank account yet.
    expect((await t.http().post('/api/platform/withdraw').set(...boss.auth).send({ amount: '150' })).status).toBe(409);
  });

  it('POST /api/channels/{id}/membership-tiers refuses them as a price, with the tier message', async () => {
    const owner = await person(t);
    const path = `/api/channels/${await channelOf(t, owner)}/membership-tiers`;
    const PRICE = 'Price must be between $0.99 and $499.99 a month';
    for (const [label, price] of NOT_AMOUNTS) {
      const r = await t.http().post(path).set(...owner.auth).send({ name: 'Gold', price });
      expect([label, r.status, r.body.detail]).toEqual([label, 400, PRICE]);
      expect(r.body.errors).toEqual([{ field: 'price', message: PRICE }]);
    }
    const ok = await t.http().post(path).set(...owner.auth).type('form').send({ name: '  Gold  ', price: '2.50', description: '  Thanks  ' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: 'Gold', price: 2.5, description: 'Thanks' });
  });
});

describe('query parameters of the money lists', () => {
  it('GET /api/admin/partner-applications: status is one of its values (empty is the default), limit is digits', async () => {
    const get = (query: string) => t.http().get(`/api/admin/partner-applications?${query}`).set(...boss.adminAuth);
    for (const status of ['bogus', 'PENDING', 'pending&status=all']) {
      expectRefused(await get(`status=${status}`), 'status', 'status must be one of pending, approved, rejected, suspended, all');
    }
    for (const limit of ['1e3', ' 5', '0x10', '5.0', '']) expectRefused(await get(`limit=${encodeURIComponent(limit)}`), 'limit', 'limit must be a whole number');
    expect((await get('status=')).status).toBe(200);
    expect((await get('status=all&limit=5')).status).toBe(200);
  });

  it('GET /api/admin/payouts: limit is digits, given once', async () => {
    const get = (query: string) => t.http().get(`/api/admin/payouts?${query}`).set(...boss.adminAuth);
    expectRefused(await get('limit=abc'), 'limit', 'limit must be a whole number');
    expectRefused(await get('limit=5&limit=6'), 'limit', 'limit must be a whole number');
    expect((await get('limit=5')).status).toBe(200);
  });

  it('GET /api/channels/{id}/members: include_lapsed is true or false', async () => {
    const owner = await person(t);
    const channel = await channelOf(t, owner);
    const get = (query: string) => t.http().get(`/api/channels/${channel}/members?${query}`).set(...owner.auth);
    expectRefused(await get('include_lapsed=yes'), 'include_lapsed', 'include_lapsed must be true or false');
    expectRefused(await get('limit=%205'), 'limit', 'limit must be a whole number');
    expect((await get('include_lapsed=true&limit=5')).status).toBe(200);
    expect((await get('include_lapsed=')).status).toBe(200);
  });

  it('an admin decision checks its reason before looking the item up', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectRefused(await t.http().post(`/api/admin/payouts/${unknown}/fail`).set(...boss.adminAuth).send({ reason: 5 }), 'reason', 'Reason must be at most 500 characters');
    expectRefused(await t.http().post(`/api/admin/partner-applications/${unknown}/reject`).set(...boss.adminAuth).send({ reason: 'x'.repeat(501) }), 'reason', 'Reason must be at most 500 characters');
    expect((await t.http().post(`/api/admin/partner-applications/${unknown}/reject`).set(...boss.adminAuth).send({ reason: `  ${'x'.repeat(500)}  ` })).status).toBe(404);
  });
});

describe('the contract carries the rules', () => {
  const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
  const schemas = doc.components.schemas;
  const param = (path: string, method: string, name: string) => doc.paths[path][method].parameters.find((p: { name: string }) => p.name === name);

  it('identity: lengths, patterns and choices', () => {
    const reg = schemas.RegisterRequestDto.properties;
    expect(reg.first_name).toMatchObject({ minLength: 1, maxLength: 50 });
    expect(reg.display_name.pattern).toBe('^[A-Za-z0-9_]{3,20}$');
    expect(reg.password).toMatchObject({ minLength: 8, maxLength: 256 });
    expect(reg.contact_method.enum).toEqual(['email', 'phone']);
    expect(reg.email).toMatchObject({ maxLength: 254, pattern: expect.any(String) });
    expect(reg.date_of_birth.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    expect([...schemas.RegisterRequestDto.required].sort()).toEqual(['display_name', 'first_name', 'last_name', 'password']);
    expect(schemas.LoginRequestDto.properties.login_identifier).toMatchObject({ minLength: 1, maxLength: 254 });
    expect(schemas.LoginRequestDto.properties.password).toMatchObject({ minLength: 1, maxLength: 256 });
    expect(schemas.AdminLoginRequestDto.properties.username).toMatchObject({ minLength: 1, maxLength: 254 });
  });

  it('money: amounts, choices and list parameters', () => {
    const amount = schemas.PayoutRequestDto.properties.amount;
    expect(amount.oneOf).toEqual([{ type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' }, { type: 'number' }]);
    expect(amount).toMatchObject({ minimum: 50, maximum: 1_000_000_000 });
    expect(schemas.PayoutRequestDto.properties.payment_method.enum).toEqual(['bank_transfer', 'paypal', 'crypto']);
    expect(schemas.BankDetailsRequestDto.properties.account_type.enum).toEqual(['checking', 'savings']);
    expect(schemas.WithdrawRequestDto.properties.amount).toMatchObject({ minimum: 100 });
    expect(schemas.CreateTierRequestDto.properties.price).toMatchObject({ minimum: 0.99, maximum: 499.99 });
    expect(schemas.CreateTierRequestDto.properties.name).toMatchObject({ minLength: 1, maxLength: 50 });
    expect(schemas.BankAccountRequestDto.properties.routing_number.pattern).toBe('^\\d{9}$');
    expect(schemas.PremiumCheckoutRequestDto.properties.package_type.enum).toEqual(['monthly', 'yearly']);
    expect(schemas.DecisionRequestDto.properties.reason.maxLength).toBe(500);
    expect(param('/api/admin/partner-applications', 'get', 'status').schema.enum).toEqual(['pending', 'approved', 'rejected', 'suspended', 'all']);
    expect(param('/api/channels/{channelId}/members', 'get', 'include_lapsed').schema.enum).toEqual(['true', 'false']);
    expect(param('/api/admin/payouts', 'get', 'limit').schema).toMatchObject({ type: 'string', pattern: '^\\d+$' });
  });
});

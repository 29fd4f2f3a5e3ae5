import { randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import pg from 'pg';
import { createOrm } from '../src/common/database/orm.js';
import { ENTITIES } from '../src/entities.js';
import { MIGRATIONS } from '../migrations/index.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Migration20261122100000_identity_hardening on a database holding rows written before it: stored phone numbers
 * become E.164 where they can, a number another user already holds in E.164 stays as it was (and the migration does
 * not fail), and everyone still signs in by the number they registered with.
 */
describe('the identity hardening migration', () => {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL!;
  const name = `scriven_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let db: pg.Client;
  let app: TestApp | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  });
  afterAll(async () => {
    await app?.close();
    await db?.end();
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });

  it('normalises stored phone numbers, leaves a duplicate alone, and resets the throttle table', async () => {
    const orm = await createOrm({ url: url.toString(), entities: ENTITIES, migrations: MIGRATIONS });
    try {
      await orm.migrator.up({ to: 'Migration20261121090000_money' });
    } finally {
      await orm.close();
    }
    const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
    const hash = await argon2.hash('a-long-password', options);
    const otherHash = await argon2.hash('another-long-password', options);
    const rows: [string, string | null, string | null][] = [
      ['uk_first', '+44 20 7946 0958', '+442079460958'],
      ['uk_again', '0044 20 7946 0958', '00442079460958'], // the same number: becomes a duplicate in E.164
      ['us_local', '(202) 555-0123', '2025550123'],
      ['us_fiction', '+1 (555) 010-9999', '+15550109999'],
      ['too_long', '12345678901234', '12345678901234'],
      ['no_phone', null, null],
    ];
    let at = Date.parse('2026-01-01T00:00:00Z');
    for (const [display, phone, key] of rows) {
      await db.query(
        `insert into users (id, first_name, last_name, display_name, display_name_key, email, phone_number, phone_key, password_hash, created_at, updated_at)
         values ($1, 'Old', 'Row', $2, $2, $3, $4, $5, $6, $7, $7)`,
        [randomUUID(), display, phone ? null : `${display}@example.com`, phone, key, display === 'uk_again' ? otherHash : hash, new Date((at += 1000))],
      );
    }
    await db.query(`insert into login_throttle (key, attempts, window_start) values ('user:someone', 3, now())`);

    app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { databaseUrl: url.toString(), config: { jwtSecret: randomBytes(32).toString('hex') } } as TestApp);

    const after = await app.sql<{ display_name: string; phone_number: string | null; phone_key: string | null }>(
      'select display_name, phone_number, phone_key from users order by created_at',
    );
    expect(after).toEqual([
      { display_name: 'uk_first', phone_number: '+442079460958', phone_key: '+442079460958' },
      { display_name: 'uk_again', phone_number: '0044 20 7946 0958', phone_key: '00442079460958' },
      { display_name: 'us_local', phone_number: '+12025550123', phone_key: '+12025550123' },
      { display_name: 'us_fiction', phone_number: '+15550109999', phone_key: '+15550109999' },
      { display_name: 'too_long', phone_number: '12345678901234', phone_key: '12345678901234' },
      { display_name: 'no_phone', phone_number: null, phone_key: null },
    ]);
    expect(await app.sql('select * from login_throttle')).toEqual([]);

    const whoAmI = async (login_identifier: string, password = 'a-long-password') => {
      const r = await app!.http().post('/api/login').send({ login_identifier, password });
      expect([login_identifier, r.status]).toEqual([login_identifier, 200]);
      return (await app!.http().get('/api/me').set('Authorization', `Bearer ${r.body.access_token}`)).body.display_name as string;
    };
    // Every spelling reaches the row holding the E.164 key; the row left behind still signs in by its own spelling.
    expect(await whoAmI('+44 20 7946 0958')).toBe('uk_first');
    expect(await whoAmI('+442079460958')).toBe('uk_first');
    expect(await whoAmI('0044 20 7946 0958')).toBe('uk_first');
    expect(await whoAmI('0044 20 7946 0958', 'another-long-password')).toBe('uk_again');
    expect(await whoAmI('202-555-0123')).toBe('us_local');
    expect(await whoAmI('+1 202 555 0123')).toBe('us_local');
    expect(await whoAmI('5550109999')).toBe('us_fiction');
  });
});

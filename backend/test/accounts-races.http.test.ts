import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from './harness.js';

// Races and abuse a client that skips the UI can produce (issue 3 review).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const png = () => sharp({ create: { width: 80, height: 80, channels: 3, background: '#345678' } }).png().toBuffer();
const tmpFiles = () => readdirSync(join(t.config.dataDir, 'tmp'));

async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

describe('photo upload abuse leaves no temporary file behind', () => {
  it('two file parts', async () => {
    const { auth } = await signUp(t);
    const image = await png();
    const r = await t.http().post('/api/profile/upload-photo').set(...auth).attach('file', image, 'a.png').attach('file', image, 'b.png');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Send one photo, and at most the account_id field, per request');
    expect(await eventually(() => tmpFiles().length === 0)).toBe(true);
  });

  it('a file followed by too many fields', async () => {
    const { auth } = await signUp(t);
    let req = t.http().post('/api/profile/upload-photo').set(...auth).attach('file', await png(), 'a.png');
    for (let i = 0; i < 13; i++) req = req.field(`f${i}`, 'x');
    const r = await req;
    expect(r.status).toBe(400);
    expect(await eventually(() => tmpFiles().length === 0)).toBe(true);
    expect((await t.http().get('/api/accounts').set(...auth)).body.active_account.profile_photo_url).toBeNull();
  });

  it('a client that disconnects after sending the file', async () => {
    const { token } = await signUp(t);
    const image = await png();
    const boundary = 'scrivenboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n`)]);
    const address = t.app.getHttpServer().address() ?? (await new Promise((r) => t.app.getHttpServer().listen(0, '127.0.0.1', () => r(t.app.getHttpServer().address()))));
    const port = (address as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/profile/upload-photo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length + 500}\r\n\r\n`,
    );
    socket.write(body);
    await sleep(300);
    socket.destroy();
    expect(await eventually(() => tmpFiles().length === 0)).toBe(true);
  });
});

it('keeps exactly one stored photo per account when uploads race', async () => {
  const { auth } = await signUp(t);
  const image = await png();
  const results = await Promise.all(Array.from({ length: 7 }, () => t.http().post('/api/profile/upload-photo').set(...auth).attach('file', image, 'p.png')));
  expect(results.every((r) => r.status === 200)).toBe(true);
  const current = (await t.http().get('/api/accounts').set(...auth)).body.active_account.profile_photo_url as string;
  const referenced = (await t.sql<{ photo_key: string }>('select photo_key from accounts where photo_key is not null')).map((r) => r.photo_key);
  const onDisk = readdirSync(join(t.config.dataDir, 'media', 'photos')).map((f) => `photos/${f}`);
  expect(onDisk.sort()).toEqual(referenced.sort());
  expect(current).toBe(`/api/media/${referenced.find((k) => current.endsWith(k))}`);
});

it('never leaves a user without exactly one active account when delete and switch race', async () => {
  for (let round = 0; round < 8; round++) {
    const { auth } = await signUp(t);
    const id = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: `Contested ${round}` })).body.account.id;
    await Promise.all([t.http().delete(`/api/accounts/${id}`).set(...auth), t.http().post('/api/accounts/switch').set(...auth).send({ account_id: id })]);
    const list = (await t.http().get('/api/accounts').set(...auth)).body;
    expect(list.accounts.filter((a: { is_active: boolean }) => a.is_active)).toHaveLength(1);
    expect((await t.http().get('/api/me').set(...auth)).body.active_account_id).toBe(list.active_account.id);
  }
});

it('leaves no live account behind when a user deletes themselves while creating accounts', async () => {
  for (let round = 0; round < 5; round++) {
    const { auth, user } = await signUp(t);
    const [me] = await t.sql<{ id: string }>('select id from users where display_name = $1', [user.display_name]);
    await Promise.all([
      t.http().delete('/api/me').set(...auth).send({ confirmation: user.display_name }),
      ...Array.from({ length: 5 }, (_, i) => t.http().post('/api/accounts/create').set(...auth).send({ display_name: `Orphan ${round}.${i}` })),
    ]);
    expect(await t.sql('select id from accounts where user_id = $1 and deleted_at is null', [me.id])).toEqual([]);
  }
});

it('gives every racing creator of the same name a free handle instead of a 409', async () => {
  const users = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
  const results = await Promise.all(users.map((u) => t.http().post('/api/accounts/create').set(...u.auth).send({ display_name: 'Same Name Studio' })));
  expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  expect(new Set(results.map((r) => r.body.account.handle)).size).toBe(5);
});

it('frees a deleted account’s handle at once', async () => {
  const a = await signUp(t);
  const b = await signUp(t);
  const id = (await t.http().post('/api/accounts/create').set(...a.auth).send({ display_name: 'Reuse', handle: 'reuse.me' })).body.account.id;
  expect((await t.http().delete(`/api/accounts/${id}`).set(...a.auth)).status).toBe(200);
  const r = await t.http().post('/api/accounts/create').set(...b.auth).send({ display_name: 'Mine now', handle: 'reuse.me' });
  expect(r.status).toBe(201);
});

it('holds the feedback limit when messages arrive all at once', async () => {
  const { auth, user } = await signUp(t);
  await Promise.all(Array.from({ length: 30 }, (_, i) => t.http().post('/api/feedback').set(...auth).send({ message: `burst ${i}` })));
  const [me] = await t.sql<{ id: string }>('select id from users where display_name = $1', [user.display_name]);
  const stored = await t.sql<{ n: string }>('select count(*) as n from feedback where user_id = $1', [me.id]);
  expect(Number(stored[0].n)).toBe(10);
});

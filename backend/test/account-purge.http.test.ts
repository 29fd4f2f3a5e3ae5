import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
});

it('removes a deleted account’s content (its photo file) and then its row, in the background', async () => {
  const { auth } = await signUp(t);
  const id = (await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'Short lived' })).body.account.id;
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();
  const photo = (await t.http().post('/api/profile/upload-photo').set(...auth).field('account_id', id).attach('file', png, 'p.png')).body.photo_url as string;
  const file = join(t.config.dataDir, 'media', photo.replace('/api/media/', ''));
  expect(existsSync(file)).toBe(true);
  expect((await t.http().delete(`/api/accounts/${id}`).set(...auth)).status).toBe(200);
  const until = Date.now() + 20_000;
  while (Date.now() < until && (existsSync(file) || (await t.sql('select 1 from accounts where id = $1', [id])).length)) await sleep(100);
  expect(existsSync(file)).toBe(false);
  expect(await t.sql('select 1 from accounts where id = $1', [id])).toEqual([]);
  expect((await t.http().get(photo)).status).toBe(404);
});

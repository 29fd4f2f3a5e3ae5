import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { hlsLadder } from '../src/modules/catalog/domain/media.js';
import { makeClips, setPrivacy, upload, waitFor, type Clips } from './media-fixtures.js';

// What a review of the media change found, kept fixed.
let t: TestApp;
let clips: Clips;
const GiB = 1024 ** 3;
beforeAll(async () => {
  clips = await makeClips(['landscape']);
  // Whatever this machine's disk, uploads see 10 GiB of room: the disk's free space less a reserve kept for others.
  const s = statfsSync(tmpdir());
  t = await createTestApp({ JOBS_ENABLED: 'true', UPLOAD_DISK_RESERVE_BYTES: String(Math.max(0, s.bavail * s.bsize - 10 * GiB)) });
});
afterAll(async () => {
  await t.close();
  await clips.cleanup();
});

it("hides a now-private item's thumbnail from others, and shows it to its owner", async () => {
  const owner = await signUp(t);
  const other = await signUp(t);
  const created = await upload(t, 'video', owner.auth, clips.path.landscape, { title: 'Soon private' });
  expect(created.status).toBe(201);
  const ready = await waitFor('ready', async () => {
    const r = await t.http().get(`/api/videos/${created.body.id}`).set(...owner.auth);
    return r.body.status === 'ready' ? r.body : null;
  });
  const publicThumb = ready.thumbnail_url as string;
  expect((await t.http().get(publicThumb)).status).toBe(200);
  await setPrivacy(t, owner.auth, { profile_visibility: 'private' });
  expect((await t.http().get(publicThumb.split('?')[0])).status).toBe(404);
  expect((await t.http().get(publicThumb.split('?')[0]).set(...other.auth)).status).toBe(404);
  const mine = (await t.http().get(`/api/videos/${created.body.id}`).set(...owner.auth)).body.thumbnail_url as string;
  expect(mine).toContain('?t=');
  const r = await t.http().get(mine);
  expect(r.status).toBe(200);
  expect(r.headers['cache-control']).toMatch(/^private/);
});

it("does not let one user's unfinished uploads reserve the disk against another's", async () => {
  const alice = await signUp(t);
  const bob = await signUp(t);
  // 10 GiB of room (see beforeAll): Alice's 9 GiB fits, and so does Bob's 1 GiB beside it.
  const huge = await t.http().post('/api/videos/upload/init').set(...alice.auth).send({ filename: 'huge.mp4', total_size: 9 * GiB, title: 'Huge' });
  expect(huge.status).toBe(201);
  const small = await t.http().post('/api/videos/upload/init').set(...bob.auth).send({ filename: 'small.mp4', total_size: GiB, title: 'Small' });
  expect(small.status).toBe(201);
  // Alice herself cannot open a second one the disk could not hold on top of her first.
  const second = await t.http().post('/api/videos/upload/init').set(...alice.auth).send({ filename: 'again.mp4', total_size: 2 * GiB, title: 'Again' });
  expect(second.status).toBe(507);
  expect(second.body.detail).toBe('Not enough storage space for this upload');
});

it('gives tiny sources a rung whose name the HLS routes accept', () => {
  for (const side of [8, 40, 98, 200]) {
    const [rung] = hlsLadder(side);
    expect(`${rung}p`).toMatch(/^\d{2,4}p$/);
  }
});

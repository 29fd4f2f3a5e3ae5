import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { binary, makeClips, tmpFiles, upload, waitFor, type Auth, type Clips } from './media-fixtures.js';
import { ProcessMediaJob } from '../src/modules/catalog/application/process-media.job.js';

/**
 * Restarts. A chunked upload: a first server takes half the chunks (one of them cut off mid-way) and stops; a second
 * server on the same database and data directory resumes the same session to an exact file. Processing: a video a
 * server left processing without a queued job is picked up by the sweeper of a later server with jobs on.
 */

const CHUNK = 262_144;

let dataDir: string;
let first: TestApp;
/** Later server processes on the first one's database (closed before it, which drops the database). */
const later: TestApp[] = [];
let clips: Clips;
let source: Buffer;
let total: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scriven-shared-data-'));
  clips = await makeClips(['big', 'landscape']);
  source = clips.bytes('big');
  total = Math.ceil(source.length / CHUNK);
  first = await createTestApp(env());
});
afterAll(async () => {
  for (const app of later.reverse()) await app.close();
  await first?.close();
  clips?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return { DATA_DIR: dataDir, UPLOAD_CHUNK_BYTES: String(CHUNK), RATE_LIMIT_PER_MINUTE: '100000' };
}

const piece = (i: number) => source.subarray(i * CHUNK, Math.min((i + 1) * CHUNK, source.length));

function chunk(t: TestApp, auth: Auth, id: string, index: number, data: Buffer) {
  return t.http().post(`/api/videos/upload/chunk/${id}`).set(...auth).field('chunk_index', String(index)).attach('file', data, 'blob');
}

/** Sends part of a chunk over a raw connection and then cuts it, as a dying client or server would. */
async function cutChunk(t: TestApp, token: string, id: string, index: number): Promise<void> {
  if (!t.app.getHttpServer().listening) await t.app.listen(0, '127.0.0.1');
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  const boundary = '----scriven-cut';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="chunk_index"\r\n\r\n${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    path: `/api/videos/upload/chunk/${id}`,
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + CHUNK + tail.length) },
  });
  req.on('error', () => undefined);
  req.write(head);
  // Garbage for the first part of the chunk: if it were ever counted, the final file would differ.
  req.write(Buffer.alloc(CHUNK / 2, 0x5a));
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
  await new Promise((r) => setTimeout(r, 300));
}

it('resumes the same session on another server process after a restart, to a byte-identical video', async () => {
  const { auth, token } = await signUp(first);
  const init = await first.http().post('/api/videos/upload/init').set(...auth).send({ filename: 'big.mp4', total_size: source.length, title: 'Survives restarts' });
  expect(init.status).toBe(201);
  const id = init.body.session_id;
  expect(total).toBeGreaterThanOrEqual(4);
  const half = Math.floor(total / 2);
  for (let i = 0; i < half; i++) expect((await chunk(first, auth, id, i, piece(i))).status).toBe(200);
  // The next chunk is cut off mid-way.
  await cutChunk(first, token, id, half);
  expect((await first.http().get(`/api/videos/upload/status/${id}`).set(...auth)).body.uploaded_chunks).toEqual([...Array(half).keys()]);

  // The first server stops (its database stays), a second one starts on the same database and data directory.
  await first.app.close();
  const second = await createTestApp(env(), first);
  later.push(second);

  const status = await second.http().get(`/api/videos/upload/status/${id}`).set(...auth);
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({ status: 'active', total_chunks: total, uploaded_chunks: [...Array(half).keys()] });
  const rest = [...Array(total).keys()].filter((i) => !status.body.uploaded_chunks.includes(i));
  expect(rest).toHaveLength(total - half);
  for (const i of rest.reverse()) {
    const r = await chunk(second, auth, id, i, piece(i));
    expect(r.status).toBe(200);
  }
  const done = await second.http().post(`/api/videos/upload/complete/${id}`).set(...auth);
  expect(done.status).toBe(201);
  const streamed = await second.http().get(`/api/videos/${done.body.id}/stream`).set(...auth).buffer(true).parse(binary as never);
  expect(streamed.status).toBe(200);
  expect((streamed.body as Buffer).equals(source)).toBe(true);
  await waitFor('no temporary files', async () => tmpFiles(second).length === 0, 5000);
});

it('processes, after a restart with jobs on, a video a stopped server left processing without a job', async () => {
  const app = await createTestApp(env(), first);
  later.push(app);
  const { auth } = await signUp(app);
  // This server runs without jobs: the video is stored and stays processing, its job never queued.
  const r = await upload(app, 'video', auth, clips.path.landscape, { title: 'Left behind' });
  expect(r.status).toBe(201);
  expect(r.body.status).toBe('processing');
  await app.app.close();
  const third = await createTestApp({ ...env(), JOBS_ENABLED: 'true' }, first);
  later.push(third);
  // The sweeper re-queues items processing for more than 10 minutes.
  await third.sql(`update media set updated_at = now() - interval '11 minutes' where id = $1`, [r.body.id]);
  await third.app.get(ProcessMediaJob).sweep();
  const done = await waitFor('the video to be processed', async () => {
    const v = await third.http().get(`/api/videos/${r.body.id}`).set(...auth);
    return v.body.status === 'ready' ? v.body : null;
  }, 60_000, 300);
  expect(done).toMatchObject({ status: 'ready', width: 640, height: 360 });
  expect(done.hls_url).toBe(`/api/videos/${r.body.id}/hls/master.m3u8`);
  expect((await third.http().get(done.hls_url)).status).toBe(200);
});

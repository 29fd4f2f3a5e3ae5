import { beforeEach, describe, expect, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { createMockUser, issueUserToken } from '../../mocks/db';
import { mediaDb } from '../../mocks/mediaDb';
import { multipart } from '../../shared/multipart';
import { demoUser } from '../../test/accounts';
import { mp4Bytes, textFile } from '../../test/media';

// QA mode must hold the server's chunked-upload rules (product.md §4), so that clicking through it shows what the
// real server does.

const clientFor = (token: string) => createApiClient({ getUserToken: () => token });
const ada = () => clientFor(issueUserToken(demoUser().user.id));

function init(api: ReturnType<typeof clientFor>, total_size: number, title = 'Clip') {
  return api.POST('/api/videos/upload/init', { body: { filename: 'clip.mp4', total_size, title } });
}

function chunk(api: ReturnType<typeof clientFor>, sessionId: string, index: number, bytes: Uint8Array) {
  return api.POST('/api/videos/upload/chunk/{sessionId}', {
    params: { path: { sessionId }, query: { chunk_index: String(index) } },
    ...multipart({ chunk_index: String(index), file: { blob: new Blob([bytes as Uint8Array<ArrayBuffer>]), filename: 'clip.mp4' } }),
  });
}

beforeEach(() => {
  mediaDb.config.chunkSize = 100;
});

describe('mock chunked upload', () => {
  test('chunks arrive in any order and repeated; complete needs them all, then makes a processing video', async () => {
    const api = ada();
    const bytes = mp4Bytes(250);
    const { data: session } = await init(api, 250);
    expect(session).toMatchObject({ chunk_size: 100, total_chunks: 3, uploaded_chunks: [], status: 'active' });
    const id = session?.session_id ?? '';

    expect((await chunk(api, id, 2, bytes.subarray(200))).data).toMatchObject({ chunk_index: 2, uploaded_chunks: 1 });
    expect((await chunk(api, id, 0, bytes.subarray(0, 100))).data).toMatchObject({ uploaded_chunks: 2 });
    expect((await chunk(api, id, 0, bytes.subarray(0, 100))).data).toMatchObject({ uploaded_chunks: 2 });

    const early = await api.POST('/api/videos/upload/complete/{uploadId}', { params: { path: { uploadId: id } } });
    expect(early.response.status).toBe(400);
    expect(early.error?.detail).toBe('Upload is incomplete: 1 chunk missing');
    const status = await api.GET('/api/videos/upload/status/{id}', { params: { path: { id } } });
    expect(status.data?.uploaded_chunks).toEqual([0, 2]);

    await chunk(api, id, 1, bytes.subarray(100, 200));
    const done = await api.POST('/api/videos/upload/complete/{uploadId}', { params: { path: { uploadId: id } } });
    expect(done.response.status).toBe(201);
    expect(done.data).toMatchObject({ title: 'Clip', status: 'processing', is_owner: true });
  });

  test('a wrong size, an index out of range, or a first chunk that is not a video is refused', async () => {
    const api = ada();
    const { data: session } = await init(api, 250);
    const id = session?.session_id ?? '';

    const short = await chunk(api, id, 0, mp4Bytes(99));
    expect([short.response.status, short.error?.detail]).toEqual([400, 'This chunk must be exactly 100 bytes']);
    const last = await chunk(api, id, 2, new Uint8Array(100));
    expect(last.error?.detail).toBe('This chunk must be exactly 50 bytes');
    const outside = await chunk(api, id, 3, new Uint8Array(100));
    expect(outside.error?.detail).toBe('chunk_index must be a whole number from 0 to 2');
    const text = new Uint8Array(await textFile().arrayBuffer());
    const notVideo = await chunk(api, id, 0, new Uint8Array(100).map((_, i) => text[i % text.length]));
    expect(notVideo.error?.detail).toBe('Please select a valid video file (MP4, AVI, MOV, MKV, WebM)');
  });

  test("another user's session is not found, for every call", async () => {
    const { data: session } = await init(ada(), 250);
    const id = session?.session_id ?? '';
    const grace = createMockUser({ display_name: 'grace', first_name: 'Grace', last_name: 'Hopper' }, 'password123', 'active');
    const other = clientFor(issueUserToken(grace.user.id));

    const calls = await Promise.all([
      chunk(other, id, 0, mp4Bytes(100)),
      other.POST('/api/videos/upload/complete/{uploadId}', { params: { path: { uploadId: id } } }),
      other.DELETE('/api/videos/upload/cancel/{uploadId}', { params: { path: { uploadId: id } } }),
      other.GET('/api/videos/upload/status/{id}', { params: { path: { id } } }),
    ]);
    expect(calls.map((call) => call.response.status)).toEqual([404, 404, 404, 404]);
  });

  test('init: a title, not empty, at most 256GB, the disk space, and at most 3 unfinished uploads', async () => {
    const api = ada();
    expect((await init(api, 100, '  ')).error?.detail).toBe('Please select a file and enter a title');
    expect((await init(api, 0)).error?.detail).toBe('File cannot be empty');
    expect((await init(api, 274_877_906_945)).error?.detail).toBe('File size exceeds maximum limit of 256GB');
    mediaDb.config.freeBytes = 1000;
    const full = await init(api, 2000);
    expect([full.response.status, full.error?.detail]).toEqual([507, 'Not enough storage space for this upload']);
    mediaDb.config.freeBytes = 10_000;

    for (let i = 0; i < 3; i += 1) expect((await init(api, 100)).response.status).toBe(201);
    const fourth = await init(api, 100);
    expect([fourth.response.status, fourth.error?.detail]).toEqual([
      429,
      'You have too many uploads in progress. Finish or cancel one first.',
    ]);
  });

  test('cancel deletes the session; its chunks are then refused', async () => {
    const api = ada();
    const { data: session } = await init(api, 250);
    const id = session?.session_id ?? '';

    const cancelled = await api.DELETE('/api/videos/upload/cancel/{uploadId}', { params: { path: { uploadId: id } } });
    expect(cancelled.data).toEqual({ message: 'Upload cancelled' });
    const late = await chunk(api, id, 0, mp4Bytes(100));
    expect([late.response.status, late.error?.detail]).toEqual([410, 'This upload was cancelled']);
  });
});

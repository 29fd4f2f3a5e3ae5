import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { mediaDb } from '../../mocks/mediaDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { deferred, fileFacts, signedInStore, textFile, videoFile } from '../../test/media';
import { CHUNK_WAIT_RETRIES, COMPLETED_RESET_MS, UPLOAD_STORAGE_PREFIX } from './UploadStore';
import { LARGE_UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, largeUploadProblem } from './messages';

const CHUNK = 1024;

/**
 * Holds every chunk request until the test lets it through, and records the indexes asked for. `auto` lets them
 * all through at once.
 */
function gateChunks() {
  const arrived: number[] = [];
  const waiting: (() => void)[] = [];
  let auto = false;
  server.use(
    http.post('/api/videos/upload/chunk/{sessionId}', async ({ request }) => {
      arrived.push(Number(new URL(request.url).searchParams.get('chunk_index')));
      if (!auto) {
        const gate = deferred();
        waiting.push(gate.release);
        await gate.promise;
      }
      return undefined; // the mock server's own handler answers
    }),
  );
  return {
    arrived,
    /** Lets the oldest held chunk through. */
    releaseNext: () => waiting.shift()?.(),
    releaseAll: () => {
      auto = true;
      for (const release of waiting.splice(0)) release();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** Under fake timers: lets time pass (the 10 ms between chunks) until `promise` settles. */
async function finish<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  void promise.finally(() => {
    settled = true;
  });
  for (let step = 0; step < 1000 && !settled; step += 1) await jest.advanceTimersByTimeAsync(1);
  return promise;
}

/** Under fake timers: lets time pass a millisecond at a time until `done` holds (at most a second). */
async function until(done: () => boolean): Promise<void> {
  for (let step = 0; step < 1000 && !done(); step += 1) await jest.advanceTimersByTimeAsync(1);
  expect(done()).toBe(true);
}

const storedKeys = () => Object.keys(window.localStorage).filter((key) => key.startsWith(UPLOAD_STORAGE_PREFIX));

beforeEach(() => {
  mediaDb.config.chunkSize = CHUNK;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('large upload: validation (seed 002 §5)', () => {
  test('a video by type or extension, at most 256GB, not empty', () => {
    expect(largeUploadProblem(fileFacts('notes.pdf', 10, 'application/pdf'))).toBe(
      'Please select a valid video file (MP4, AVI, MOV, MKV, WebM)',
    );
    expect(largeUploadProblem(fileFacts('film.mkv', 10, ''))).toBeNull();
    expect(largeUploadProblem(fileFacts('clip', 10, 'video/webm'))).toBeNull();
    expect(largeUploadProblem(fileFacts('huge.mp4', LARGE_UPLOAD_MAX_BYTES + 1))).toBe('File size exceeds maximum limit of 256GB');
    expect(largeUploadProblem(fileFacts('max.mp4', LARGE_UPLOAD_MAX_BYTES))).toBeNull();
    expect(largeUploadProblem(fileFacts('empty.mp4', 0))).toBe('File cannot be empty');
  });

  test('a refused file is not chosen and its reason is a toast; a good one sets the default title', async () => {
    const { store, notify } = await signedInStore();

    expect(store.upload.selectFile(textFile('notes.txt'))).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Please select a valid video file (MP4, AVI, MOV, MKV, WebM)', { action: 'upload.large' });
    expect(store.upload.file).toBeNull();

    expect(store.upload.selectFile(videoFile('summer.holiday.mp4'))).toBe(true);
    expect(store.upload.title).toBe('summer.holiday');
    expect(store.upload.canStart).toBe(true);

    store.upload.setTitle('   ');
    expect(store.upload.canStart).toBe(false); // Start Upload is disabled without a title

    store.upload.setTitle('My trip');
    store.upload.selectFile(videoFile('other.mp4'));
    expect(store.upload.title).toBe('My trip'); // a title of one's own is kept
  });

  test('start without a title says "Please select a file and enter a title"', async () => {
    const { store, notify } = await signedInStore();
    store.upload.selectFile(videoFile());
    store.upload.setTitle('');

    expect(await store.upload.start()).toBe(false);

    expect(notify.error).toHaveBeenCalledWith('Please select a file and enter a title', { action: 'upload.large' });
    expect(store.upload.phase).toBe('idle');
  });
});

describe('large upload: the state machine (seed 002 §4)', () => {
  test('idle → uploading → paused → uploading → completed → idle after 3 s', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const gate = gateChunks();
    const { store, notify } = await signedInStore();
    const upload = store.upload;
    upload.selectFile(videoFile('holiday.mp4', 2500)); // 3 chunks: 1024, 1024, 452
    upload.setDescription('Sea and sand');
    expect(upload.phase).toBe('idle');

    const started = upload.start();
    expect(upload.phase).toBe('uploading');
    await waitFor(() => expect(gate.waiting).toBe(1));
    expect(upload.totalChunks).toBe(3);
    expect(notify.success).toHaveBeenCalledWith('Upload initialized: 3 chunks to send', { action: 'upload.large' });
    expect(storedKeys()).toHaveLength(1); // kept for a reload

    gate.releaseNext();
    await waitFor(() => expect(upload.uploadedCount).toBe(1));
    await waitFor(() => expect(gate.waiting).toBe(1)); // chunk 1 is on its way, 10 ms later

    upload.pause();
    expect(upload.phase).toBe('paused');
    expect(await started).toBe(false); // the loop stopped; chunk 1 was abandoned
    gate.releaseNext();
    expect(upload.uploadedCount).toBe(1);
    expect(Math.round(upload.progress)).toBe(41); // 1024 of 2500 bytes

    const resumed = upload.resume();
    expect(upload.phase).toBe('uploading');
    gate.releaseAll();
    expect(await finish(resumed)).toBe(true);

    expect(upload.phase).toBe('completed');
    expect(upload.progress).toBe(100);
    expect(gate.arrived).toEqual([0, 1, 1, 2]);
    expect(notify.success).toHaveBeenCalledWith('Video uploaded successfully!', { action: 'upload.large' });
    expect(upload.completedVideo).toMatchObject({ title: 'holiday', description: 'Sea and sand', status: 'processing' });
    expect(storedKeys()).toEqual([]);

    // `finish` stopped at most a millisecond after completion.
    await jest.advanceTimersByTimeAsync(COMPLETED_RESET_MS - 5);
    expect(upload.phase).toBe('completed');
    await jest.advanceTimersByTimeAsync(5);
    expect(upload.phase).toBe('idle');
    expect(upload.file).toBeNull();
    expect(upload.title).toBe('');
  });

  test('Upload Another returns to idle at once', async () => {
    const { store } = await signedInStore();
    store.upload.selectFile(videoFile('short.mp4', 100));

    expect(await store.upload.start()).toBe(true);
    expect(store.upload.phase).toBe('completed');

    store.upload.uploadAnother();
    expect(store.upload.phase).toBe('idle');
    expect(store.upload.file).toBeNull();
  });

  test('Cancel resets every field and asks the server to cancel', async () => {
    const gate = gateChunks();
    const { store, notify } = await signedInStore();
    const upload = store.upload;
    upload.selectFile(videoFile('holiday.mp4', 2500));
    upload.setDescription('Sea and sand');
    upload.setVertical(true);
    upload.setMonetization(true);
    void upload.start();
    await waitFor(() => expect(gate.waiting).toBe(1));
    const sessionId = upload.session?.session_id;

    await upload.cancel();

    expect(upload.phase).toBe('idle');
    expect([upload.file, upload.title, upload.description, upload.isVertical, upload.monetizationEnabled, upload.session]).toEqual([
      null,
      '',
      '',
      false,
      false,
      null,
    ]);
    expect(mediaDb.uploads.find((session) => session.session_id === sessionId)?.status).toBe('cancelled');
    expect(notify.info).toHaveBeenCalledWith('Upload cancelled', { action: 'upload.large' });
    expect(storedKeys()).toEqual([]);
    gate.releaseAll();
  });

  test('Cancel while the session is still being opened: the session the server then opens is cancelled, not kept', async () => {
    const gate = deferred();
    const cancelled: string[] = [];
    let chunks = 0;
    server.use(
      http.post('/api/videos/upload/init', async () => {
        await gate.promise;
        return undefined; // the mock server's own handler opens the session
      }),
      http.delete('/api/videos/upload/cancel/{uploadId}', ({ params }) => {
        cancelled.push(params.uploadId);
        return undefined;
      }),
      http.post('/api/videos/upload/chunk/{sessionId}', () => {
        chunks += 1;
        return undefined;
      }),
    );
    const { store, notify } = await signedInStore();
    const upload = store.upload;
    upload.selectFile(videoFile('holiday.mp4', 2500));
    const started = upload.start();
    expect(upload.phase).toBe('uploading');

    await upload.cancel(); // no session yet: nothing to name
    expect(upload.phase).toBe('idle');
    expect(cancelled).toEqual([]);

    gate.release();
    expect(await started).toBe(false);
    await waitFor(() => expect(cancelled).toHaveLength(1));
    const opened = mediaDb.uploads.filter((session) => session.title === 'holiday');
    expect(opened).toHaveLength(1);
    expect(cancelled).toEqual([opened[0]?.session_id]);
    expect(opened[0]?.status).toBe('cancelled');

    expect(upload.phase).toBe('idle');
    expect(upload.session).toBeNull();
    expect(upload.starting).toBe(false);
    expect(storedKeys()).toEqual([]); // not offered for Resume
    expect(chunks).toBe(0);
    expect(notify.success).not.toHaveBeenCalledWith(expect.stringMatching(/^Upload initialized/));
  });

  test('a refused init is an error: "Failed to initialize upload: " and the detail', async () => {
    server.use(
      http.post('/api/videos/upload/init', ({ response }) =>
        response(429).json(errorBody(429, 'UPLOAD.TOO_MANY', 'You have too many uploads in progress. Finish or cancel one first.')),
      ),
    );
    const { store, notify } = await signedInStore();
    store.upload.selectFile(videoFile());

    expect(await store.upload.start()).toBe(false);

    const message = 'Failed to initialize upload: You have too many uploads in progress. Finish or cancel one first.';
    expect(store.upload.phase).toBe('error');
    expect(store.upload.error).toBe(message);
    expect(notify.error).not.toHaveBeenCalled(); // the status panel says it: no toast too

    store.upload.selectFile(videoFile('another.mp4')); // selecting a new file sets idle
    expect(store.upload.phase).toBe('idle');
    expect(store.upload.error).toBeNull();
  });

  test('a refused chunk is an error: "Upload failed: " and the detail; Retry asks the server what it has', async () => {
    let refuse = true;
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ request, response }) => {
        if (refuse && new URL(request.url).searchParams.get('chunk_index') === '1') {
          return response(410).json(errorBody(410, 'UPLOAD.EXPIRED', 'This upload session has expired'));
        }
        return undefined;
      }),
    );
    const { store, notify } = await signedInStore();
    store.upload.selectFile(videoFile('holiday.mp4', 2500));

    expect(await store.upload.start()).toBe(false);
    expect(store.upload.phase).toBe('error');
    expect(store.upload.error).toBe('Upload failed: This upload session has expired');
    expect(notify.error).not.toHaveBeenCalled();
    expect(store.upload.uploadedCount).toBe(1);

    refuse = false;
    expect(await store.upload.resume()).toBe(true);
    expect(store.upload.phase).toBe('completed');
  });

  test('a network failure of a chunk is tried again before it becomes "Upload failed. Please try again."', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let attempts = 0;
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ response }) => {
        attempts += 1;
        return response.untyped(Response.error());
      }),
    );
    const { store, notify } = await signedInStore();
    store.upload.selectFile(videoFile('holiday.mp4', 500));

    const started = store.upload.start();
    await jest.advanceTimersByTimeAsync(1000 + 2000 + 4000);

    expect(await started).toBe(false);
    expect(attempts).toBe(4);
    expect(store.upload.phase).toBe('error');
    expect(store.upload.error).toBe('Upload failed. Please try again.');
    expect(notify.error).not.toHaveBeenCalled();
  });

  test('a chunk answered 429 UPLOAD.BUSY is sent again after its Retry-After, the upload waiting meanwhile', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const arrived: number[] = [];
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ request, response }) => {
        arrived.push(Number(new URL(request.url).searchParams.get('chunk_index')));
        if (arrived.length === 1) {
          return response(429).json(errorBody(429, 'UPLOAD.BUSY', 'Too many chunks of this upload are being sent at once'), {
            headers: { 'Retry-After': '1' },
          });
        }
        return undefined; // the mock server's own handler takes it
      }),
    );
    const { store, notify } = await signedInStore();
    const upload = store.upload;
    upload.selectFile(videoFile('holiday.mp4', 2500)); // 3 chunks

    const started = upload.start();
    await until(() => upload.waiting !== null);
    expect(upload.waiting).toEqual({ reason: 'busy', index: 0, seconds: 1 });
    expect([upload.phase, upload.error]).toEqual(['uploading', null]);

    await jest.advanceTimersByTimeAsync(900); // within the second the server asked for: nothing is sent
    expect(arrived).toEqual([0]);
    expect(upload.waiting).not.toBeNull();

    expect(await finish(started)).toBe(true);
    expect(arrived).toEqual([0, 0, 1, 2]);
    expect(upload.phase).toBe('completed');
    expect(upload.waiting).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('Video uploaded successfully!', { action: 'upload.large' });
  });

  test('a chunk the server stays busy for fails after a bounded number of waits', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let attempts = 0;
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ response }) => {
        attempts += 1;
        return response(429).json(errorBody(429, 'UPLOAD.BUSY', 'Too many chunks of this upload are being sent at once'), {
          headers: { 'Retry-After': '1' },
        });
      }),
    );
    const { store } = await signedInStore();
    store.upload.selectFile(videoFile('holiday.mp4', 500));

    const started = store.upload.start();
    await jest.advanceTimersByTimeAsync(CHUNK_WAIT_RETRIES * 1000 + 100);

    expect(await started).toBe(false);
    expect(attempts).toBe(CHUNK_WAIT_RETRIES + 1);
    expect(store.upload.phase).toBe('error');
    expect(store.upload.error).toBe('Upload failed: Too many chunks of this upload are being sent at once');
    expect(store.upload.waiting).toBeNull();
  });

  test('a rate-limited chunk waits out its Retry-After; without one it fails at once, as any other 429', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let retryAfter: string | null = '2';
    let attempts = 0;
    server.use(
      http.post('/api/videos/upload/chunk/{sessionId}', ({ response }) => {
        attempts += 1;
        if (attempts > 1) return undefined;
        const body = errorBody(429, 'RATE_LIMITED', 'Too many requests. Please slow down.');
        return response(429).json(body, retryAfter === null ? undefined : { headers: { 'Retry-After': retryAfter } });
      }),
    );
    const { store } = await signedInStore();
    const upload = store.upload;
    upload.selectFile(videoFile('holiday.mp4', 500));

    const started = upload.start();
    await until(() => upload.waiting !== null);
    expect(upload.waiting).toEqual({ reason: 'rate_limited', index: 0, seconds: 2 });
    await jest.advanceTimersByTimeAsync(1900);
    expect(attempts).toBe(1);
    expect(await finish(started)).toBe(true);
    expect(attempts).toBe(2);

    attempts = 0;
    retryAfter = null;
    upload.uploadAnother();
    upload.selectFile(videoFile('other.mp4', 500));
    expect(await finish(upload.start())).toBe(false);
    expect(attempts).toBe(1);
    expect(upload.phase).toBe('error');
    expect(upload.error).toBe('Upload failed: Too many requests. Please slow down.');
  });

  test('a refused completion is an error: "Failed to complete upload: " and the detail', async () => {
    server.use(
      http.post('/api/videos/upload/complete/{uploadId}', ({ response }) =>
        response(400).json(errorBody(400, 'UPLOAD.INCOMPLETE', 'Upload is incomplete: 1 chunk missing')),
      ),
    );
    const { store, notify } = await signedInStore();
    store.upload.selectFile(videoFile('holiday.mp4', 2500));

    expect(await store.upload.start()).toBe(false);

    expect(store.upload.phase).toBe('error');
    expect(store.upload.error).toBe('Failed to complete upload: Upload is incomplete: 1 chunk missing');
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('large upload: resuming after a reload', () => {
  test('choosing the same file again offers Resume, which sends only the missing chunks', async () => {
    const gate = gateChunks();
    const file = videoFile('holiday.mp4', 3500); // 4 chunks
    const first = await signedInStore();
    first.store.upload.selectFile(file);
    void first.store.upload.start();
    await waitFor(() => expect(gate.waiting).toBe(1));
    gate.releaseNext();
    await waitFor(() => expect(gate.waiting).toBe(1));
    gate.releaseNext();
    await waitFor(() => expect(first.store.upload.uploadedCount).toBe(2));
    first.store.dispose(); // the page goes away with chunk 2 in flight
    gate.releaseAll();
    gate.arrived.length = 0;

    // The page is loaded again: a new store, the same browser storage and server.
    const { store, notify } = await signedInStore();
    store.upload.loadStored();
    expect(store.upload.stored.map((entry) => entry.filename)).toEqual(['holiday.mp4']);
    store.upload.selectFile(videoFile('holiday.mp4', 3500));
    await waitFor(() => expect(store.upload.resumable).not.toBeNull());
    expect(store.upload.resumable?.uploaded_chunks.length).toBeGreaterThanOrEqual(2);
    const had = [...(store.upload.resumable?.uploaded_chunks ?? [])];

    expect(await store.upload.resumeStored()).toBe(true);

    expect(store.upload.phase).toBe('completed');
    expect(gate.arrived).toEqual([0, 1, 2, 3].filter((index) => !had.includes(index)));
    expect(gate.arrived).not.toContain(0);
    expect(notify.success).toHaveBeenCalledWith('Video uploaded successfully!', { action: 'upload.large' });
    expect(storedKeys()).toEqual([]);
  });

  test('a remembered session the server no longer has is forgotten; Start over cancels the old one', async () => {
    const { store } = await signedInStore();
    const key = `${UPLOAD_STORAGE_PREFIX}${store.auth.user?.id}:holiday.mp4:3500:1700000000000`;
    window.localStorage.setItem(key, JSON.stringify({ session_id: 'gone', filename: 'holiday.mp4', title: 't', total_size: 3500, saved_at: '' }));

    store.upload.selectFile(videoFile('holiday.mp4', 3500));
    await waitFor(() => expect(store.upload.checkingResume).toBe(false));

    expect(store.upload.resumable).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  test('a remembered upload can be discarded: the server deletes it', async () => {
    const gate = gateChunks();
    const first = await signedInStore();
    first.store.upload.selectFile(videoFile('holiday.mp4', 3500));
    void first.store.upload.start();
    await waitFor(() => expect(gate.waiting).toBe(1));
    first.store.dispose();
    gate.releaseAll();

    const store = new RootStore({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() } });
    await store.auth.init();
    store.upload.loadStored();
    const [entry] = store.upload.stored;

    await store.upload.discardStored(entry);

    expect(store.upload.stored).toEqual([]);
    expect(mediaDb.uploads.find((session) => session.session_id === entry.session_id)?.status).toBe('cancelled');
  });
});

describe('large upload: what is sent', () => {
  test('init carries the fields; monetization only for creator-program users', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/videos/upload/init', async ({ request }) => {
        sent = await request.clone().json();
        return undefined;
      }),
    );
    const { store } = await signedInStore();
    store.upload.selectFile(videoFile('holiday.mp4', 100));
    store.upload.setVertical(true);
    store.upload.setMonetization(true);

    await store.upload.start();

    expect(sent).toEqual({
      filename: 'holiday.mp4',
      total_size: 100,
      title: 'holiday',
      description: '',
      is_vertical: true,
      monetization_enabled: true,
    });
    expect(UPLOAD_MESSAGES.initialized(1)).toBe('Upload initialized: 1 chunk to send');
  });
});

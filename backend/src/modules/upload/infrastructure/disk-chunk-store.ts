import { Inject, Injectable } from '@nestjs/common';
import { constants } from 'node:fs';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { freeBytes } from '../../../common/storage/free-space.js';
import { TMP_UPLOADS_DIR } from '../../../common/storage/storage.module.js';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { UploadErrors } from '../domain/upload-session.js';
import type { ChunkStore } from '../domain/ports.js';

const CHUNK_IDLE_MS = 30_000;
/** Bytes per write: with O_DSYNC each write waits for the disk, so fewer, larger writes, received while earlier ones are written. */
const BATCH_BYTES = 2 * 1024 * 1024;
/** Batch writes at the disk at once (a queue of one leaves the device idle between synchronous requests). */
const MAX_IN_FLIGHT = 2;
const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Upload files in DATA_DIR/tmp/uploads (same filesystem as storage, so completion links the file: no copy). */
@Injectable()
export class DiskChunkStore implements ChunkStore {
  private readonly dir: string;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = join(config.dataDir, 'tmp', TMP_UPLOADS_DIR);
  }

  path(id: string): string {
    if (!ID_RE.test(id)) throw new Error('bad session id');
    return join(this.dir, `${id}.part`);
  }

  async create(id: string, size: number): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const fh = await open(this.path(id), 'w');
    try {
      await fh.truncate(size); // sparse: no space is used until chunks arrive
    } finally {
      await fh.close();
    }
  }

  async writeAt(id: string, offset: number, length: number, data: Readable, signal?: AbortSignal): Promise<Buffer> {
    // The file is opened when the first bytes arrive, and a chunk that stops arriving is dropped after 30 s, so a
    // slow or stalled client cannot hold file handles.
    const file: { opening: Promise<FileHandle> | null } = { opening: null };
    let queued = 0; // bytes handed to batches so far: the next batch's offset within the chunk
    let written = 0;
    let received = 0;
    let head = Buffer.alloc(0);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const inFlight = new Set<Promise<void>>();
    let failure: Error | null = null;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => sink.destroy(UploadErrors.stalled()), CHUNK_IDLE_MS);
    };
    const writeBatch = async (batch: Buffer[], at: number, bytes: number) => {
      // O_DSYNC: each batch is on the disk when its write returns, while the next ones are still arriving, so the disk
      // works during the transfer instead of in one flush after it (a sequential upload waits for that flush).
      file.opening ??= open(this.path(id), constants.O_RDWR | constants.O_DSYNC);
      const fh = await file.opening;
      let done = 0;
      while (done < bytes) {
        const { bytesWritten } = done === 0 ? await fh.writev(batch, at) : await fh.write(Buffer.concat(batch).subarray(done), 0, bytes - done, at + done);
        if (bytesWritten <= 0) throw new Error('the disk accepted no bytes');
        done += bytesWritten;
      }
      written += bytes;
    };
    // Starts writing what is pending as one batch (one writev, no copy into a batch buffer: allocating and copying a
    // batch kept the garbage collector busy). Batches go to distinct offsets, so up to MAX_IN_FLIGHT of them can be at
    // the disk at once: a synchronous write of one batch alone leaves the device idle between requests.
    const startBatch = () => {
      if (!pendingBytes) return;
      const p = writeBatch(pending, offset + queued, pendingBytes).then(
        () => void inFlight.delete(p),
        (e: Error) => {
          inFlight.delete(p);
          failure ??= e;
        },
      );
      inFlight.add(p);
      queued += pendingBytes;
      pending = [];
      pendingBytes = 0;
    };
    const settle = async (max: number) => {
      while (inFlight.size > max) await Promise.race(inFlight);
      if (failure) throw failure;
    };
    const sink = new Writable({
      highWaterMark: BATCH_BYTES,
      write: (chunk: Buffer, _enc, done) => {
        armIdle();
        if (failure) return done(failure);
        received += chunk.length;
        if (received > length) return done(UploadErrors.badSize(length));
        if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < BATCH_BYTES) return done();
        startBatch();
        if (inFlight.size < MAX_IN_FLIGHT) return done();
        settle(MAX_IN_FLIGHT - 1).then(() => done(), (e: Error) => done(e));
      },
      final: (done) => {
        startBatch();
        settle(0).then(() => done(), (e: Error) => done(e));
      },
    });
    try {
      armIdle();
      // Piped, not in a pipeline: what stops the writing (a bad size, the disk, the 30 s idle, `signal`: the upload's
      // locks were lost) leaves the request whole, to be answered; its unread rest is drained below. A request that
      // breaks (its client went away) stops the writing at once.
      const stop = (e: Error) => {
        data.unpipe(sink);
        sink.destroy(e);
      };
      const onAbort = () => stop(signal!.reason as Error);
      const onClose = () => void (!data.readableEnded && stop(new Error('the request was cut off')));
      signal?.throwIfAborted();
      signal?.addEventListener('abort', onAbort, { once: true });
      data.once('error', stop);
      data.once('close', onClose);
      try {
        data.pipe(sink);
        await finished(sink);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        data.off('error', stop);
        data.off('close', onClose);
        data.unpipe(sink);
      }
      if (written !== length) throw UploadErrors.badSize(length);
      // On the disk before it counts (every write was O_DSYNC): a chunk marked received survives even an
      // operating-system crash.
      return head;
    } catch (e) {
      data.resume();
      throw e;
    } finally {
      clearTimeout(idle);
      // No write may outlive the chunk (a repeat of it could be writing the same range next).
      await Promise.allSettled(inFlight);
      if (file.opening) await (await file.opening.catch(() => null))?.close();
    }
  }

  async sync(id: string): Promise<void> {
    const fh = await open(this.path(id), 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  async files(): Promise<{ id: string; modified: Date }[]> {
    const out: { id: string; modified: Date }[] = [];
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const id = name.endsWith('.part') ? name.slice(0, -'.part'.length) : '';
      const s = ID_RE.test(id) ? await stat(join(this.dir, name)).catch(() => null) : null;
      if (s?.isFile()) out.push({ id, modified: s.mtime });
    }
    return out;
  }

  async remove(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }

  freeBytes(): Promise<number> {
    return freeBytes(this.dir);
  }
}

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppConfig } from '../../../common/config/config.js';
import { DiskChunkStore } from './disk-chunk-store.js';

const MiB = 1024 * 1024;

/** Hands `data` over in pieces of `piece` bytes, as the form parser does; optionally fails after `failAfter` bytes. */
function pieces(data: Buffer, piece: number, failAfter?: number): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && at >= failAfter) return void this.destroy(new Error('client went away'));
      if (at >= data.length) return void this.push(null);
      this.push(data.subarray(at, at + piece));
      at += piece;
    },
  });
}

describe('DiskChunkStore writes a chunk at its offset in batches, several at the disk at once', () => {
  let dir: string;
  let store: DiskChunkStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriven-chunks-'));
    store = new DiskChunkStore({ dataDir: dir } as AppConfig);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts every byte of chunks sent out of order where they belong, whatever the piece size', async () => {
    const id = randomUUID();
    const chunk = 9 * MiB + 12345; // several batches and a partial one
    const file = randomBytes(3 * chunk);
    await store.create(id, file.length);
    const heads = [];
    for (const [index, piece] of [[2, 65536], [0, 1000003], [1, 7]] as const) {
      const bytes = file.subarray(index * chunk, (index + 1) * chunk);
      heads.push(await store.writeAt(id, index * chunk, chunk, pieces(bytes, piece === 7 ? 4 * MiB + 7 : piece)));
    }
    expect(heads[1].equals(file.subarray(0, 64))).toBe(true);
    expect(readFileSync(store.path(id)).equals(file)).toBe(true);
  });

  it('refuses a chunk with more bytes than its length, and writes nothing past it', async () => {
    const id = randomUUID();
    await store.create(id, 8 * MiB);
    const extra = randomBytes(4 * MiB + 1);
    await expect(store.writeAt(id, 4 * MiB, 4 * MiB, pieces(extra, 65536))).rejects.toMatchObject({ code: 'UPLOAD.BAD_CHUNK_SIZE' });
    expect(statSync(store.path(id)).size).toBe(8 * MiB);
  });

  it('refuses a chunk that ends short', async () => {
    const id = randomUUID();
    await store.create(id, 8 * MiB);
    await expect(store.writeAt(id, 0, 4 * MiB, pieces(randomBytes(3 * MiB), 65536))).rejects.toMatchObject({ code: 'UPLOAD.BAD_CHUNK_SIZE' });
  });

  it('fails when the sender fails mid-chunk, after every write it started has ended', async () => {
    const id = randomUUID();
    await store.create(id, 16 * MiB);
    const data = randomBytes(16 * MiB);
    await expect(store.writeAt(id, 0, 16 * MiB, pieces(data, 65536, 9 * MiB))).rejects.toThrow('client went away');
    // Nothing is still writing: the same chunk sent again ends with exactly its bytes.
    await store.writeAt(id, 0, 16 * MiB, pieces(data, 65536));
    expect(readFileSync(store.path(id)).equals(data)).toBe(true);
  });

  it('does not bring back the file of a session removed meanwhile', async () => {
    const id = randomUUID();
    await store.create(id, 4 * MiB);
    await store.remove(id);
    await expect(store.writeAt(id, 0, 4 * MiB, pieces(randomBytes(4 * MiB), 65536))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(join(dir, 'tmp', 'uploads'))).toEqual([]);
  });
});

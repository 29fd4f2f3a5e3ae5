import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix, type Storage, type StoredObject } from './storage.js';

/** Media on the local disk under DATA_DIR/media; temporary files in DATA_DIR/tmp on the same filesystem. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string, private readonly tmp: string) {}

  private path(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  async write(key: string, data: Readable | Buffer): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    await mkdir(this.tmp, { recursive: true });
    const temp = join(this.tmp, `${randomUUID()}.part`);
    try {
      if (Buffer.isBuffer(data)) await writeFile(temp, data);
      else await pipeline(data, createWriteStream(temp));
      await rename(temp, target);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return (await this.stat(key))!;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.path(key));
      return { size: s.size, modified: s.mtime };
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    // 1 MiB reads: far fewer syscalls than the default 64 KiB when serving video.
    return createReadStream(this.path(key), { ...range, highWaterMark: 1 << 20 });
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async adopt(key: string, localPath: string): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(localPath, target);
    return (await this.stat(key))!;
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    return { path: this.path(key), release: async () => undefined };
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }
}

import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix, type Storage, type StoredObject } from './storage.js';

/** Media on the local disk under DATA_DIR/media; temporary files in DATA_DIR/tmp on the same filesystem. */
export class LocalDiskStorage implements Storage {
  /** Open handles of recently read files: a player's range requests skip open and close. */
  private readonly handles = new Map<string, { fh: FileHandle; mtime: number; users: number; stale: boolean; idle?: NodeJS.Timeout }>();

  private readonly stats = new Map<string, { object: StoredObject; until: number }>();

  constructor(private readonly root: string, private readonly tmp: string) {}

  async readRange(key: string, range: { start: number; end: number }, modified: Date, into?: Buffer): Promise<Buffer> {
    const path = this.path(key);
    let h = this.handles.get(path);
    if (h && h.mtime !== modified.getTime()) {
      this.drop(path);
      h = undefined;
    }
    if (!h) {
      const fh = await open(path, 'r');
      h = this.handles.get(path);
      if (h && h.mtime === modified.getTime()) await fh.close();
      else {
        if (this.handles.size >= 256) for (const [p, x] of this.handles) if (!x.users) this.drop(p);
        h = { fh, mtime: modified.getTime(), users: 0, stale: false };
        this.handles.set(path, h);
      }
    }
    const held = h;
    held.users += 1;
    clearTimeout(held.idle);
    try {
      const length = range.end - range.start + 1;
      const buf = into && into.length >= length ? into.subarray(0, length) : Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await held.fh.read(buf, done, length - done, range.start + done);
        if (!bytesRead) break;
        done += bytesRead;
      }
      return done === length ? buf : buf.subarray(0, done);
    } finally {
      held.users -= 1;
      if (!held.users) {
        if (held.stale) void held.fh.close().catch(() => undefined);
        else held.idle = setTimeout(() => this.handles.get(path) === held && !held.users && this.drop(path), 10_000).unref();
      }
    }
  }

  private forget(path: string): void {
    this.stats.delete(path);
    this.drop(path);
  }

  /** Forgets a cached handle; it is closed now, or by its last reader. */
  private drop(path: string): void {
    const h = this.handles.get(path);
    if (!h) return;
    this.handles.delete(path);
    clearTimeout(h.idle);
    h.stale = true;
    if (!h.users) void h.fh.close().catch(() => undefined);
  }

  private path(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  async write(key: string, data: Readable | Buffer): Promise<StoredObject> {
    const target = this.path(key);
    this.forget(target);
    await mkdir(dirname(target), { recursive: true });
    await mkdir(this.tmp, { recursive: true });
    const temp = join(this.tmp, `${randomUUID()}.part`);
    try {
      if (Buffer.isBuffer(data)) await writeFile(temp, data);
      else await pipeline(data, createWriteStream(temp));
      await rename(temp, target);
      this.forget(target);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return (await this.stat(key))!;
  }

  /**
   * Size and time of an object; objects that exist are remembered for 2 s (a player asks for many ranges of one
   * file in a row). Every change made through this adapter forgets its key at once.
   */
  async stat(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    const hit = this.stats.get(path);
    if (hit && hit.until > Date.now()) return hit.object;
    try {
      const s = await stat(path);
      const object = { size: s.size, modified: s.mtime };
      if (this.stats.size >= 4096) this.stats.clear();
      this.stats.set(path, { object, until: Date.now() + 2000 });
      return object;
    } catch {
      this.stats.delete(path);
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    // 1 MiB reads: far fewer syscalls than the default 64 KiB when serving video.
    return createReadStream(this.path(key), { ...range, highWaterMark: 1 << 20 });
  }

  async delete(key: string): Promise<void> {
    this.forget(this.path(key));
    await rm(this.path(key), { force: true });
    this.forget(this.path(key));
  }

  async adopt(key: string, localPath: string): Promise<StoredObject> {
    const target = this.path(key);
    this.forget(target);
    await mkdir(dirname(target), { recursive: true });
    await rename(localPath, target);
    this.forget(target);
    return (await this.stat(key))!;
  }

  async link(key: string, localPath: string): Promise<StoredObject> {
    const target = this.path(key);
    // Staged in tmp, as write() does: a crash before the rename leaves nothing in media/, only what the sweeper removes.
    const staged = join(this.tmp, `${randomUUID()}.link`);
    await mkdir(dirname(target), { recursive: true });
    await mkdir(this.tmp, { recursive: true });
    try {
      await link(localPath, staged).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EXDEV' && e.code !== 'EPERM' && e.code !== 'ENOTSUP') throw e;
        await copyFile(localPath, staged); // another filesystem, or one without hard links
      });
      this.forget(target);
      await rename(staged, target); // atomic: an earlier attempt's object under this key is replaced whole
    } finally {
      await rm(staged, { force: true });
    }
    this.forget(target);
    return (await this.stat(key))!;
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    return { path: this.path(key), release: async () => undefined };
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const dir = join(this.root, prefix);
    for (const path of [...this.handles.keys(), ...this.stats.keys()]) if (path.startsWith(dir)) this.forget(path);
    await rm(dir, { recursive: true, force: true });
    for (const path of [...this.handles.keys(), ...this.stats.keys()]) if (path.startsWith(dir)) this.forget(path);
  }
}

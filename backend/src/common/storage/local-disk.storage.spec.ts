import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { LocalDiskStorage } from './local-disk.storage.js';

describe('LocalDiskStorage range reads through cached handles and stats', () => {
  let dir: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scriven-storage-'));
    storage = new LocalDiskStorage(join(dir, 'media'), join(dir, 'tmp'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads exact ranges, and the bytes of an object replaced under the same key, never the old ones', async () => {
    const key = `hls/${randomUUID()}/360p/seg_00001.ts`;
    await storage.write(key, Buffer.from('0123456789'));
    const first = (await storage.stat(key))!;
    expect((await storage.readRange(key, { start: 2, end: 5 }, first.modified)).toString()).toBe('2345');
    // Re-processing deletes the folder and stores new files under the same keys.
    await storage.deletePrefix(key.slice(0, key.indexOf('360p')));
    expect(await storage.stat(key)).toBeNull();
    const fresh = join(dir, 'fresh.ts');
    writeFileSync(fresh, 'abcdefghij');
    await storage.adopt(key, fresh);
    const second = (await storage.stat(key))!;
    expect((await storage.readRange(key, { start: 2, end: 5 }, second.modified)).toString()).toBe('cdef');
  });

  it('forgets a deleted object at once, so a stat after the delete finds nothing', async () => {
    const key = `originals/${randomUUID()}.mp4`;
    await storage.write(key, Buffer.alloc(1000, 1));
    const s = (await storage.stat(key))!;
    expect((await storage.readRange(key, { start: 0, end: 9 }, s.modified))).toHaveLength(10);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.readRange(key, { start: 0, end: 9 }, s.modified)).rejects.toThrow();
  });

  it('returns what exists when a range runs past the end', async () => {
    const key = `originals/${randomUUID()}.mp4`;
    await storage.write(key, Buffer.from('short'));
    const s = (await storage.stat(key))!;
    expect((await storage.readRange(key, { start: 2, end: 100 }, s.modified)).toString()).toBe('ort');
  });
});

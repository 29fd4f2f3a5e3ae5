import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { TmpSweeper } from './storage.module.js';

const HOUR = 3600_000;

describe('TmpSweeper removes what crashes left in the temporary folder, never an upload in progress', () => {
  let dataDir: string;
  let tmp: string;
  const now = Date.now();
  /** Creates a file (or folder) whose modification time is `hoursAgo` before now. */
  const aged = (path: string, hoursAgo: number, folder = false) => {
    if (folder) mkdirSync(path, { recursive: true });
    else writeFileSync(path, 'x');
    const t = new Date(now - hoursAgo * HOUR);
    utimesSync(path, t, t);
  };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'scriven-sweep-'));
    tmp = join(dataDir, 'tmp');
    mkdirSync(join(tmp, 'uploads'), { recursive: true });
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the chunked uploads\' folder to the uploads (they know which sessions live), even when it is days old', async () => {
    aged(join(tmp, 'uploads', 'recent.part'), 2);
    aged(join(tmp, 'uploads', 'paused-a-day-and-a-half.part'), 36);
    aged(join(tmp, 'uploads', 'paused-three-days.part'), 72);
    aged(join(tmp, 'uploads'), 96, true); // writing into a file never changes its folder's time
    const removed = await new TmpSweeper({ dataDir } as AppConfig).sweep(now);
    expect(removed).toBe(0);
    expect(existsSync(join(tmp, 'uploads', 'recent.part'))).toBe(true);
    expect(existsSync(join(tmp, 'uploads', 'paused-a-day-and-a-half.part'))).toBe(true);
    expect(existsSync(join(tmp, 'uploads', 'paused-three-days.part'))).toBe(true);
  });

  it('removes stale files and work folders, but not a work folder something is still writing into', async () => {
    aged(join(tmp, 'stale-upload.tmp'), 30);
    aged(join(tmp, 'fresh-upload.tmp'), 1);
    mkdirSync(join(tmp, 'process-old'));
    aged(join(tmp, 'process-old', 'seg.ts'), 30);
    mkdirSync(join(tmp, 'process-busy', '720p'), { recursive: true });
    aged(join(tmp, 'process-busy', '720p', 'seg_00042.ts'), 0.1);
    aged(join(tmp, 'process-busy'), 40, true);
    aged(join(tmp, 'process-old'), 30, true);
    const removed = await new TmpSweeper({ dataDir } as AppConfig).sweep(now);
    expect(removed).toBe(2);
    expect(existsSync(join(tmp, 'stale-upload.tmp'))).toBe(false);
    expect(existsSync(join(tmp, 'process-old'))).toBe(false);
    expect(existsSync(join(tmp, 'fresh-upload.tmp'))).toBe(true);
    expect(existsSync(join(tmp, 'process-busy', '720p', 'seg_00042.ts'))).toBe(true);
  });
});

import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORAGE } from './storage.js';

const TMP_MAX_AGE_MS = 24 * 3600_000;
/**
 * The chunked uploads' folder of tmp. Its part files belong to upload sessions, which may rest for a day and more
 * between chunks; the uploads sweep it themselves (they know which sessions are alive), so this sweeper leaves it.
 */
export const TMP_UPLOADS_DIR = 'uploads';

/** The newest modification time of a file or of anything in a folder (a work folder in use is not stale). */
async function newestMtime(path: string, depth = 0): Promise<number> {
  const s = await stat(path).catch(() => null);
  if (!s) return Date.now();
  if (!s.isDirectory() || depth > 4) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of await readdir(path).catch(() => [] as string[])) newest = Math.max(newest, await newestMtime(join(path, name), depth + 1));
  return newest;
}

/** Removes temporary files older than a day: what a crash or a killed process left behind. */
@Injectable()
export class TmpSweeper {
  private readonly logger = new Logger('TmpSweeper');
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Interval('tmp-sweeper', 3600_000)
  async sweep(now = Date.now()): Promise<number> {
    const dir = join(this.config.dataDir, 'tmp');
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, name);
      if (name === TMP_UPLOADS_DIR) continue;
      if (now - (await newestMtime(path)) > TMP_MAX_AGE_MS) {
        await rm(path, { force: true, recursive: true });
        removed++;
      }
    }
    if (removed) this.logger.log(`removed ${removed} stale temporary file(s)`);
    return removed;
  }
}

@Global()
@Module({
  providers: [
    {
      provide: STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(join(config.dataDir, 'media'), join(config.dataDir, 'tmp')),
    },
    TmpSweeper,
  ],
  exports: [STORAGE],
})
export class StorageModule {}

import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORAGE } from './storage.js';

const TMP_MAX_AGE_MS = 24 * 3600_000;

/** Removes temporary upload files older than a day: what a crash or a killed process left behind. */
@Injectable()
export class TmpSweeper {
  private readonly logger = new Logger('TmpSweeper');
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Interval('tmp-sweeper', 3600_000)
  async sweep(): Promise<number> {
    const dir = join(this.config.dataDir, 'tmp');
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, name);
      const s = await stat(path).catch(() => null);
      if (s && Date.now() - s.mtimeMs > TMP_MAX_AGE_MS) {
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

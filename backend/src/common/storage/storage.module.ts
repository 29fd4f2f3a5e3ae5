import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORAGE } from './storage.js';

@Global()
@Module({
  providers: [
    {
      provide: STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(join(config.dataDir, 'media'), join(config.dataDir, 'tmp')),
    },
  ],
  exports: [STORAGE],
})
export class StorageModule {}

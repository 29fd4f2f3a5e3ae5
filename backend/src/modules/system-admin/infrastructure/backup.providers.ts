import type { Provider } from '@nestjs/common';
import { BackupsService } from '../application/backups.service.js';
import { UpdatesService } from '../application/updates.service.js';
import { BACKUP_ARCHIVE, BACKUP_RECORDS } from '../domain/backup.js';
import { INSTALLED_VERSION, RELEASE_SOURCE } from '../domain/release.js';
import { FileBackupArchive } from './backup-archive.js';
import { PgBackupRecords } from './backup-records.js';
import { FileReleaseSource, PgInstalledVersion } from './release-source.js';

/** Backups and updates: the use cases and their adapters (SystemAdminModule lists them). */
export const BACKUP_PROVIDERS: Provider[] = [
  { provide: BACKUP_ARCHIVE, useClass: FileBackupArchive },
  { provide: BACKUP_RECORDS, useClass: PgBackupRecords },
  { provide: RELEASE_SOURCE, useClass: FileReleaseSource },
  { provide: INSTALLED_VERSION, useClass: PgInstalledVersion },
  BackupsService,
  UpdatesService,
];

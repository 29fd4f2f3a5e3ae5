import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { LongRunning } from '../../../common/http/long-running.js';
import { BackupsService } from '../application/backups.service.js';
import { backupErrors, isValidBackupName, type Backup, type BackupSettings } from '../domain/backup.js';
import { BackupDto, BackupListDto, BackupSettingsDto, CreateBackupQueryDto } from './backups.dto.js';

const backupDto = (b: Backup): BackupDto => ({
  name: b.name,
  backup_path: b.path,
  size_bytes: b.sizeBytes,
  created_at: b.createdAt.toISOString(),
  kind: b.kind,
  verify_status: b.verifyStatus,
  verify_error: b.verifyError,
  verified_at: b.verifiedAt?.toISOString() ?? null,
});

const settingsDto = (s: BackupSettings): BackupSettingsDto => ({ keep_last: s.keepLast, daily_enabled: s.dailyEnabled, daily_hour_utc: s.dailyHourUtc });

/** The admin console's backups: make one, list, delete, and the retention and daily schedule settings. */
@ApiTags('system')
@Controller('api/system')
@AdminConsole()
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  /**
   * Makes a backup now: a consistent database dump, the secret files and a manifest of the media files with their
   * checksums, under DATA_DIR/backups/<name>. Its verification (a restore into a scratch database) follows in the
   * background.
   */
  @Post('backup')
  @LongRunning()
  @ApiResponse({ status: 201, type: BackupDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A name that is not a folder name' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "The name exists, or 'A backup is already running'" })
  async createBackup(@CurrentPrincipal() p: Principal, @Query() q: CreateBackupQueryDto): Promise<BackupDto> {
    return backupDto(await this.backups.create({ userId: p.userId }, q.backup_name));
  }

  /** Every backup, newest first, with its size and verification. */
  @Get('backups')
  @ApiResponse({ status: 200, type: BackupListDto })
  async listBackups(): Promise<BackupListDto> {
    return { backups: (await this.backups.list()).map(backupDto) };
  }

  /** Deletes a backup (its folder and its entry). */
  @Delete('backups/:name')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'The backup is being verified or restored' })
  async deleteBackup(@CurrentPrincipal() p: Principal, @Param('name') name: string): Promise<void> {
    if (!isValidBackupName(name)) throw backupErrors.notFound();
    await this.backups.remove({ userId: p.userId }, name);
  }

  /** How many backups are kept, and the daily backup. */
  @Get('backup-settings')
  @ApiResponse({ status: 200, type: BackupSettingsDto })
  async getBackupSettings(): Promise<BackupSettingsDto> {
    return settingsDto(await this.backups.settings());
  }

  /** Sets the retention and the daily backup; the oldest backups beyond keep_last are removed at once. */
  @Put('backup-settings')
  @ApiResponse({ status: 200, type: BackupSettingsDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async updateBackupSettings(@CurrentPrincipal() p: Principal, @Body() body: BackupSettingsDto): Promise<BackupSettingsDto> {
    return settingsDto(await this.backups.saveSettings({ userId: p.userId }, { keepLast: body.keep_last, dailyEnabled: body.daily_enabled, dailyHourUtc: body.daily_hour_utc }));
  }
}

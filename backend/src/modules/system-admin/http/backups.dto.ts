import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { BooleanText, WholeNumberText } from '../../../common/http/dto-rules.js';
import { BACKUP_MESSAGES, KEEP_LAST_MAX, KEEP_LAST_MIN } from '../domain/backup.js';

/** 1 to 100 of A-Z a-z 0-9 _ . -, not starting with a dot, never "..". */
const NAME = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_.-]{1,100}$/;

export class CreateBackupQueryDto {
  /** The backup's name (its folder under DATA_DIR/backups); default 'manual_backup_' + today's date (UTC), with _2, _3… when taken. */
  @IsOptional()
  @Matches(NAME, { message: BACKUP_MESSAGES.name })
  backup_name?: string;
}

export class BackupDto {
  name: string;
  /** Where the backup is on the server. */
  backup_path: string;
  size_bytes: number;
  created_at: string;
  @ApiProperty({ enum: ['manual', 'scheduled', 'pre_update'] })
  kind: 'manual' | 'scheduled' | 'pre_update';
  /** pending until the verification (a restore into a scratch database) has run. */
  @ApiProperty({ enum: ['pending', 'verified', 'failed'] })
  verify_status: 'pending' | 'verified' | 'failed';
  /** Why the backup is not verified, when it failed. */
  @ApiProperty({ type: String, nullable: true })
  verify_error: string | null;
  @ApiProperty({ type: String, nullable: true })
  verified_at: string | null;
}

export class BackupListDto {
  /** Newest first. */
  backups: BackupDto[];
}

export class BackupSettingsDto {
  /** How many backups to keep (the oldest beyond it are removed after each new one). */
  @WholeNumberText()
  @IsInt({ message: BACKUP_MESSAGES.keepLast })
  @Min(KEEP_LAST_MIN, { message: BACKUP_MESSAGES.keepLast })
  @Max(KEEP_LAST_MAX, { message: BACKUP_MESSAGES.keepLast })
  keep_last: number;

  /** Make a backup every day at daily_hour_utc. */
  @BooleanText()
  @IsBoolean({ message: BACKUP_MESSAGES.dailyEnabled })
  daily_enabled: boolean;

  /** The hour (UTC, 0-23) of the daily backup. */
  @WholeNumberText()
  @IsInt({ message: BACKUP_MESSAGES.dailyHour })
  @Min(0, { message: BACKUP_MESSAGES.dailyHour })
  @Max(23, { message: BACKUP_MESSAGES.dailyHour })
  daily_hour_utc: number;
}

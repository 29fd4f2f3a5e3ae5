import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Trimmed } from '../../../common/http/dto-rules.js';
import { EMERGENCY_ACTIONS, EMERGENCY_MESSAGES, REASON_MAX, type EmergencyAction } from '../domain/system-controls.js';

export class ServerMetricsDto {
  /** Share of all the host's cores busy (percent, 0..100) over the last 5-second sample window (before the first window: the 1-minute load average per core). */
  @ApiProperty({ minimum: 0, maximum: 100, example: 12.5 })
  cpu_usage: number;
  /** Share of the host's memory in use (percent, 0..100). */
  @ApiProperty({ minimum: 0, maximum: 100, example: 61.2 })
  memory_usage: number;
  /** Share of the data directory's file system in use (percent, 0..100). */
  @ApiProperty({ minimum: 0, maximum: 100, example: 40.3 })
  disk_usage: number;
}

export class ConnectionPoolDto {
  /** Connections of this server process's pool running a statement now. */
  @ApiProperty({ minimum: 0 })
  in_use: number;
  /** Open connections waiting for work. */
  @ApiProperty({ minimum: 0 })
  idle: number;
  /** The most connections the pool opens. */
  @ApiProperty({ minimum: 1 })
  size: number;
}

export class DatabaseMetricsDto {
  @ApiProperty({ type: ConnectionPoolDto })
  connection_pool: ConnectionPoolDto;
  /** A probe statement's round trip (ms). */
  @ApiProperty({ minimum: 0, example: 2 })
  query_performance: number;
  /** The database's size on disk (bytes). */
  @ApiProperty({ minimum: 0, example: 12345678 })
  storage_size: number;
}

export class CdnMetricsDto {
  /** Whether a CDN is configured. None can be today: false, and every figure null (not measured). */
  @ApiProperty()
  configured: boolean;
  /** Percent of requests answered from the CDN's cache; null: not measured. */
  @ApiProperty({ type: Number, nullable: true })
  cache_hit_rate: number | null;
  /** Bytes served by the CDN in the last 24 h; null: not measured. */
  @ApiProperty({ type: Number, nullable: true })
  bandwidth_usage: number | null;
  /** Mean latency at the CDN's edges (ms); null: not measured. */
  @ApiProperty({ type: Number, nullable: true })
  global_latency: number | null;
}

export class SecurityCheckDto {
  @ApiProperty({ enum: ['token_secret', 'at_rest_encryption', 'secrets_private', 'recent_backup', 'founder_set_up', 'https'], example: 'recent_backup' })
  name: string;
  @ApiProperty()
  passed: boolean;
  @ApiProperty({ example: 'The last backup was made 3 hours ago' })
  detail: string;
}

export class SecurityStatusDto {
  /** The share of the checks passed (percent, rounded). */
  @ApiProperty({ minimum: 0, maximum: 100, example: 83 })
  security_score: number;
  @ApiProperty({ type: [SecurityCheckDto] })
  checks: SecurityCheckDto[];
  /** Failed sign-ins of the last 24 h: users' and admins' (the sign-in throttle's pairs) and the founder's refusals. */
  @ApiProperty({ minimum: 0 })
  failed_login_attempts: number;
  /** Client addresses held back now: over their request budget, or by the sign-in throttle. */
  @ApiProperty({ minimum: 0 })
  blocked_ips: number;
}

export class PlatformHealthDto {
  @ApiProperty({ type: ServerMetricsDto })
  server_metrics: ServerMetricsDto;
  @ApiProperty({ type: DatabaseMetricsDto })
  database_metrics: DatabaseMetricsDto;
  @ApiProperty({ type: CdnMetricsDto })
  cdn_metrics: CdnMetricsDto;
  @ApiProperty({ type: SecurityStatusDto })
  security_status: SecurityStatusDto;
  @ApiProperty({ format: 'date-time' })
  measured_at: string;
}

/** The controls map: each control's name and its state (a boolean, or a text). */
export class SystemControlsDto {
  /** Whether the API answers 503 SYSTEM.MAINTENANCE to everyone but the admins and the founder. */
  @ApiProperty()
  maintenance_mode: boolean;
  /** The `uploads` feature flag is off (uploads answer 503 SYSTEM.FEATURE_DISABLED). */
  @ApiProperty()
  uploads_disabled: boolean;
  @ApiProperty()
  registration_enabled: boolean;
  @ApiProperty()
  live_enabled: boolean;
  @ApiProperty()
  reels_enabled: boolean;
  @ApiProperty()
  super_chat_enabled: boolean;
  @ApiProperty()
  gaming_enabled: boolean;
  /** 'never', or when the newest backup was made (ISO time). */
  @ApiProperty({ example: '2026-11-25T03:00:04.000Z' })
  last_backup: string;
  /** Whether a backup is being made now (in any server process). */
  @ApiProperty()
  backup_running: boolean;
  @ApiProperty()
  daily_backup_enabled: boolean;
}

export class EmergencyActionRequestDto {
  @ApiProperty({ enum: EMERGENCY_ACTIONS })
  @IsIn(EMERGENCY_ACTIONS, { message: EMERGENCY_MESSAGES.badAction })
  action: EmergencyAction;

  /** Why (kept in the audit log): 1 to 500 characters, without the spaces around it. */
  @ApiProperty({ minLength: 1, maxLength: REASON_MAX })
  @Trimmed()
  // class-validator reports the rules bottom-up: a reason that is not text is told it is required, not too long.
  @MaxLength(REASON_MAX, { message: EMERGENCY_MESSAGES.reasonTooLong })
  @MinLength(1, { message: EMERGENCY_MESSAGES.reasonRequired })
  @IsString({ message: EMERGENCY_MESSAGES.reasonRequired })
  reason: string;
}

export class EmergencyActionResponseDto {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ example: 'Emergency action executed: uploads are disabled' })
  message: string;
  @ApiProperty({ enum: EMERGENCY_ACTIONS })
  action: EmergencyAction;
  /** MAINTENANCE_MODE and DISABLE_UPLOADS: the switch is now on or off; FORCE_BACKUP: the backup started. */
  @ApiProperty({ enum: ['on', 'off', 'started'] })
  state: 'on' | 'off' | 'started';
  @ApiProperty({ type: SystemControlsDto })
  controls: SystemControlsDto;
}

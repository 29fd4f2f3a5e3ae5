import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { BooleanText } from '../../../common/http/dto-rules.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';

export class UpdateDto {
  version: string;
  description: string;
  features: string[];
  bug_fixes: string[];
  /** YYYY-MM-DD */
  release_date: string;
  size_mb: number;
}

export class UpdateCheckDto {
  /** The installed version (recorded in the database). */
  current_version: string;
  /** The version of the code running now: releases up to it can be installed. */
  build_version: string;
  /** Releases newer than the installed version that this build contains, oldest first. */
  updates: UpdateDto[];
}

export class ApplyUpdateQueryDto {
  /** Take a backup before anything changes (the console always asks for one); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: 'backup_first must be true or false' })
  backup_first?: boolean;
}

export class UpdateStepDto {
  name: string;
  @ApiProperty({ enum: ['ok', 'failed', 'skipped'] })
  status: 'ok' | 'failed' | 'skipped';
  detail: string;
  duration_ms: number;
}

export class UpdateResultDto {
  version: string;
  success: boolean;
  /** The log of the update, in order. */
  steps: UpdateStepDto[];
}

/** A 409 of an update: the error body; when the update ran and failed (code SYSTEM.UPDATE_FAILED), with its log. */
export class UpdateFailedDto extends ErrorResponseDto {
  /** What ran, the failed step and the rollback (only when the update failed). */
  @ApiProperty({ type: [UpdateStepDto], required: false })
  steps?: UpdateStepDto[];
}

import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { EmptyAsAbsent, Trimmed } from '../../../common/http/dto-rules.js';
import { FEATURE_FLAG_DESCRIPTION_MAX, FEATURE_FLAG_MESSAGES } from '../domain/feature-flag.js';

/** POST /api/system/features/{name}'s query: what to set; what is omitted stays as it is. */
export class SetFeatureFlagQueryDto {
  /** Switches the flag on or off; a new flag is enabled when omitted. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['true', 'false'], { message: FEATURE_FLAG_MESSAGES.enabled })
  enabled?: 'true' | 'false';

  /** At most 500 characters (spaces around it are dropped); a new flag has none when omitted. */
  @IsOptional()
  @Trimmed()
  @IsString({ message: FEATURE_FLAG_MESSAGES.descriptionTooLong })
  @MaxLength(FEATURE_FLAG_DESCRIPTION_MAX, { message: FEATURE_FLAG_MESSAGES.descriptionTooLong })
  description?: string;
}

/** One flag in the console's list (seed 000: enabled, description, created_by, created_at). */
export class FeatureFlagDto {
  enabled: boolean;
  description: string;
  /** The display name of the admin who created it; null for the built-in flags, and when that admin's account is gone (see built_in). */
  created_by: string | null;
  /** True for the flags the instance comes with (created by no admin); false for every flag an admin created, even one whose account is gone. */
  built_in: boolean;
  /** ISO 8601. */
  created_at: string;
}

/** The flag after POST /api/system/features/{name}. */
export class FeatureFlagResultDto extends FeatureFlagDto {
  name: string;
  /** True when this request created the flag. */
  created: boolean;
}

/** GET /api/system/features's body: the flags keyed by name (the body is the map itself, as the seed gives it). */
export const FEATURE_FLAG_MAP_SCHEMA = { type: 'object' as const, additionalProperties: { $ref: '#/components/schemas/FeatureFlagDto' } };
/** GET /api/features's body: each flag's name and whether it is on. */
export const PUBLIC_FEATURES_SCHEMA = { type: 'object' as const, additionalProperties: { type: 'boolean' as const } };

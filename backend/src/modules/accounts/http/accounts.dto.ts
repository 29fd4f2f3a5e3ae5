import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class PrivacySettingsDto {
  @ApiProperty({ enum: ['public', 'unlisted', 'private'] })
  @Allow()
  profile_visibility: 'public' | 'unlisted' | 'private';
  @ApiProperty({ enum: ['public', 'unlisted', 'private'] })
  @Allow()
  video_visibility: 'public' | 'unlisted' | 'private';
  @ApiProperty({ enum: ['everyone', 'subscribers', 'none'] })
  @Allow()
  comment_permissions: 'everyone' | 'subscribers' | 'none';
}

export class NotificationSettingsDto {
  @Allow() email_notifications: boolean;
  @Allow() push_notifications: boolean;
  @Allow() comment_notifications: boolean;
  @Allow() like_notifications: boolean;
}

export class AccountResponseDto {
  id: string;
  @ApiProperty({ enum: ['creator', 'brand', 'personal'] })
  account_type: 'creator' | 'brand' | 'personal';
  display_name: string;
  handle: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  /** URL of the square WebP photo, or null. */
  profile_photo_url: string | null;
  is_primary: boolean;
  is_active: boolean;
  created_at: string;
  privacy_settings: PrivacySettingsDto;
  notification_settings: NotificationSettingsDto;
}

export class AccountsResponseDto {
  accounts: AccountResponseDto[];
  active_account: AccountResponseDto;
}

/** Seed 000 §5: display name required after trimming; account_type defaults to creator; the rest optional. */
export class CreateAccountRequestDto {
  @ApiProperty({ enum: ['creator', 'brand', 'personal'], required: false, description: 'Defaults to creator.' })
  @Allow()
  account_type?: 'creator' | 'brand' | 'personal';
  @Allow() display_name: string;
  /** 3-30 of a-z 0-9 _ . ; derived from the display name when empty. */
  @Allow() handle?: string;
  @Allow() bio?: string;
  @Allow() location?: string;
  /** An http or https address. */
  @Allow() website?: string;
}

export class CreateAccountResponseDto {
  success: boolean;
  account: AccountResponseDto;
  message: string;
}

/** Every field optional; an empty string clears bio, location or website; settings merge key by key. */
export class UpdateAccountRequestDto {
  @Allow() display_name?: string;
  @Allow() handle?: string;
  @Allow() bio?: string;
  @Allow() location?: string;
  @Allow() website?: string;
  @Allow() privacy_settings?: PrivacySettingsDto;
  @Allow() notification_settings?: NotificationSettingsDto;
}

export class UpdateAccountResponseDto {
  success: boolean;
  account: AccountResponseDto;
}

export class SwitchAccountRequestDto {
  @Allow() account_id: string;
}

export class SwitchAccountResponseDto {
  success: boolean;
  active_account: AccountResponseDto;
  message: string;
}

export class UploadPhotoResponseDto {
  success: boolean;
  photo_url: string;
}

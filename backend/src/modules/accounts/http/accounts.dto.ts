import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Trimmed, lengthMessage } from '../../../common/http/dto-rules.js';
import { ACCOUNT_MESSAGES, ACCOUNT_TYPES, COMMENT_PERMISSIONS, LIMITS, VISIBILITIES } from '../domain/account-rules.js';

export class PrivacySettingsDto {
  @ApiProperty({ enum: ['public', 'unlisted', 'private'] })
  profile_visibility: 'public' | 'unlisted' | 'private';
  @ApiProperty({ enum: ['public', 'unlisted', 'private'] })
  video_visibility: 'public' | 'unlisted' | 'private';
  @ApiProperty({ enum: ['everyone', 'subscribers', 'none'] })
  comment_permissions: 'everyone' | 'subscribers' | 'none';
}

export class NotificationSettingsDto {
  email_notifications: boolean;
  push_notifications: boolean;
  comment_notifications: boolean;
  like_notifications: boolean;
}

/** The privacy settings to change; the others keep their value. */
export class PrivacySettingsUpdateDto {
  @IsOptional()
  @IsIn(VISIBILITIES, { message: ACCOUNT_MESSAGES.visibility('Profile visibility') })
  profile_visibility?: 'public' | 'unlisted' | 'private';
  @IsOptional()
  @IsIn(VISIBILITIES, { message: ACCOUNT_MESSAGES.visibility('Video visibility') })
  video_visibility?: 'public' | 'unlisted' | 'private';
  @IsOptional()
  @IsIn(COMMENT_PERMISSIONS, { message: ACCOUNT_MESSAGES.comments })
  comment_permissions?: 'everyone' | 'subscribers' | 'none';
}

/** The notification settings to change; the others keep their value. */
export class NotificationSettingsUpdateDto {
  @IsOptional()
  @IsBoolean({ message: ACCOUNT_MESSAGES.notification('email_notifications') })
  email_notifications?: boolean;
  @IsOptional()
  @IsBoolean({ message: ACCOUNT_MESSAGES.notification('push_notifications') })
  push_notifications?: boolean;
  @IsOptional()
  @IsBoolean({ message: ACCOUNT_MESSAGES.notification('comment_notifications') })
  comment_notifications?: boolean;
  @IsOptional()
  @IsBoolean({ message: ACCOUNT_MESSAGES.notification('like_notifications') })
  like_notifications?: boolean;
}

/** A link a channel shows on its page. */
export class ChannelLinkDto {
  label: string;
  /** An http or https address. */
  url: string;
}

/** No control characters (NUL included). */
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
/** http or https, a host without a user name or password, no spaces or control characters. */
const LINK_URL = /^https?:\/\/[^\s\u0000-\u001f\u007f/?#@\\]+([/?#][^\s\u0000-\u001f\u007f]*)?$/i;

/** One link as the owner sets it: a label and an http or https address, spaces around each dropped. */
export class ChannelLinkInputDto {
  /** 1 to 40 characters. */
  @Trimmed()
  @IsString({ message: ACCOUNT_MESSAGES.linkLabelRequired })
  @Length(1, LIMITS.linkLabel, { message: lengthMessage(ACCOUNT_MESSAGES.linkLabelRequired, ACCOUNT_MESSAGES.linkLabelTooLong) })
  @Matches(NO_CONTROL, { message: ACCOUNT_MESSAGES.linkLabelRequired })
  label: string;
  /** An http or https address of at most 500 characters (no user name or password in it). */
  @Trimmed()
  @IsString({ message: ACCOUNT_MESSAGES.linkUrl })
  @MaxLength(LIMITS.linkUrl, { message: ACCOUNT_MESSAGES.linkUrlTooLong })
  @Matches(LINK_URL, { message: ACCOUNT_MESSAGES.linkUrl })
  url: string;
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
  /** URL of the wide WebP banner (2048×512), or null. */
  banner_url: string | null;
  /** URL of the banner's phone-sized copy (1024×256), or null. */
  banner_small_url: string | null;
  /** The links the channel shows, in order (at most 5). */
  links: ChannelLinkDto[];
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
  @IsOptional()
  @IsIn(ACCOUNT_TYPES, { message: ACCOUNT_MESSAGES.accountType })
  account_type?: 'creator' | 'brand' | 'personal';
  /** Required; spaces around it are dropped. */
  @Trimmed()
  @Length(1, LIMITS.displayName, { message: lengthMessage(ACCOUNT_MESSAGES.displayNameRequired, ACCOUNT_MESSAGES.displayNameTooLong) })
  display_name: string;
  /** 3-30 of a-z 0-9 _ . (an @ in front and capitals are accepted and dropped); derived from the display name when empty. */
  @IsOptional()
  @Trimmed()
  @Matches(/^(@?[A-Za-z0-9_.]{3,30})?$/, { message: ACCOUNT_MESSAGES.handle })
  handle?: string;
  @IsOptional()
  @Trimmed()
  @MaxLength(LIMITS.bio, { message: ACCOUNT_MESSAGES.bio })
  bio?: string;
  @IsOptional()
  @Trimmed()
  @MaxLength(LIMITS.location, { message: ACCOUNT_MESSAGES.location })
  location?: string;
  /** An http or https address. */
  @IsOptional()
  @Trimmed()
  @Matches(/^(https?:\/\/[^\s/?#]+\S*)?$/i, { message: ACCOUNT_MESSAGES.website })
  @MaxLength(LIMITS.website, { message: ACCOUNT_MESSAGES.website })
  website?: string;
}

export class CreateAccountResponseDto {
  success: boolean;
  account: AccountResponseDto;
  message: string;
}

/** Every field optional; an empty string (or null) clears bio, location or website; settings merge key by key. */
export class UpdateAccountRequestDto {
  /** Not blank; spaces around it are dropped. */
  @IsOptional()
  @Trimmed()
  @Length(1, LIMITS.displayName, { message: lengthMessage(ACCOUNT_MESSAGES.displayNameRequired, ACCOUNT_MESSAGES.displayNameTooLong) })
  display_name?: string;
  /** 3-30 of a-z 0-9 _ . (an @ in front and capitals are accepted and dropped); empty keeps the handle. */
  @IsOptional()
  @Trimmed()
  @Matches(/^(@?[A-Za-z0-9_.]{3,30})?$/, { message: ACCOUNT_MESSAGES.handle })
  handle?: string;
  @IsOptional()
  @Trimmed()
  @MaxLength(LIMITS.bio, { message: ACCOUNT_MESSAGES.bio })
  bio?: string;
  @IsOptional()
  @Trimmed()
  @MaxLength(LIMITS.location, { message: ACCOUNT_MESSAGES.location })
  location?: string;
  /** An http or https address. */
  @IsOptional()
  @Trimmed()
  @Matches(/^(https?:\/\/[^\s/?#]+\S*)?$/i, { message: ACCOUNT_MESSAGES.website })
  @MaxLength(LIMITS.website, { message: ACCOUNT_MESSAGES.website })
  website?: string;
  @ApiProperty({ type: [ChannelLinkInputDto], maxItems: LIMITS.links, required: false, description: "The channel's links, replacing the current ones: at most 5; [] removes them all." })
  @IsOptional()
  @IsArray({ message: ACCOUNT_MESSAGES.linkShape })
  @ArrayMaxSize(LIMITS.links, { message: ACCOUNT_MESSAGES.links })
  @ValidateNested({ each: true, message: ACCOUNT_MESSAGES.linkShape })
  @Type(() => ChannelLinkInputDto)
  links?: ChannelLinkInputDto[];
  @IsOptional()
  @IsObject({ message: ACCOUNT_MESSAGES.visibility('Profile visibility') })
  @ValidateNested({ message: ACCOUNT_MESSAGES.visibility('Profile visibility') })
  @Type(() => PrivacySettingsUpdateDto)
  privacy_settings?: PrivacySettingsUpdateDto;
  @IsOptional()
  @IsObject({ message: ACCOUNT_MESSAGES.notification('Notification settings') })
  @ValidateNested({ message: ACCOUNT_MESSAGES.notification('Notification settings') })
  @Type(() => NotificationSettingsUpdateDto)
  notification_settings?: NotificationSettingsUpdateDto;
}

export class UpdateAccountResponseDto {
  success: boolean;
  account: AccountResponseDto;
}

export class SwitchAccountRequestDto {
  /** One of your accounts; any other value (another user's account, a deleted one, not an id) is a 404. */
  @ApiProperty({ format: 'uuid' })
  @Allow()
  account_id: string;
}

export class SwitchAccountResponseDto {
  success: boolean;
  active_account: AccountResponseDto;
  message: string;
}

/** The profile photo form: the image and, optionally, which of your accounts it is for (fields before or after the file). */
export class ProfilePhotoFormDto {
  /** JPG, PNG, GIF or WebP (judged by its bytes), at most 10485760 bytes. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;
  /** One of your accounts (by default the active one); any other value is a 404. */
  @ApiProperty({ format: 'uuid', required: false })
  @Allow()
  account_id?: string;
}

/** The banner form: the image, field `file`. */
export class BannerFormDto {
  /** JPG, PNG, GIF or WebP (judged by its bytes), at most 10485760 bytes, at least 640×160 pixels, at most 16384 on a side and 40 megapixels. */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;
}

export class UploadPhotoResponseDto {
  success: boolean;
  photo_url: string;
}

/** A channel's page (GET /api/channels/{handle}): the account, its owner's follows and what the viewer may see of it. */
export class ChannelDto {
  /** The account's id (the id membership routes take as channelId). */
  id: string;
  /** The user who owns the channel (whom a Follow button follows). */
  user_id: string;
  handle: string;
  display_name: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  /** URL of the square WebP profile photo, or null. */
  avatar_url: string | null;
  /** URL of the wide WebP banner (2048×512), or null (the page shows a colour band). */
  banner_url: string | null;
  /** URL of the banner's phone-sized copy (1024×256), or null. */
  banner_small_url: string | null;
  /** The links the channel shows, in order. */
  links: ChannelLinkDto[];
  @ApiProperty({ enum: ['creator', 'brand', 'personal'] })
  account_type: 'creator' | 'brand' | 'personal';
  created_at: string;
  /** People following the owning user (listed users only, as on user cards). */
  follower_count: number;
  /** People the owning user follows (listed users only). */
  following_count: number;
  /** Videos the caller may see: ready public ones, or every one of their own in any state. */
  video_count: number;
  /** Reels the caller may see, counted the same way. */
  reel_count: number;
  /** Views of the ready videos and reels counted above (for others: the public ready ones). */
  total_views: number;
  /** Whether the signed-in caller follows the owning user (false for visitors and the owner). */
  is_following: boolean;
  /** Whether the caller owns the channel. */
  is_own: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** The logo form: one image in the field `logo_file`. */
export class UploadLogoFormDto {
  /** PNG, JPEG, GIF or WebP (judged by its bytes, whatever its name says), at most 5242880 bytes (5 MB). */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  logo_file: unknown;
}

export class LogoIconDto {
  @ApiProperty({ example: 192 })
  size: number;
  @ApiProperty({ enum: ['any', 'maskable'] })
  purpose: 'any' | 'maskable';
  /** Versioned: a new logo gives new URLs; each is cached for ever. */
  @ApiProperty({ example: '/api/app/icons/c0123456789abcdef/icon-192.png' })
  url: string;
}

export class CurrentLogoDto {
  @ApiProperty()
  has_custom_logo: boolean;
  /** The uploaded logo (normalised to PNG, at most 1024 px); null with the default text logo. */
  @ApiProperty({ type: String, nullable: true })
  logo_path: string | null;
  @ApiProperty({ example: 'Default text logo in use' })
  message: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updated_at: string | null;
  /** The app icons: "any" at 72, 96, 128, 144, 152, 192, 384, 512 and 1024 px, maskable at 192 and 512 px. */
  @ApiProperty({ type: [LogoIconDto] })
  icons: LogoIconDto[];
}

export class LogoChangedResponseDto {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ example: 'Logo updated and app icons regenerated' })
  message: string;
  @ApiProperty({ type: CurrentLogoDto })
  logo: CurrentLogoDto;
}

export class AppBrandingDto {
  /** The instance's name (INSTANCE_NAME). */
  @ApiProperty({ example: 'Scriven' })
  name: string;
  @ApiProperty()
  has_custom_logo: boolean;
  /** The uploaded logo for the header; null: the default mark and the name. */
  @ApiProperty({ type: String, nullable: true })
  logo_url: string | null;
  /** The current icon set's version (part of every icon URL). */
  @ApiProperty({ example: 'd0123456789abcdef' })
  icon_version: string;
  /** A 32 px PNG. */
  @ApiProperty({ example: '/api/app/icons/d0123456789abcdef/favicon-32.png' })
  favicon_url: string;
  /** A 180 px PNG on a solid colour (iOS home screens). Always sent by this server. */
  @ApiProperty({ example: '/api/app/icons/d0123456789abcdef/apple-touch-icon.png', required: false })
  apple_touch_icon_url?: string;
  /** The app's colour (the manifest's theme_color). Always sent by this server. */
  @ApiProperty({ example: '#4c6ef5', required: false })
  theme_color?: string;
}

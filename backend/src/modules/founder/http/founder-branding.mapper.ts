import type { CurrentLogoView } from '../application/current-logo.query.js';
import type { AppBrandingView } from '../application/web-manifest.query.js';
import type { AppBrandingDto, CurrentLogoDto } from './founder-branding.dto.js';

export function currentLogoDto(v: CurrentLogoView): CurrentLogoDto {
  return {
    has_custom_logo: v.hasCustomLogo,
    logo_path: v.logoPath,
    message: v.message,
    updated_at: v.updatedAt?.toISOString() ?? null,
    icons: v.icons.map((i) => ({ size: i.size, purpose: i.purpose, url: i.url })),
  };
}

export function appBrandingDto(v: AppBrandingView): AppBrandingDto {
  return {
    name: v.name,
    has_custom_logo: v.hasCustomLogo,
    logo_url: v.logoUrl,
    icon_version: v.iconVersion,
    favicon_url: v.faviconUrl,
    apple_touch_icon_url: v.appleTouchIconUrl,
    theme_color: v.themeColor,
  };
}

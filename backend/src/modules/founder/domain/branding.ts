import { DomainError } from '../../../common/errors/domain-error.js';

/** A logo may be at most 5 MB (seed 001 §9). */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** Logos over 40 megapixels are refused before they are decoded (decompression bombs). */
export const MAX_LOGO_PIXELS = 40_000_000;
/** The square app icons ("any": the logo contained on transparent), product.md §11. */
export const ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512, 1024] as const;
/** The maskable icons: the logo inside the central 80 % (the safe zone) on a solid colour. */
export const MASKABLE_SIZES = [192, 512] as const;
export const FAVICON_SIZE = 32;
export const APPLE_TOUCH_SIZE = 180;
/** The colour of the app (the theme's primary colour) and of the page behind it. */
export const THEME_COLOR = '#4c6ef5';
export const BACKGROUND_COLOR = '#ffffff';

export const iconFile = (size: number) => `icon-${size}.png`;
export const maskableFile = (size: number) => `maskable-${size}.png`;
export const FAVICON_FILE = 'favicon-32.png';
export const APPLE_TOUCH_FILE = 'apple-touch-icon.png';
/** The uploaded logo itself, normalised (at most 1024 px on its longer side, PNG, no metadata): what the header shows. */
export const LOGO_FILE = 'logo.png';

/** Every file of one icon set; a custom set also has the logo itself. */
export function iconSetFiles(custom: boolean): string[] {
  return [...ICON_SIZES.map(iconFile), ...MASKABLE_SIZES.map(maskableFile), FAVICON_FILE, APPLE_TOUCH_FILE, ...(custom ? [LOGO_FILE] : [])];
}

/** A version names one icon set for ever: `c` + the logo's content hash, or `d` + the default set's hash. */
export const VERSION_RE = /^[cd][0-9a-f]{16}$/;
export const FILE_RE = /^(icon-\d{2,4}|maskable-\d{3}|favicon-32|apple-touch-icon|logo)\.png$/;

/** The logo in use: an uploaded one (its icon set version and particulars), or none (the default text logo). */
export interface CustomLogo {
  version: string;
  /** The colour behind the maskable icons (#rrggbb). */
  background: string;
  width: number;
  height: number;
  bytes: number;
  updatedAt: Date;
}

export const NOT_AN_IMAGE = 'Please select an image file';
export const LOGO_TOO_LARGE = 'Image must be smaller than 5MB';
export const LOGO_UPDATED = 'Logo updated and app icons regenerated';
export const LOGO_RESET = 'Logo reset to default text logo';

export const NotAnImageFile = () => new DomainError('invalid', 'BRANDING.NOT_AN_IMAGE', NOT_AN_IMAGE);
export const LogoTooLarge = () => new DomainError('too_large', 'BRANDING.LOGO_TOO_LARGE', LOGO_TOO_LARGE);
export const LogoTooManyPixels = () => new DomainError('invalid', 'BRANDING.LOGO_TOO_MANY_PIXELS', 'The image has too many pixels: use one of at most 40 megapixels');
export const LogoUnreadable = () => new DomainError('invalid', 'BRANDING.LOGO_UNREADABLE', 'The image is damaged or cannot be read: try another file');
export const LogoFormInvalid = () => new DomainError('invalid', 'BRANDING.LOGO_FORM', 'Send one image, in the field logo_file, per request');
export const IconNotFound = () => new DomainError('not_found', 'BRANDING.ICON_NOT_FOUND', 'No such icon');

/** The ports of the branding part (implemented in infrastructure/). */
export interface BrandingRepository {
  current(): Promise<CustomLogo | null>;
  /**
   * Makes `logo` the current one (null: the default), in one transaction with `alsoInTransaction` (which writes the
   * new icon set), under the branding lock every process takes: no prune runs between a set's writing and its switch.
   */
  switchTo(logo: CustomLogo | null, alsoInTransaction: () => Promise<void>): Promise<void>;
  /** Runs `work` with the current logo, under the same lock: the current logo cannot change meanwhile. */
  withCurrent(work: (current: CustomLogo | null) => Promise<void>): Promise<void>;
}

export interface RenderedIcons {
  files: Map<string, Buffer>;
  background: string;
  width: number;
  height: number;
}

export interface IconRenderer {
  /** The icon set of an uploaded image (a file path); refuses what is not a decodable image or is too large in pixels. */
  renderLogo(path: string): Promise<RenderedIcons>;
  /** The default icon set (the built-in mark). */
  renderDefault(): Promise<RenderedIcons>;
  /** A hash of what renderDefault draws (changes when the mark or the renderer does). */
  defaultFingerprint(): string;
  /** A hash of the icons an uploaded logo makes (its content hash with the renderer's revision). */
  logoFingerprint(contentHash: string): string;
}

export interface IconStore {
  has(version: string): Promise<boolean>;
  /** Writes a whole set under version: staged, then moved into place at once (a reader never sees half a set). */
  put(version: string, files: Map<string, Buffer>): Promise<void>;
  /** A file's path on disk and its size, or null. */
  locate(version: string, file: string): Promise<{ path: string; size: number } | null>;
  /** Removes every set but those kept (old versions, staging left by a crash). */
  prune(keep: string[]): Promise<void>;
}

export const BRANDING_REPOSITORY = Symbol('BrandingRepository');
export const ICON_RENDERER = Symbol('IconRenderer');
export const ICON_STORE = Symbol('IconStore');

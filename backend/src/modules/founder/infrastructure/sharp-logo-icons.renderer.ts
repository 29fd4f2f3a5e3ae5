import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import {
  APPLE_TOUCH_FILE,
  APPLE_TOUCH_SIZE,
  BACKGROUND_COLOR,
  FAVICON_FILE,
  FAVICON_SIZE,
  ICON_SIZES,
  iconFile,
  LOGO_FILE,
  LogoTooManyPixels,
  LogoUnreadable,
  MASKABLE_SIZES,
  maskableFile,
  MAX_LOGO_PIXELS,
  THEME_COLOR,
  type IconRenderer,
  type RenderedIcons,
} from '../domain/branding.js';

/** Bumped when the icons drawn from the same logo change (sizes, padding, colours): new versions, new URLs. */
const RENDERER_REVISION = '1';
/** The share of a maskable icon the logo may use: the safe zone is the central circle of 80 % of its width. */
const SAFE_ZONE = 0.8;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** The built-in mark (frontend/public/favicon.svg: a rounded screen with a play triangle), in `color`. */
function markSvg(size: number, color: string, background: string | null, scale: number): string {
  const inner = 24 / scale;
  const offset = (inner - 24) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-offset} ${-offset} ${inner} ${inner}">` +
    (background ? `<rect x="${-offset}" y="${-offset}" width="${inner}" height="${inner}" fill="${background}"/>` : '') +
    `<g fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">` +
    `<rect x="3" y="5" width="18" height="14" rx="3"/><path d="m10 9 5 3-5 3z" fill="${color}"/></g></svg>`
  );
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * The app's icons drawn with sharp (libvips). An uploaded logo is decoded once (EXIF orientation applied, metadata
 * dropped, at most 1024 px), then: "any" icons with the logo contained on transparent, maskable ones with the logo in
 * the safe zone on a solid colour (the logo's edge colour when its edges are opaque, else white), the favicon and the
 * apple-touch icon. Images over 40 megapixels are refused before decoding; damaged ones fail.
 */
@Injectable()
export class SharpLogoIconsRenderer implements IconRenderer {
  async renderLogo(path: string): Promise<RenderedIcons> {
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(path, { limitInputPixels: false, pages: 1 }).metadata();
    } catch {
      throw LogoUnreadable();
    }
    if (!meta.width || !meta.height) throw LogoUnreadable();
    if (meta.width * meta.height > MAX_LOGO_PIXELS) throw LogoTooManyPixels();
    let base: Buffer;
    try {
      base = await sharp(path, { failOn: 'truncated', limitInputPixels: MAX_LOGO_PIXELS, pages: 1 })
        .rotate()
        .ensureAlpha()
        .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch {
      throw LogoUnreadable();
    }
    const { width, height } = await sharp(base).metadata();
    const background = await edgeColour(base);
    const files = await this.iconSet(base, background);
    files.set(LOGO_FILE, base);
    return { files, background, width: width ?? 0, height: height ?? 0 };
  }

  async renderDefault(): Promise<RenderedIcons> {
    const files = new Map<string, Buffer>();
    const draw = (size: number, color: string, background: string | null, scale: number) => {
      const image = sharp(Buffer.from(markSvg(size, color, background, scale)));
      return (background ? image.flatten({ background }) : image).png().toBuffer();
    };
    for (const size of ICON_SIZES) files.set(iconFile(size), await draw(size, THEME_COLOR, null, 1));
    for (const size of MASKABLE_SIZES) files.set(maskableFile(size), await draw(size, '#ffffff', THEME_COLOR, SAFE_ZONE));
    files.set(FAVICON_FILE, await draw(FAVICON_SIZE, THEME_COLOR, null, 1));
    files.set(APPLE_TOUCH_FILE, await draw(APPLE_TOUCH_SIZE, '#ffffff', THEME_COLOR, 0.9));
    return { files, background: THEME_COLOR, width: 1024, height: 1024 };
  }

  defaultFingerprint(): string {
    return createHash('sha256').update(`${RENDERER_REVISION}|${markSvg(1, THEME_COLOR, THEME_COLOR, SAFE_ZONE)}`).digest('hex').slice(0, 16);
  }

  /** A fingerprint of the icons an uploaded logo's bytes make (their hash, with the renderer's revision). */
  logoFingerprint(contentHash: string): string {
    return createHash('sha256').update(`${RENDERER_REVISION}|${contentHash}`).digest('hex').slice(0, 16);
  }

  private async iconSet(base: Buffer, background: string): Promise<Map<string, Buffer>> {
    const files = new Map<string, Buffer>();
    const contained = (size: number) => sharp(base).resize(size, size, { fit: 'contain', background: TRANSPARENT }).png().toBuffer();
    for (const size of ICON_SIZES) files.set(iconFile(size), await contained(size));
    files.set(FAVICON_FILE, await contained(FAVICON_SIZE));
    const onBackground = async (size: number, share: number) => {
      const inner = Math.round(size * share);
      const before = Math.floor((size - inner) / 2);
      const after = size - inner - before;
      return sharp(await sharp(base).resize(inner, inner, { fit: 'contain', background: TRANSPARENT }).png().toBuffer())
        .extend({ top: before, bottom: after, left: before, right: after, background })
        .flatten({ background })
        .png()
        .toBuffer();
    };
    for (const size of MASKABLE_SIZES) files.set(maskableFile(size), await onBackground(size, SAFE_ZONE));
    files.set(APPLE_TOUCH_FILE, await onBackground(APPLE_TOUCH_SIZE, 0.9));
    return files;
  }
}

/** The mean colour of the logo's border when it is mostly opaque (a logo on a coloured square), else white. */
async function edgeColour(png: Buffer): Promise<string> {
  const n = 32;
  const { data } = await sharp(png).resize(n, n, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let r = 0;
  let g = 0;
  let b = 0;
  let opaque = 0;
  let total = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (x !== 0 && y !== 0 && x !== n - 1 && y !== n - 1) continue;
      const i = (y * n + x) * 4;
      total++;
      if (data[i + 3]! < 200) continue;
      opaque++;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
    }
  }
  if (opaque < total * 0.75) return BACKGROUND_COLOR;
  return `#${hex(r / opaque)}${hex(g / opaque)}${hex(b / opaque)}`;
}

import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { ImageProcessor } from '../domain/ports.js';

/** Images over 40 megapixels are refused (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** libvips through sharp. Truncated or corrupt input fails; images over 40 megapixels are refused (decompression bombs). */
@Injectable()
export class SharpImageProcessor implements ImageProcessor {
  async toSquareWebp(path: string, size: number): Promise<Buffer> {
    return sharp(path, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(); // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are gone
  }

  async dimensions(path: string): Promise<{ width: number; height: number }> {
    // Reads the header only (no decoding), so a huge image is measured without being unpacked.
    const meta = await sharp(path, { limitInputPixels: false, pages: 1 }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    const turned = (meta.orientation ?? 1) >= 5; // orientations 5-8 swap width and height
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  }

  async toCoverWebp(path: string, sizes: readonly { width: number; height: number }[]): Promise<Buffer[]> {
    // One pipeline per size, each read from the file: libvips streams and shrinks on load, so no full-size copy is held.
    const out: Buffer[] = [];
    for (const { width, height } of sizes) {
      out.push(
        await sharp(path, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
          .rotate()
          .resize(width, height, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer(),
      );
    }
    return out;
  }
}

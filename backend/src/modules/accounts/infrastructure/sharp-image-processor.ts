import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { ImageProcessor } from '../domain/ports.js';

/** libvips through sharp. Truncated or corrupt input fails; images over 40 megapixels are refused (decompression bombs). */
@Injectable()
export class SharpImageProcessor implements ImageProcessor {
  async toSquareWebp(path: string, size: number): Promise<Buffer> {
    return sharp(path, { failOn: 'truncated', limitInputPixels: 40_000_000, pages: 1 })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(); // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are gone
  }
}

import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sniffImage } from '../../../common/storage/sniff.js';
import { NotAnImage, PhotoTooLarge } from '../domain/accounts.errors.js';

/** Profile photos and banners: at most 10 MB each (seed 000 §5). */
export const MAX_IMAGE_BYTES = 10_485_760;

class Refused extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/** Counts bytes and checks the first ones: refuses at once a non-image or a file over the limit. */
class ImageGate extends Transform {
  private bytes = 0;
  private head = Buffer.alloc(0);
  private checked = false;

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > MAX_IMAGE_BYTES) return done(new Refused(PhotoTooLarge()));
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 16);
      if (this.head.length >= 12) {
        this.checked = true;
        if (!sniffImage(this.head)) return done(new Refused(NotAnImage()));
      }
    }
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.bytes === 0 || (!this.checked && !sniffImage(this.head))) return done(new Refused(NotAnImage()));
    done();
  }
}

/**
 * Streams an uploaded image to a temporary file under `dataDir`/tmp (never whole in memory), checking that it is a JPG,
 * PNG, GIF or WebP by its bytes and at most 10 MB. Returns the file's path; a refused or broken upload leaves nothing.
 */
export async function receiveImage(file: Readable, dataDir: string): Promise<string> {
  const tmpDir = join(dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const temp = join(tmpDir, `${randomUUID()}.upload`);
  try {
    await pipeline(file, new ImageGate(), createWriteStream(temp));
    return temp;
  } catch (e) {
    file.resume();
    await rm(temp, { force: true });
    if (e instanceof Refused) throw e.reason;
    if ((e as { code?: string; kind?: string }).code === 'HTTP.FORM_LIMIT' && (e as { kind?: string }).kind === 'too_large') throw PhotoTooLarge();
    throw e;
  }
}

export async function discardImage(temp: string): Promise<void> {
  await rm(temp, { force: true });
}

import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffImage } from '../../../common/storage/sniff.js';
import { LogoTooLarge, MAX_LOGO_BYTES, NotAnImageFile } from '../domain/branding.js';

class Refused extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/** Counts and hashes the bytes and checks the first ones: refuses at once a non-image or a file over 5 MB. */
class LogoGate extends Transform {
  bytes = 0;
  readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private checked = false;

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > MAX_LOGO_BYTES) return done(new Refused(LogoTooLarge()));
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 16);
      if (this.head.length >= 12) {
        this.checked = true;
        if (!sniffImage(this.head)) return done(new Refused(NotAnImageFile()));
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.bytes === 0 || (!this.checked && !sniffImage(this.head))) return done(new Refused(NotAnImageFile()));
    done();
  }
}

export interface ReceivedLogo {
  path: string;
  bytes: number;
  /** sha256 of the bytes, hex. */
  sha256: string;
}

/**
 * Streams an uploaded logo to a temporary file under `dataDir`/tmp (never whole in memory), checking by its bytes that
 * it is a PNG, JPEG, GIF or WebP of at most 5 MB, whatever its name and type say. A refused upload leaves nothing.
 */
export async function receiveLogo(file: Readable, dataDir: string): Promise<ReceivedLogo> {
  const tmpDir = join(dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.logo`);
  const gate = new LogoGate();
  try {
    await pipeline(file, gate, createWriteStream(path));
    return { path, bytes: gate.bytes, sha256: gate.hash.digest('hex') };
  } catch (e) {
    file.resume();
    await rm(path, { force: true });
    if (e instanceof Refused) throw e.reason;
    if ((e as { code?: string }).code === 'HTTP.FORM_LIMIT' && (e as { kind?: string }).kind === 'too_large') throw LogoTooLarge();
    throw e;
  }
}

export async function discardLogo(path: string): Promise<void> {
  await rm(path, { force: true });
}

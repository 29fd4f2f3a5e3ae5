import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface IntakeLimits {
  maxBytes: number;
  /** Inspects the first bytes (up to 64); returns a label for accepted files or null to refuse. */
  accept: (head: Buffer) => string | null;
  tooLarge: () => Error;
  refused: () => Error;
  empty: () => Error;
}

export interface ReceivedFile {
  path: string;
  size: number;
  label: string;
}

class Refusal extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/** Counts bytes, refuses over the limit at once, and judges the file by its first bytes as soon as it has them. */
class Gate extends Transform {
  bytes = 0;
  label: string | null = null;
  private head = Buffer.alloc(0);

  constructor(private readonly limits: IntakeLimits) {
    super();
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) return done(new Refusal(this.limits.tooLarge()));
    if (this.label === null && this.head.length < 64) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, 64);
      if (this.head.length >= 64) {
        this.label = this.limits.accept(this.head);
        if (this.label === null) return done(new Refusal(this.limits.refused()));
      }
    }
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(new Refusal(this.limits.empty()));
    if (this.label === null) {
      this.label = this.limits.accept(this.head);
      if (this.label === null) return done(new Refusal(this.limits.refused()));
    }
    done();
  }
}

/**
 * Streams an upload to a temporary file under tmpDir (never whole in memory). A refused, oversized, empty or broken
 * upload leaves nothing behind; otherwise the caller owns the file (adopt it into storage, or remove it).
 */
export async function receiveUpload(file: Readable, tmpDir: string, limits: IntakeLimits): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.upload`);
  const gate = new Gate(limits);
  try {
    await pipeline(file, gate, createWriteStream(path));
    return { path, size: gate.bytes, label: gate.label! };
  } catch (e) {
    file.resume();
    await rm(path, { force: true });
    if (e instanceof Refusal) throw e.reason;
    // A multipart file past its route's size limit (common/http/multipart.ts).
    if ((e as { code?: string; kind?: string }).code === 'HTTP.FORM_LIMIT' && (e as { kind?: string }).kind === 'too_large') throw limits.tooLarge();
    throw e;
  }
}

import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modified: Date;
}

/**
 * Where media lives. Keys are made by the server (never from client file names): `<area>/<uuid>.<ext>`.
 * Adapters: local disk under the data directory (default); an S3-compatible one later.
 */
export interface Storage {
  /** Writes the whole stream under key, atomically: readers see the old object or the complete new one. */
  write(key: string, data: Readable | Buffer): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
}

export const STORAGE = Symbol('Storage');

const KEY_RE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function assertValidKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

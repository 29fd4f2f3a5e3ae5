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
  /**
   * A small range read at once into memory (players' 1 MiB requests), where the adapter can do it cheaper than a
   * stream; `modified` is the stat the caller made, so a replaced object is never read through an old handle.
   */
  readRange?(key: string, range: { start: number; end: number }, modified: Date, into?: Buffer): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Moves a finished local file (under the data directory's tmp) into storage under key, without copying. */
  adopt(key: string, localPath: string): Promise<StoredObject>;
  /**
   * Puts a finished local file under key and leaves it where it is (a hard link where possible: no copy), replacing
   * whatever the key held. For a caller that must keep its file until its own transaction has committed.
   */
  link(key: string, localPath: string): Promise<StoredObject>;
  /** A local file holding the object (for ffmpeg); release() when done (a no-op for the local disk). */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Deletes every object whose key starts with prefix (a folder such as `hls/<id>/`). */
  deletePrefix(prefix: string): Promise<void>;
}

export const STORAGE = Symbol('Storage');

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY_RES = [
  // a single object: <area>/<uuid>.<ext>
  new RegExp(`^[a-z0-9-]+(\\/[a-z0-9-]+)*\\/${UUID}\\.[a-z0-9]{2,5}$`),
  // an HLS tree: hls/<media uuid>/master.m3u8, hls/<media uuid>/<height>p/index.m3u8 or seg_00001.ts; and a music
  // track's web rendition hls/<media uuid>/audio.m4a (removed with the tree)
  new RegExp(`^hls\\/${UUID}\\/(master\\.m3u8|audio\\.m4a|\\d{2,4}p\\/(index\\.m3u8|seg_\\d{5}\\.ts))$`),
];
const PREFIX_RE = new RegExp(`^hls\\/${UUID}\\/$`);

export function assertValidKey(key: string): void {
  if (!KEY_RES.some((re) => re.test(key))) throw new Error(`Invalid storage key: ${key}`);
}

export function assertValidPrefix(prefix: string): void {
  if (!PREFIX_RE.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
}

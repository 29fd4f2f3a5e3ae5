import type { Readable } from 'node:stream';
import type { UploadSession } from './upload-session.js';

export interface SessionRepository {
  find(id: string): Promise<UploadSession | null>;
  add(session: UploadSession): void;
  activeOf(userId: string): Promise<number>;
  /** Bytes still to arrive for the user's active sessions. */
  outstandingBytesOf(userId: string): Promise<number>;
  /** Marks a chunk received (atomically); returns the new count, or null when the session is no longer active. */
  markReceived(id: string, index: number): Promise<number | null>;
  /** Forgets a chunk before it is written again, so a half-written repeat is never counted. */
  clearReceived(id: string, index: number): Promise<void>;
  setContainer(id: string, container: string): Promise<void>;
  /** Which of these sessions are active. */
  activeAmong(ids: string[]): Promise<Set<string>>;
  /** Active sessions idle since before `before`. */
  idleSince(before: Date, limit: number): Promise<UploadSession[]>;
}

export interface ChunkStore {
  path(id: string): string;
  /** Creates the (sparse) file of the whole upload. */
  create(id: string, size: number): Promise<void>;
  /**
   * Writes exactly `length` bytes from the stream at `offset` and flushes them to disk; returns the first bytes. Stops
   * writing at once when `signal` aborts (rejecting with its reason), leaving the stream to be answered.
   */
  writeAt(id: string, offset: number, length: number, data: Readable, signal?: AbortSignal): Promise<Buffer>;
  /** Flushes the whole file to the disk (before it is handed over). */
  sync(id: string): Promise<void>;
  /** Every upload file there is, by session id, with its last write. */
  files(): Promise<{ id: string; modified: Date }[]>;
  remove(id: string): Promise<void>;
  freeBytes(): Promise<number>;
}

export const SESSION_REPOSITORY = Symbol('SessionRepository');
export const CHUNK_STORE = Symbol('ChunkStore');
export const UPLOAD_UNIT_OF_WORK = Symbol('UploadUnitOfWork');

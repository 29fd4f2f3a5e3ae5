import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import type { LiveHlsFiles } from '../../domain/ports.js';
import { liveDir } from './live-dirs.js';
import { PLAYLIST } from './ll-hls-packager.js';

/** The longest a blocking playlist reload, or a request for a part still to come, is held. */
const HOLD_MS = 4_000;
/** Waiters look again this often in case a change notification was missed. */
const RECHECK_MS = 150;
/** Media files kept in memory per process (the most recently asked for), and the largest one kept. */
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_FILE_MAX = 8 * 1024 * 1024;

interface Watch {
  watcher: FSWatcher | null;
  waiters: Set<() => void>;
  timer: NodeJS.Timeout;
}

/** What a playlist holds: its highest segment number, that segment's parts, and whether it is complete. */
function progress(text: string): { msn: number; parts: number; complete: boolean } {
  let msn = -1;
  let parts = 0;
  let complete = false;
  for (const line of text.split('\n')) {
    let m = /URI="p(\d+)\.(\d+)\.m4s"/.exec(line);
    if (m && !line.startsWith('#EXT-X-PRELOAD-HINT')) {
      const n = Number(m[1]);
      if (n > msn) [msn, parts, complete] = [n, 0, false];
      if (n === msn) parts = Math.max(parts, Number(m[2]) + 1);
      continue;
    }
    m = /^s(\d+)\.m4s$/.exec(line.trim());
    if (m) {
      const n = Number(m[1]);
      if (n > msn) [msn, parts, complete] = [n, 0, true];
      else if (n === msn) complete = true;
    }
  }
  return { msn, parts, complete };
}

/**
 * Reads the LL-HLS files the ingest (in the jobs worker) writes under DATA_DIR/live/<id>/, in any process. Blocking
 * reloads wait for the playlist to change: one inotify watch per stream directory being waited on (shared by every
 * waiting request of this process), with a short re-check as a backstop. Media files never change once written (they
 * are renamed into place, and a name is never reused within a stream): every player of a stream asks for the same
 * files, so each is read from disk once per process (one read however many ask at once) and kept in memory a while.
 */
@Injectable()
export class DiskLiveHlsFiles implements LiveHlsFiles, OnApplicationShutdown {
  private readonly watches = new Map<string, Watch>();
  /** Media files read, the least recently asked for first. */
  private readonly cache = new Map<string, Buffer>();
  private cacheBytes = 0;
  /** Reads under way, shared by the requests that ask meanwhile. */
  private readonly reading = new Map<string, Promise<Buffer | null>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationShutdown(): void {
    for (const w of this.watches.values()) {
      w.watcher?.close();
      clearInterval(w.timer);
      for (const wake of w.waiters) wake();
    }
    this.watches.clear();
    this.cache.clear();
    this.cacheBytes = 0;
  }

  async playlist(streamId: string, want: { msn?: number; part?: number }): Promise<string | null> {
    const path = join(liveDir(this.config.dataDir, streamId), PLAYLIST);
    const read = () => readFile(path, 'utf8').catch(() => null);
    if (want.msn === undefined) return read();
    const { msn, part } = want;
    const has = (text: string) => {
      const p = progress(text);
      if (p.msn > msn) return true;
      if (p.msn < msn) return false;
      return p.complete || (part !== undefined && p.parts > part);
    };
    let text = await read();
    if (text !== null && !has(text)) text = await this.waitFor(streamId, async () => {
      const t = await read();
      return t !== null && has(t) ? t : null;
    }) ?? await read();
    return text;
  }

  async file(streamId: string, name: string): Promise<Buffer | null> {
    const path = join(liveDir(this.config.dataDir, streamId), name);
    const read = () => this.media(path);
    const now = await read();
    if (now || !/^p\d+\.\d+\.m4s$/.test(name)) return now;
    return this.waitFor(streamId, read);
  }

  /** A media file's bytes: from memory, or one disk read shared by everyone asking meanwhile; null while absent. */
  private media(path: string): Promise<Buffer | null> {
    const kept = this.cache.get(path);
    if (kept) {
      this.cache.delete(path);
      this.cache.set(path, kept);
      return Promise.resolve(kept);
    }
    let read = this.reading.get(path);
    if (!read) {
      read = readFile(path)
        .then((body) => {
          this.keep(path, body);
          return body;
        }, () => null)
        .finally(() => this.reading.delete(path));
      this.reading.set(path, read);
    }
    return read;
  }

  private keep(path: string, body: Buffer): void {
    if (body.length > CACHE_FILE_MAX || this.cache.has(path)) return;
    this.cache.set(path, body);
    this.cacheBytes += body.length;
    for (const [oldest, b] of this.cache) {
      if (this.cacheBytes <= CACHE_BYTES) break;
      this.cache.delete(oldest);
      this.cacheBytes -= b.length;
    }
  }

  /** Re-runs `check` whenever the stream's directory changes, until it answers or HOLD_MS pass (then null). */
  private waitFor<T>(streamId: string, check: () => Promise<T | null>): Promise<T | null> {
    const dir = liveDir(this.config.dataDir, streamId);
    return new Promise((resolve) => {
      const w = this.watchOf(dir);
      let busy = false;
      let again = false;
      let done = false;
      const finish = (v: T | null) => {
        if (done) return;
        done = true;
        clearTimeout(timeout);
        w.waiters.delete(wake);
        this.release(dir, w);
        resolve(v);
      };
      const wake = () => {
        if (done) return;
        if (busy) return void (again = true);
        busy = true;
        void check().then((v) => {
          busy = false;
          if (v !== null) return finish(v);
          if (this.closedWatch(w)) return finish(null);
          if (again) {
            again = false;
            wake();
          }
        }, () => finish(null));
      };
      const timeout = setTimeout(() => finish(null), HOLD_MS);
      w.waiters.add(wake);
      wake();
    });
  }

  private closedWatch(w: Watch): boolean {
    return ![...this.watches.values()].includes(w);
  }

  private watchOf(dir: string): Watch {
    let w = this.watches.get(dir);
    if (w) return w;
    const waiters = new Set<() => void>();
    const wakeAll = () => {
      for (const wake of [...waiters]) wake();
    };
    let watcher: FSWatcher | null = null;
    try {
      watcher = watch(dir, { persistent: false }, wakeAll);
      watcher.on('error', () => undefined);
    } catch {
      /* no directory yet: the re-check finds it */
    }
    const timer = setInterval(wakeAll, RECHECK_MS);
    timer.unref();
    w = { watcher, waiters, timer };
    this.watches.set(dir, w);
    return w;
  }

  private release(dir: string, w: Watch): void {
    if (w.waiters.size || this.watches.get(dir) !== w) return;
    w.watcher?.close();
    clearInterval(w.timer);
    this.watches.delete(dir);
  }
}

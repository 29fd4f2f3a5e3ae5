import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FragmentTrack } from './fmp4.js';

/** Low-latency HLS of one stream, written to its directory for every server process to serve (see LiveHlsFiles). */

export const PART_TARGET = 0.2;
/** A segment is cut on a keyframe once it is this long (x264's scenecut can put keyframes every 0.2 s). */
const MIN_SEGMENT = 0.95;
/**
 * A segment is cut at this length even without a keyframe (a publisher that sends too few keyframes), so that one
 * segment's bytes held in memory stay bounded; a player then starts at the next segment that begins with one.
 */
const MAX_SEGMENT = 6;
/** Segments listed in the playlist; files of older ones are kept a little longer for readers in flight. */
const WINDOW = 6;
const KEEP_EXTRA = 4;
/** Segments (the newest) whose parts are listed. */
const PARTS_OF_LAST = 3;

interface Part {
  dur: number;
  independent: boolean;
}

interface Segment {
  msn: number;
  init: number;
  discontinuity: boolean;
  pdt: number;
  dur: number;
  parts: Part[];
  data: Buffer[];
}

export const PLAYLIST = 'index.m3u8';
export const initName = (n: number) => `init-${n}.mp4`;
export const partName = (msn: number, i: number) => `p${msn}.${i}.m4s`;
export const segmentName = (msn: number) => `s${msn}.m4s`;

/**
 * Cuts ffmpeg's fragments (about 200 ms each) into LL-HLS parts and ~1 s segments (on keyframes), and writes the parts,
 * the whole segments, the init of each ingest session and the playlist (EXT-X-PART-INF, SERVER-CONTROL with blocking
 * reloads, PRELOAD-HINT, PROGRAM-DATE-TIME) atomically, in order: a file is there before the playlist names it. A new
 * ingest session (the publisher came back) continues the media sequence after EXT-X-DISCONTINUITY with its own init.
 * After a restart of the process it continues after the numbers it finds on disk.
 */
export class LlHlsPackager {
  private segments: Segment[] = [];
  /** Segments out of the playlist whose files are still there. */
  private retired: { msn: number; parts: number }[] = [];
  private cur: Segment | null = null;
  private nextMsn = 0;
  private discontinuitySeq = 0;
  private session = 0;
  private sessionOpen = false;
  private pendingDiscontinuity = false;
  private targetDuration = 1;
  private queue: Promise<void> = Promise.resolve();
  private failed: Error | null = null;
  private ready: Promise<void>;

  constructor(readonly dir: string) {
    this.ready = this.recover();
    // Handled here too: a packager whose directory cannot be made may never be given a step (no unhandled rejection).
    this.ready.catch((e: Error) => {
      this.failed ??= e;
    });
  }

  /** Continues after what an earlier process wrote (segment and init numbers), or starts a fresh directory. */
  private async recover(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    let maxMsn = -1;
    let maxInit = 0;
    for (const f of await readdir(this.dir)) {
      const m = /^[ps](\d+)[.]/.exec(f);
      if (m) maxMsn = Math.max(maxMsn, Number(m[1]));
      const i = /^init-(\d+)\.mp4$/.exec(f);
      if (i) maxInit = Math.max(maxInit, Number(i[1]));
    }
    this.nextMsn = maxMsn + 1;
    this.session = maxInit;
    this.pendingDiscontinuity = maxInit > 0;
    if (maxInit > 0) this.discontinuitySeq = 1;
  }

  /** A new ingest session's init segment (ftyp+moov); media from it follows a discontinuity when not the first. */
  startSession(init: Buffer): void {
    this.enqueue(async () => {
      if (this.sessionOpen) this.closeSegment();
      if (this.session > 0 || this.segments.length) this.pendingDiscontinuity = true;
      this.session++;
      this.sessionOpen = true;
      await this.atomicWrite(initName(this.session), init);
    });
  }

  /** The publisher stopped: the segment in progress is complete as it is. */
  endSession(): Promise<void> {
    this.enqueue(async () => {
      if (!this.sessionOpen) return;
      this.sessionOpen = false;
      const closed = this.closeSegment();
      await this.flushClosed(closed);
      await this.writePlaylist();
    });
    return this.queue;
  }

  /** One fragment (moof+mdat) with its parsed tracks; `arrivedAt` is when its first frame reached the server. */
  addFragment(fragment: Buffer, tracks: FragmentTrack[], arrivedAt: number): Promise<void> {
    this.enqueue(async () => {
      if (!this.sessionOpen) return;
      const main = tracks.find((t) => t.handler === 'vide') ?? tracks[0];
      if (!main) return;
      const dur = main.durs.reduce((a, b) => a + b, 0) / main.timescale;
      let closed: Segment | null = null;
      if (this.cur && this.cur.parts.length && ((main.sync0 && this.cur.dur >= MIN_SEGMENT) || this.cur.dur >= MAX_SEGMENT)) closed = this.closeSegment();
      if (!this.cur) {
        this.cur = { msn: this.nextMsn++, init: this.session, discontinuity: this.pendingDiscontinuity, pdt: arrivedAt, dur: 0, parts: [], data: [] };
        this.pendingDiscontinuity = false;
      }
      const idx = this.cur.parts.length;
      await this.atomicWrite(partName(this.cur.msn, idx), fragment);
      this.cur.parts.push({ dur, independent: main.sync0 });
      this.cur.data.push(fragment);
      this.cur.dur += dur;
      await this.flushClosed(closed);
      await this.writePlaylist();
    });
    return this.queue;
  }

  /** Whether anything failed to be written (the ingest stops the session then). */
  get error(): Error | null {
    return this.failed;
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => this.ready)
      .then(step)
      .catch((e: Error) => {
        this.failed ??= e;
      });
  }

  private closeSegment(): Segment | null {
    const s = this.cur;
    this.cur = null;
    if (!s || !s.parts.length) return null;
    this.segments.push(s);
    this.targetDuration = Math.max(this.targetDuration, Math.ceil(s.dur));
    return s;
  }

  /** Writes a closed segment whole, and forgets (and deletes) the segments that left the window long enough ago. */
  private async flushClosed(s: Segment | null): Promise<void> {
    if (!s) return;
    await this.atomicWrite(segmentName(s.msn), Buffer.concat(s.data));
    s.data = [];
    while (this.segments.length > WINDOW) {
      const gone = this.segments.shift()!;
      if (gone.discontinuity) this.discontinuitySeq++;
      this.retired.push({ msn: gone.msn, parts: gone.parts.length });
    }
    while (this.retired.length > KEEP_EXTRA) {
      const old = this.retired.shift()!;
      const files = [segmentName(old.msn), ...Array.from({ length: old.parts }, (_, i) => partName(old.msn, i))];
      await Promise.all(files.map((f) => rm(join(this.dir, f), { force: true })));
    }
  }

  playlist(): string {
    const all = this.cur ? [...this.segments, this.cur] : [...this.segments];
    const L = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      `#EXT-X-TARGETDURATION:${this.targetDuration}`,
      `#EXT-X-PART-INF:PART-TARGET=${PART_TARGET}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${(PART_TARGET * 3).toFixed(3)}`,
      `#EXT-X-MEDIA-SEQUENCE:${all[0]?.msn ?? this.nextMsn}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.discontinuitySeq}`,
    ];
    let init = -1;
    const partsFrom = this.segments.length - PARTS_OF_LAST;
    all.forEach((s, i) => {
      if (s.discontinuity) L.push('#EXT-X-DISCONTINUITY');
      if (s.init !== init) L.push(`#EXT-X-MAP:URI="${initName(s.init)}"`);
      init = s.init;
      L.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.pdt).toISOString()}`);
      const complete = s !== this.cur;
      if (!complete || i >= partsFrom) s.parts.forEach((p, j) => L.push(`#EXT-X-PART:DURATION=${p.dur.toFixed(5)},URI="${partName(s.msn, j)}"${p.independent ? ',INDEPENDENT=YES' : ''}`));
      if (complete) L.push(`#EXTINF:${s.dur.toFixed(5)},`, segmentName(s.msn));
    });
    if (this.cur && this.sessionOpen) L.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${partName(this.cur.msn, this.cur.parts.length)}"`);
    return L.join('\n') + '\n';
  }

  private async writePlaylist(): Promise<void> {
    if (!this.segments.length && !this.cur) return;
    await this.atomicWrite(PLAYLIST, Buffer.from(this.playlist()));
  }

  private async atomicWrite(name: string, data: Buffer): Promise<void> {
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, data);
    await rename(tmp, join(this.dir, name));
  }
}

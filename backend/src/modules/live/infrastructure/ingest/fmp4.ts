/**
 * Just enough ISO BMFF parsing for the LL-HLS packager: the tracks of ffmpeg's `moov` (timescale, handler, trex
 * defaults) and, per fragment (`moof`), each track's start (tfdt), sample durations and whether it starts on a sync
 * sample (a keyframe).
 */

export interface Box {
  type: string;
  start: number;
  end: number;
  body: number;
}

export interface TrackInfo {
  timescale: number;
  handler: string;
  trexDur?: number;
  trexFlags?: number;
}

export interface FragmentTrack extends TrackInfo {
  id: number;
  tfdt: number;
  durs: number[];
  sync0: boolean;
}

export function* boxes(buf: Buffer, start = 0, end = buf.length): Generator<Box> {
  let p = start;
  while (p + 8 <= end) {
    const size = buf.readUInt32BE(p);
    const type = buf.toString('latin1', p + 4, p + 8);
    if (size < 8 || p + size > end) return;
    yield { type, start: p, end: p + size, body: p + 8 };
    p += size;
  }
}

function child(buf: Buffer, box: Box, type: string): Box | undefined {
  for (const b of boxes(buf, box.body, box.end)) if (b.type === type) return b;
  return undefined;
}

/** Track id → its timescale, handler ('vide', 'soun') and trex defaults, from ftyp+moov. */
export function parseInit(buf: Buffer): Map<number, TrackInfo> {
  const tracks = new Map<number, TrackInfo>();
  const moov = [...boxes(buf)].find((b) => b.type === 'moov');
  if (!moov) return tracks;
  for (const trak of boxes(buf, moov.body, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(buf, trak, 'tkhd');
    const mdia = child(buf, trak, 'mdia');
    const mdhd = mdia && child(buf, mdia, 'mdhd');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    if (!tkhd || !mdhd || !hdlr) continue;
    const id = buf.readUInt32BE(tkhd.body + (buf[tkhd.body] ? 20 : 12));
    const timescale = buf.readUInt32BE(mdhd.body + (buf[mdhd.body] ? 20 : 12));
    tracks.set(id, { timescale, handler: buf.toString('latin1', hdlr.body + 8, hdlr.body + 12) });
  }
  const mvex = child(buf, moov, 'mvex');
  if (mvex) {
    for (const t of boxes(buf, mvex.body, mvex.end)) {
      if (t.type !== 'trex') continue;
      const track = tracks.get(buf.readUInt32BE(t.body + 4));
      if (track) {
        track.trexDur = buf.readUInt32BE(t.body + 12);
        track.trexFlags = buf.readUInt32BE(t.body + 20);
      }
    }
  }
  return tracks;
}

/** Each track of one fragment: its tfdt, sample durations, and whether its first sample is a sync sample. */
export function parseMoof(buf: Buffer, moof: Box, tracks: Map<number, TrackInfo>): FragmentTrack[] {
  const out: FragmentTrack[] = [];
  for (const traf of boxes(buf, moof.body, moof.end)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(buf, traf, 'tfhd');
    const tfdtBox = child(buf, traf, 'tfdt');
    const trun = child(buf, traf, 'trun');
    if (!tfhd || !tfdtBox || !trun) continue;
    const tf = buf.readUInt32BE(tfhd.body) & 0xffffff;
    const id = buf.readUInt32BE(tfhd.body + 4);
    const track = tracks.get(id);
    if (!track) continue;
    let q = tfhd.body + 8;
    if (tf & 1) q += 8;
    if (tf & 2) q += 4;
    let defDur = track.trexDur ?? 0;
    let defFlags = track.trexFlags ?? 0;
    if (tf & 8) {
      defDur = buf.readUInt32BE(q);
      q += 4;
    }
    if (tf & 0x10) q += 4;
    if (tf & 0x20) defFlags = buf.readUInt32BE(q);
    const tfdt = buf[tfdtBox.body] ? Number(buf.readBigUInt64BE(tfdtBox.body + 4)) : buf.readUInt32BE(tfdtBox.body + 4);
    const rf = buf.readUInt32BE(trun.body) & 0xffffff;
    const n = buf.readUInt32BE(trun.body + 4);
    let r = trun.body + 8;
    if (rf & 1) r += 4;
    let firstFlags: number | null = null;
    if (rf & 4) {
      firstFlags = buf.readUInt32BE(r);
      r += 4;
    }
    const durs: number[] = [];
    let sync0 = false;
    for (let i = 0; i < n; i++) {
      let d = defDur;
      let fl = defFlags;
      if (rf & 0x100) {
        d = buf.readUInt32BE(r);
        r += 4;
      }
      if (rf & 0x200) r += 4;
      if (rf & 0x400) {
        fl = buf.readUInt32BE(r);
        r += 4;
      }
      if (rf & 0x800) r += 4;
      if (i === 0) {
        if (firstFlags !== null) fl = firstFlags;
        sync0 = !(fl & 0x10000);
      }
      durs.push(d);
    }
    out.push({ id, ...track, tfdt, durs, sync0 });
  }
  return out;
}

/** Splits ffmpeg's fragmented-MP4 output into the init (ftyp+moov) and fragments (moof+mdat), as they complete. */
export class Fmp4Splitter {
  private buf: Buffer = Buffer.alloc(0);
  private ftyp: Buffer | null = null;
  private moof: Buffer | null = null;

  constructor(
    private readonly onInit: (init: Buffer) => void,
    private readonly onFragment: (fragment: Buffer, moofLength: number) => void,
  ) {}

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.buf.length < 8) return;
      const size = this.buf.readUInt32BE(0);
      if (size < 8) throw new Error('malformed MP4 box from ffmpeg');
      if (this.buf.length < size) return;
      const type = this.buf.toString('latin1', 4, 8);
      const box = this.buf.subarray(0, size);
      this.buf = this.buf.subarray(size);
      if (type === 'ftyp') this.ftyp = Buffer.from(box);
      else if (type === 'moov') this.onInit(Buffer.concat([this.ftyp ?? Buffer.alloc(0), box]));
      else if (type === 'moof') this.moof = Buffer.from(box);
      else if (type === 'mdat' && this.moof) {
        const moof = this.moof;
        this.moof = null;
        this.onFragment(Buffer.concat([moof, box]), moof.length);
      }
    }
  }
}

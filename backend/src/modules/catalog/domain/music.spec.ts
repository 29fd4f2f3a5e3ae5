import { isoTrackKinds, matroskaTrackKinds, sniffAudio, sniffVideo } from '../../../common/storage/sniff.js';
import { computePeaks, isPermutation, validateTrackMeta } from './music.js';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffAudio: the container by its first bytes', () => {
  it.each([
    ['an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'mp3'],
    ['an MPEG-1 layer III frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
    ['an MPEG-2 layer III frame', bytes([0xff, 0xf3, 0x50, 0x00]), 'mp3'],
    ['AAC ADTS', bytes([0xff, 0xf1, 0x50, 0x80]), 'aac'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 34]), 'flac'],
    ['Ogg', bytes('OggS', [0, 2]), 'ogg'],
    ['WAV', bytes('RIFF', [36, 0, 0, 0], 'WAVE'), 'wav'],
    ['M4A', bytes([0, 0, 0, 32], 'ftypM4A ', [0, 0, 0, 0]), 'm4a'],
  ])('%s', (_label, head, expected) => {
    expect(sniffAudio(head)).toBe(expected);
  });

  it.each([
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['an MP4 video', bytes([0, 0, 0, 32], 'ftypisom', [0, 0, 2, 0])],
    ['an AVI', bytes('RIFF', [36, 0, 0, 0], 'AVI ')],
    ['text', bytes('Hello, this is not audio')],
    ['a frame sync with a reserved layer', bytes([0xff, 0xe0, 0x00, 0x00])],
  ])('refuses %s', (_label, head) => {
    expect(sniffAudio(head)).toBeNull();
  });

  it('leaves video containers to sniffVideo', () => {
    expect(sniffVideo(bytes([0, 0, 0, 32], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(sniffVideo(bytes([0, 0, 0, 32], 'ftypM4A ', [0, 0, 0, 0]))).toBe('mp4');
  });
});

describe('isoTrackKinds: the handler boxes of an MP4', () => {
  const hdlr = (kind: string) => bytes([0, 0, 0, 33], 'hdlr', [0, 0, 0, 0], [0, 0, 0, 0], kind, [0, 0, 0, 0]);
  it('tells sound only from video, in the head or the tail; null when no handler is there', () => {
    expect(isoTrackKinds(bytes('junk'), hdlr('soun'))).toEqual({ video: false, audio: true });
    expect(isoTrackKinds(hdlr('vide'), hdlr('soun'))).toEqual({ video: true, audio: true });
    expect(isoTrackKinds(bytes('no boxes here'))).toBeNull();
  });
});

describe('matroskaTrackKinds: the TrackType of each TrackEntry of a WebM/MKV', () => {
  /** An EBML element: its id bytes, a size (8-byte vint, or unknown), its content. */
  const el = (id: number[], content: Buffer | number[], unknownSize = false) => {
    const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const size = Buffer.alloc(8);
    if (unknownSize) size.fill(0xff, 1);
    else size.writeBigUInt64BE(BigInt(body.length));
    size[0] = 0x01;
    return Buffer.concat([Buffer.from(id), size, body]);
  };
  const EBML = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
  const entry = (type: number, extra: Buffer = Buffer.alloc(0)) => el([0xae], Buffer.concat([el([0xd7], [1]), el([0x83], [type]), extra]));
  const file = (...entries: Buffer[]) => Buffer.concat([EBML, el([0x18, 0x53, 0x80, 0x67], Buffer.concat([el([0x15, 0x49, 0xa9, 0x66], [0]), el([0x16, 0x54, 0xae, 0x6b], Buffer.concat(entries))]), true)]);

  it('tells sound only from sound and picture', () => {
    expect(matroskaTrackKinds(file(entry(2)))).toEqual({ video: false, audio: true });
    expect(matroskaTrackKinds(file(entry(2), entry(1)))).toEqual({ video: true, audio: true });
    expect(matroskaTrackKinds(file(entry(1)))).toEqual({ video: true, audio: false });
  });

  it('gives null when the Tracks element is not wholly in the bytes read (a later track could be a picture)', () => {
    const whole = file(entry(2, el([0x63, 0xa2], Buffer.alloc(5000))), entry(1));
    expect(matroskaTrackKinds(whole)).toEqual({ video: true, audio: true });
    expect(matroskaTrackKinds(whole.subarray(0, 3000))).toBeNull();
    expect(matroskaTrackKinds(EBML)).toBeNull();
    expect(matroskaTrackKinds(Buffer.alloc(0))).toBeNull();
  });

  it('survives hostile nesting and garbage without throwing', () => {
    // A TrackEntry inside a TrackEntry, 400,000 deep, all of unknown size.
    const segmentTracks = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x16, 0x54, 0xae, 0x6b, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const bomb = Buffer.concat([EBML, segmentTracks, Buffer.alloc(800_000, Buffer.from([0xae, 0xff]))]);
    expect(() => matroskaTrackKinds(bomb)).not.toThrow();
    expect(matroskaTrackKinds(bomb)).toBeNull();
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      const junk = Buffer.alloc(1 + (n % 300));
      for (let i = 0; i < junk.length; i++) junk[i] = seed = (seed * 1103515245 + 12345) & 0xff;
      expect(() => matroskaTrackKinds(Buffer.concat([EBML, junk]))).not.toThrow();
    }
  });
});

describe('computePeaks', () => {
  it('gives the loudest sample of each bucket, scaled so the loudest is 100', () => {
    const samples = new Int16Array(400);
    for (let i = 0; i < 400; i++) samples[i] = i < 200 ? 1000 : -2000;
    const peaks = computePeaks(samples, 4);
    expect(peaks).toEqual([50, 50, 100, 100]);
  });

  it('is all zero for silence, one value per sample when there are fewer samples than buckets, empty for none', () => {
    expect(computePeaks(new Int16Array(10), 5)).toEqual([0, 0, 0, 0, 0]);
    expect(computePeaks(Int16Array.from([100, -200]), 200)).toEqual([50, 100]);
    expect(computePeaks(new Int16Array(0))).toEqual([]);
  });
});

describe('track rules', () => {
  it('isPermutation: the same ids, each once', () => {
    expect(isPermutation(['a', 'b', 'c'], ['c', 'a', 'b'])).toBe(true);
    expect(isPermutation(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isPermutation(['a', 'b'], ['a'])).toBe(false);
    expect(isPermutation(['a', 'b'], ['a', 'x'])).toBe(false);
    expect(isPermutation([], [])).toBe(true);
  });

  it('validateTrackMeta: defaults and trimming', () => {
    expect(validateTrackMeta({ title: ' T ', artist: ' A ', album: ' ' })).toEqual({ title: 'T', artist: 'A', album: null, genre: 'Pop', contentType: 'audio', monetizationEnabled: false });
  });
});

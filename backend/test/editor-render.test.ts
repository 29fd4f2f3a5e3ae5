import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resolveBinary } from '../src/common/media/ffmpeg-binaries.js';
import { EDIT_FILTERS, EDIT_TRANSITIONS, defaultEdit, type EditDocument, type EditFilter, type SourceFacts } from '../src/modules/catalog/domain/edit.js';
import { FfmpegEditRenderer } from '../src/modules/catalog/infrastructure/ffmpeg-editor.js';

/**
 * The editor's renderer with the real ffmpeg on clips generated here (issue 19): every operation's output checked with
 * ffprobe and ffmpeg's own measurements (duration, size, sound level, picture).
 */

const run = promisify(execFile);
const FFMPEG = resolveBinary('ffmpeg');
const FFPROBE = resolveBinary('ffprobe');
const FPS = 30;
const FRAME = 1 / FPS;

let dir: string;
/** 6 s, 320x180 at 30 fps, a 440 Hz sine (amplitude 1/8: about -21 dB mean). */
let src: string;
/** The same picture with no sound at all. */
let silent: string;
/** A 2.5 s 660 Hz sine (looped under longer videos). */
let track: string;
const facts: SourceFacts = { durationSeconds: 6, width: 320, height: 180, hasAudio: true };
const silentFacts: SourceFacts = { ...facts, hasAudio: false };
const renderer = new FfmpegEditRenderer();
let n = 0;
const out = () => join(dir, `out-${++n}.mp4`);

const edit = (patch: Partial<EditDocument>): EditDocument => ({ ...defaultEdit(6), ...patch });

async function render(e: EditDocument, extra: Partial<Parameters<FfmpegEditRenderer['render']>[0]> = {}): Promise<string> {
  const file = out();
  await renderer.render({ source: src, facts, edit: e, height: 180, outFile: file, quality: 'preview', ...extra });
  return file;
}

interface Probe {
  format: { duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string; sample_rate?: string; channels?: number; pix_fmt?: string }[];
}
async function probe(file: string): Promise<Probe> {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as Probe;
}
const videoDuration = async (file: string) => Number((await probe(file)).streams.find((s) => s.codec_type === 'video')!.duration);

/** The mean level of the file's sound in dB (volumedetect; -91 is digital silence). */
async function meanVolume(file: string): Promise<number> {
  const { stderr } = await run(FFMPEG, ['-hide_banner', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
}

/** One frame at `at` seconds (an image: its only one) as 64x36 RGB bytes. */
async function pixels(file: string, at?: number): Promise<Buffer> {
  const { stdout } = await run(FFMPEG, ['-v', 'error', ...(at === undefined ? [] : ['-ss', String(at)]), '-i', file, '-frames:v', '1', '-s', '64x36', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'], {
    encoding: 'buffer',
    maxBuffer: 1 << 20,
  });
  return stdout;
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
/** How far a picture is from grey: the mean spread between a pixel's channels. */
function colourfulness(rgb: Buffer): number {
  let sum = 0;
  for (let i = 0; i < rgb.length; i += 3) sum += Math.max(rgb[i], rgb[i + 1], rgb[i + 2]) - Math.min(rgb[i], rgb[i + 1], rgb[i + 2]);
  return sum / (rgb.length / 3);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scriven-editor-'));
  src = join(dir, 'source.mp4');
  silent = join(dir, 'silent.mp4');
  track = join(dir, 'track.m4a');
  const ff = (args: string[]) => run(FFMPEG, ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ff(['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${FPS}:duration=6`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=6',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', src]),
    ff(['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${FPS}:duration=6`, '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', silent]),
    ff(['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=44100:duration=2.5', '-c:a', 'aac', '-b:a', '96k', track]),
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the edited length', () => {
  it('keeps only the clips: 1–3 s and 4–5.5 s make 3.5 s, with the sound as long as the picture', async () => {
    const file = await render(edit({ clips: [{ start: 1, end: 3 }, { start: 4, end: 5.5 }] }));
    const p = await probe(file);
    const video = p.streams.find((s) => s.codec_type === 'video')!;
    const audio = p.streams.find((s) => s.codec_type === 'audio')!;
    expect(Number(video.duration)).toBeCloseTo(3.5, 1);
    expect(Math.abs(Number(video.duration) - 3.5)).toBeLessThanOrEqual(FRAME + 0.001);
    expect(Math.abs(Number(audio.duration) - 3.5)).toBeLessThanOrEqual(0.05);
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 320, height: 180 });
    expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    // The second clip starts with the picture at 4 s of the source.
    expect(difference(await pixels(file, 2.2), await pixels(src, 4.2))).toBeLessThan(8);
  });

  it('overlaps the clips by the transition: 3.0 s with a fade', async () => {
    const file = await render(edit({ clips: [{ start: 1, end: 3 }, { start: 4, end: 5.5 }], transition: 'Fade' }));
    expect(Math.abs((await videoDuration(file)) - 3.0)).toBeLessThanOrEqual(FRAME + 0.001);
  });

  it('holds the last frame where the picture of the source stops before its sound', async () => {
    const short = join(dir, 'short-picture.mp4');
    await run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${FPS}:duration=5`, '-f', 'lavfi', '-i', 'sine=duration=6',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', short]);
    const file = await render(edit({ clips: [{ start: 1, end: 3 }, { start: 4, end: 6 }], transition: 'Fade' }), { source: short });
    expect(Math.abs((await videoDuration(file)) - 3.5)).toBeLessThanOrEqual(FRAME + 0.001);
  });

  it('halves a 4 s clip at speed 2 and doubles it at speed 0.5, the pitch kept', async () => {
    const fast = await render(edit({ clips: [{ start: 0, end: 4 }], speed: 2 }));
    const slow = await render(edit({ clips: [{ start: 0, end: 4 }], speed: 0.5 }));
    expect(Math.abs((await videoDuration(fast)) - 2)).toBeLessThanOrEqual(FRAME + 0.001);
    expect(Math.abs((await videoDuration(slow)) - 8)).toBeLessThanOrEqual(FRAME + 0.001);
    // atempo keeps the pitch: still 440 Hz, so a 440 Hz band-pass keeps the level (a resampled tone would move out of it).
    const band = async (file: string) => {
      const { stderr } = await run(FFMPEG, ['-hide_banner', '-i', file, '-af', 'bandpass=f=440:width_type=q:w=8,volumedetect', '-f', 'null', '-']);
      return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
    };
    expect(await band(fast)).toBeGreaterThan((await meanVolume(fast)) - 3);
    expect(await band(slow)).toBeGreaterThan((await meanVolume(slow)) - 3);
  });
});

it('renders at the height asked, the width even and the aspect ratio kept', async () => {
  const file = await render(edit({ clips: [{ start: 0, end: 1 }] }), { height: 120 });
  const video = (await probe(file)).streams.find((s) => s.codec_type === 'video')!;
  expect(video.height).toBe(120);
  expect(video.width! % 2).toBe(0);
  expect(Math.abs(video.width! / video.height! - 16 / 9)).toBeLessThan(0.02);
});

describe('the volume', () => {
  const clip = [{ start: 0, end: 2 }];
  it('keeps the source level at 75, lowers it by about 6 dB at 38, and silences it at 0', async () => {
    const source = await meanVolume(src);
    const [same, half, none] = await Promise.all([75, 38, 0].map((volume) => render(edit({ clips: clip, volume }))));
    expect(Math.abs((await meanVolume(same)) - source)).toBeLessThanOrEqual(1);
    expect((await meanVolume(half)) - source).toBeGreaterThan(-7);
    expect((await meanVolume(half)) - source).toBeLessThan(-5);
    expect(await meanVolume(none)).toBeLessThan(-80);
  });

  it('mixes the music under a silent video (looped past its end), and a music volume of 0 is silence', async () => {
    const music = (volume: number) => ({ trackId: 'track', volume });
    const withMusic = await render(edit({ clips: [{ start: 0, end: 4 }], music: music(100) }), { source: silent, facts: silentFacts, music: { path: track } });
    const muted = await render(edit({ clips: [{ start: 0, end: 4 }], music: music(0) }), { source: silent, facts: silentFacts, music: { path: track } });
    const nothing = await render(edit({ clips: [{ start: 0, end: 2 }] }), { source: silent, facts: silentFacts });
    expect(Math.abs((await videoDuration(withMusic)) - 4)).toBeLessThanOrEqual(FRAME + 0.001);
    // The 2.5 s track loops: the sound goes on in the last second of the 4 s video.
    const tail = join(dir, 'tail.m4a');
    await run(FFMPEG, ['-v', 'error', '-y', '-ss', '3', '-i', withMusic, '-vn', '-c:a', 'copy', tail]);
    expect(await meanVolume(withMusic)).toBeGreaterThan(-30);
    expect(await meanVolume(tail)).toBeGreaterThan(-30);
    expect(await meanVolume(muted)).toBeLessThan(-80);
    // A source without sound still gets a (silent) sound track.
    expect((await probe(nothing)).streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(await meanVolume(nothing)).toBeLessThan(-80);
  });

  it('starts the looped music at the offset a preview asks for', async () => {
    const e = edit({ clips: [{ start: 0, end: 1 }], volume: 0, music: { trackId: 'track', volume: 100 } });
    // 2.5 s into a 2.5 s track is its start again; 2.2 s in leaves 0.3 s of it, then it loops: both have sound.
    const file = await render(e, { source: silent, facts: silentFacts, music: { path: track, offset: 2.2 } });
    expect(await meanVolume(file)).toBeGreaterThan(-30);
  });
});

describe('filters and transitions', () => {
  it('each of the eight filters renders and changes the picture; Black & White leaves no colour', async () => {
    const clip = [{ start: 2, end: 2.5 }];
    // Small renders, started together (each is mostly ffmpeg starting up).
    const frameOf = async (filter: EditFilter | null) => pixels(await render(edit({ clips: clip, filter }), { height: 90 }), 0.2);
    const [plain, ...filtered] = await Promise.all([null, ...EDIT_FILTERS].map(frameOf));
    EDIT_FILTERS.forEach((filter, i) => {
      expect([filter, difference(filtered[i], plain) > 2]).toEqual([filter, true]);
      if (filter === 'Black & White') expect(colourfulness(filtered[i])).toBeLessThan(3);
    });
    expect(colourfulness(plain)).toBeGreaterThan(40);
  });

  it('every transition renders, mixing the two clips in the overlap', async () => {
    const clips = [{ start: 0, end: 1.5 }, { start: 4, end: 5.5 }];
    const [cut, ...files] = await Promise.all([null, ...EDIT_TRANSITIONS].map((transition) => render(edit({ clips, transition }), { height: 90 })));
    const plain = await pixels(cut, 1.25);
    for (const [i, transition] of EDIT_TRANSITIONS.entries()) {
      expect(Math.abs((await videoDuration(files[i])) - 2.5)).toBeLessThanOrEqual(FRAME + 0.001);
      // Mid-transition (1.25 s) the picture is neither the first clip's last frame nor the second's first.
      expect([transition, difference(await pixels(files[i], 1.25), plain) > 2]).toEqual([transition, true]);
    }
  });
});

describe('texts', () => {
  it("renders quotes, colons, backslashes, %{pts}, brackets, semicolons and commas as typed, in the texts' time ranges", async () => {
    const tricky = `He said "it's 5:30" \\ C:\\temp %{pts} [x];y, a,b '' \\' 100%`;
    const clip = [{ start: 0, end: 2 }];
    const plain = await render(edit({ clips: clip }));
    const file = await render(
      edit({
        clips: clip,
        texts: [
          { kind: 'title', text: tricky, start: 0.5, end: 1.5, position: 'top' },
          { kind: 'caption', text: `${tricky} ${tricky}`, start: 0, end: 2, position: 'bottom' },
          { kind: 'caption', text: 'Ünïcødé ✓ — ok', start: 1, end: 2, position: 'center' },
        ],
      }),
    );
    expect(Math.abs((await videoDuration(file)) - 2)).toBeLessThanOrEqual(FRAME + 0.001);
    expect(difference(await pixels(file, 1), await pixels(plain, 1))).toBeGreaterThan(2);
  });

  it('reads the text files from a temporary folder whose path holds the characters a filter graph escapes', async () => {
    const odd = join(dir, "tmp 'a':b,c;[d]\\e");
    mkdirSync(odd);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = odd;
    try {
      const file = await render(edit({ clips: [{ start: 0, end: 1 }], texts: [{ kind: 'title', text: 'Hello', start: 0, end: 1, position: 'center' }] }));
      expect(Math.abs((await videoDuration(file)) - 1)).toBeLessThanOrEqual(FRAME + 0.001);
    } finally {
      process.env.TMPDIR = before;
    }
    expect(readdirSync(odd)).toEqual([]);
  });
});

describe('progress and cancelling', () => {
  /** Long enough to be cancelled: 12 s at export quality. */
  const long = edit({ clips: [{ start: 0, end: 6 }], speed: 0.5, filter: 'Soft' });
  // (At 1080p it takes far longer than the half second before ffmpeg's first progress report, where it is cancelled.)

  it('reports whole, rising percentages ending at 100, and writes the file only when done', async () => {
    const seen: number[] = [];
    const file = out();
    let partSeen = false;
    await renderer.render({
      source: src, facts, edit: edit({ clips: [{ start: 0, end: 6 }], speed: 0.5 }), height: 240, outFile: file, quality: 'export',
      onProgress: (p) => {
        seen.push(p);
        if (p < 100) partSeen ||= existsSync(`${file}.part`) && !existsSync(file);
      },
    });
    expect(seen[seen.length - 1]).toBe(100);
    expect(seen.every((p, i) => Number.isInteger(p) && p >= 0 && p <= 100 && (i === 0 || p > seen[i - 1]))).toBe(true);
    if (seen.length > 1) expect(partSeen).toBe(true);
    expect(existsSync(`${file}.part`)).toBe(false);
    expect(Math.abs((await videoDuration(file)) - 12)).toBeLessThanOrEqual(FRAME + 0.001);
  });

  it('cancelling kills ffmpeg: an AbortError and no file left, not even a partial one', async () => {
    const file = out();
    const ctl = new AbortController();
    const seen: number[] = [];
    const rendering = renderer.render({
      source: src, facts, edit: long, height: 1080, outFile: file, quality: 'export', signal: ctl.signal,
      onProgress: (p) => {
        seen.push(p);
        ctl.abort();
      },
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(100);
    expect(readdirSync(dir).filter((f) => f.startsWith(file.split('/').pop()!))).toEqual([]);
  });

  it('refuses to start when already cancelled', async () => {
    const file = out();
    await expect(renderer.render({ source: src, facts, edit: long, height: 180, outFile: file, quality: 'preview', signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(file)).toBe(false);
  });

  it("rejects with ffmpeg's own complaint when the source cannot be read, leaving nothing", async () => {
    const file = out();
    const broken = join(dir, 'broken.mp4');
    await run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc', '-t', '0.1', '-f', 'wav', broken]);
    await expect(renderer.render({ source: broken, facts, edit: edit({ clips: [{ start: 0, end: 1 }] }), height: 180, outFile: file, quality: 'preview' })).rejects.toThrow(/ffmpeg exited \d+: .+/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.part`)).toBe(false);
  });
});

describe('filmstrip and frames', () => {
  it('makes one JPEG of count frames side by side', async () => {
    const file = join(dir, 'strip.jpg');
    await renderer.filmstrip(src, facts, 10, 32, file);
    const image = (await probe(file)).streams[0];
    expect(image).toMatchObject({ codec_name: 'mjpeg', width: 320, height: 18 });
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('takes a frame at a time and width, with a filter changing it', async () => {
    const plain = join(dir, 'frame.jpg');
    const sepia = join(dir, 'frame-sepia.jpg');
    await renderer.frame(src, 3, 160, null, plain);
    await renderer.frame(src, 3, 160, 'Sepia', sepia);
    expect((await probe(plain)).streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 160, height: 90 });
    const [a, b] = await Promise.all([pixels(plain), pixels(sepia)]);
    expect(difference(a, b)).toBeGreaterThan(5);
    // Sepia is a brown tone: red over green over blue in every pixel, nearly.
    let ordered = 0;
    for (let i = 0; i < b.length; i += 3) if (b[i] >= b[i + 1] - 2 && b[i + 1] >= b[i + 2] - 2) ordered++;
    expect(ordered / (b.length / 3)).toBeGreaterThan(0.95);
  });

  it('refuses a time past the end without leaving a file', async () => {
    const file = join(dir, 'late.jpg');
    await expect(renderer.frame(src, 60, 160, null, file)).rejects.toThrow();
    expect(existsSync(file)).toBe(false);
  });
});

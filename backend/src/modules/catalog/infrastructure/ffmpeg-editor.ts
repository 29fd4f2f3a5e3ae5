import { Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBinary } from '../../../common/media/ffmpeg-binaries.js';
import { TRANSITION_SECONDS, editedDuration, type EditDocument, type EditFilter, type EditRenderer, type EditTransition, type SourceFacts, type TextOverlay } from '../domain/edit.js';

/**
 * The editor's renderer (issue 19): one ffmpeg run per render, its filter graph built by `renderArgs` (pure, so it is
 * unit-tested) from the edit. The user's texts never enter the graph or the arguments: each is written to a file that
 * drawtext reads with `textfile=` and `expansion=none`.
 */

/** The eight filters of seed 002 §2.14, each a fixed ffmpeg filter chain (the frame previews use the same chains). */
export const FILTER_CHAINS: Record<EditFilter, string> = {
  // The "vintage" tone curve (faded, warm shadows) and a slight darkening of the corners.
  Vintage: 'curves=preset=vintage,vignette=angle=PI/6',
  'Black & White': 'hue=s=0',
  // The classic sepia matrix (rows: red, green, blue out of red, green, blue in).
  Sepia: 'colorchannelmixer=rr=0.393:rg=0.769:rb=0.189:gr=0.349:gg=0.686:gb=0.168:br=0.272:bg=0.534:bb=0.131',
  Vibrant: 'eq=saturation=1.5',
  Cool: 'colorbalance=rs=-0.08:bs=0.08:rm=-0.1:bm=0.1:rh=-0.06:bh=0.06',
  Warm: 'colorbalance=rs=0.08:bs=-0.08:rm=0.1:bm=-0.1:rh=0.06:bh=-0.06',
  Dramatic: 'eq=contrast=1.3:saturation=1.15:brightness=-0.03,curves=preset=strong_contrast',
  Soft: 'gblur=sigma=1.5,eq=brightness=0.04:contrast=0.92',
};

/** xfade's name of each transition. */
export const TRANSITION_XFADE: Record<EditTransition, string> = { Fade: 'fade', Slide: 'slideleft', Zoom: 'zoomin' };

const SAMPLE_RATE = 48000;
/**
 * Every sound as 48 kHz stereo float. A mono sound goes to both sides at its own level (ffmpeg's default upmix puts
 * it 3 dB lower, which would make volume 75 quieter than the source).
 */
const audioFormat = (mono: boolean) => `${mono ? 'pan=stereo|c0=c0|c1=c0,' : ''}aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/**
 * Escapes a value (a file's path) for an option of a filter inside a filter graph: first for the filter's own option
 * parser (\ ' :), then for the graph's parser (\ ' [ ] , ;), as ffmpeg-filters(1) "Notes on filtergraph escaping" says.
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

export interface EditorFonts {
  /** Font files for captions (regular) and titles (bold); null falls back to fontconfig's "Sans". */
  regular: string | null;
  bold: string | null;
}

let fontsFound: EditorFonts | null = null;
/** DejaVu Sans (regular and bold) under /usr/share/fonts, looked up once per process. */
export function findFonts(root = '/usr/share/fonts'): EditorFonts {
  if (fontsFound && root === '/usr/share/fonts') return fontsFound;
  const found: EditorFonts = { regular: null, bold: null };
  const debian = join(root, 'truetype', 'dejavu');
  if (existsSync(join(debian, 'DejaVuSans.ttf')) && existsSync(join(debian, 'DejaVuSans-Bold.ttf'))) {
    found.regular = join(debian, 'DejaVuSans.ttf');
    found.bold = join(debian, 'DejaVuSans-Bold.ttf');
  }
  const walk = (dir: string, depth: number) => {
    if (depth > 4 || (found.regular && found.bold)) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path, depth + 1);
      else if (e.name === 'DejaVuSans.ttf') found.regular = path;
      else if (e.name === 'DejaVuSans-Bold.ttf') found.bold = path;
    }
  };
  walk(root, 0);
  if (!found.bold) found.bold = found.regular;
  if (!found.regular) found.regular = found.bold;
  if (root === '/usr/share/fonts') fontsFound = found;
  return found;
}

export interface RenderPlanOptions {
  source: string;
  facts: SourceFacts;
  edit: EditDocument;
  /** The output's short side (its height, or its width for a portrait source), as the HLS ladder counts it; the other side follows the source's aspect ratio, even. */
  height: number;
  /** Where ffmpeg writes (the renderer renames it to the real output afterwards). */
  outFile: string;
  music?: { path: string; offset?: number } | null;
  quality: 'export' | 'preview';
  /** The frame rate every clip is normalised to (an ffmpeg rate: "30", "30000/1001"). */
  fps: string;
  /** Whether the source's sound (the music's) is mono: it is spread to both sides at its level. */
  monoAudio?: boolean;
  monoMusic?: boolean;
  /** The folder the text files are written to. */
  tempDir: string;
  fonts: EditorFonts;
}

export interface RenderPlan {
  args: string[];
  /** Files to write before running ffmpeg (the texts drawtext reads). */
  files: { path: string; content: string }[];
  /** The output's expected length in seconds (the edit's edited duration). */
  duration: number;
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The output width for a height, keeping the source's aspect ratio, even (what scale=-2:H gives). */
export function outputWidth(facts: SourceFacts, height: number): number {
  return Math.max(2, Math.round((facts.width * height) / (facts.height * 2)) * 2);
}

/**
 * The output's size for a short side: a landscape (or square) source gets that height, a portrait one that width
 * (a "1080p" vertical video is 1080 wide, as the HLS ladder counts it); the other side keeps the aspect ratio, even.
 */
export function outputSize(facts: SourceFacts, shortSide: number): { width: number; height: number } {
  if (facts.height <= facts.width) return { width: outputWidth(facts, shortSide), height: shortSide };
  return { width: shortSide, height: Math.max(2, Math.round((facts.height * shortSide) / (facts.width * 2)) * 2) };
}

/**
 * Breaks a text into at most 3 lines that fit the frame's width, shrinking the font when it takes more (drawtext
 * draws one line otherwise, and a long title would run off the picture). Widths are estimated from DejaVu Sans's
 * average advance (about 0.58 of the size).
 */
export function layoutText(text: string, baseSize: number, width: number, minSize: number): { lines: string[]; size: number } {
  const maxLines = 3;
  let size = baseSize;
  for (;;) {
    const perLine = Math.max(6, Math.floor((width * 0.9) / (size * 0.58)));
    const lines = wrap(text, perLine);
    if (lines.length <= maxLines || size <= minSize) return { lines, size };
    size = Math.max(minSize, Math.floor(size * 0.85));
  }
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const flush = () => {
    if (line.length) lines.push(line.join(''));
    line = [];
  };
  for (const word of text.split(/(\s+)/)) {
    if (!word) continue;
    if (/^\s+$/.test(word)) {
      if (line.length) line.push(' ');
      continue;
    }
    let chars = [...word];
    if (line.length && line.length + chars.length > perLine) {
      while (line.length && line[line.length - 1] === ' ') line.pop();
      flush();
    }
    while (chars.length > perLine) {
      if (line.length) flush();
      lines.push(chars.slice(0, perLine).join(''));
      chars = chars.slice(perLine);
    }
    line.push(...chars);
  }
  while (line.length && line[line.length - 1] === ' ') line.pop();
  flush();
  return lines;
}

function drawtext(t: TextOverlay, file: string, height: number, width: number, fonts: EditorFonts): { filter: string; content: string } {
  const title = t.kind === 'title';
  const { lines, size } = layoutText(t.text, Math.round(height * (title ? 0.075 : 0.05)), width, Math.max(8, Math.round(height * 0.025)));
  const font = title ? fonts.bold : fonts.regular;
  const margin = Math.round(height * 0.06);
  const y = t.position === 'top' ? String(margin) : t.position === 'center' ? '(h-text_h)/2' : `h-text_h-${margin}`;
  const opts = [
    font ? `fontfile=${escapeFilterValue(font)}` : 'font=Sans',
    `textfile=${escapeFilterValue(file)}`,
    'expansion=none',
    `fontsize=${size}`,
    'fontcolor=white',
    `line_spacing=${Math.round(size * 0.2)}`,
    'x=(w-text_w)/2',
    `y=${y}`,
    title ? `borderw=${Math.max(1, Math.round(size / 18))}:bordercolor=black@0.6` : `box=1:boxcolor=black@0.55:boxborderw=${Math.max(2, Math.round(size * 0.35))}`,
    `enable='between(t,${num(t.start)},${num(t.end)})'`,
  ];
  return { filter: `drawtext=${opts.join(':')}`, content: lines.join('\n') };
}

/** Repeats a stream's last frame for up to `seconds` after it ends (a trim after it cuts the stream to its length). */
const hold = (seconds: number) => `tpad=stop_mode=clone:stop_duration=${num(seconds)}`;

/** The ffmpeg arguments (and the text files) that render an edit; pure. */
export function renderArgs(o: RenderPlanOptions): RenderPlan {
  const { edit, facts } = o;
  if (!edit.clips.length) throw new Error('An edit has at least one clip');
  if (edit.filter !== null && !Object.hasOwn(FILTER_CHAINS, edit.filter)) throw new Error(`Unknown filter ${JSON.stringify(edit.filter)}`);
  if (edit.transition !== null && !Object.hasOwn(TRANSITION_XFADE, edit.transition)) throw new Error(`Unknown transition ${JSON.stringify(edit.transition)}`);
  const duration = editedDuration(edit);
  const { width, height } = outputSize(facts, o.height);
  const preview = o.quality === 'preview';
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
  // A preview is a small, short-lived picture: the source is decoded without its deblocking filter (invisible once
  // scaled down to 360p, and a good part of a full-size decode) and scaled with the fastest method.
  const decode = preview ? ['-skip_loop_filter', 'all', '-flags2', '+fast'] : [];
  const scaler = preview ? ':flags=fast_bilinear' : '';
  const graph: string[] = [];
  const lengths = edit.clips.map((c) => c.end - c.start);
  edit.clips.forEach((c, i) => {
    // Input seeking: each clip decodes only its own part of the source.
    args.push(...decode, '-ss', num(c.start), '-t', num(lengths[i]), '-i', o.source);
    // The picture at the output's size and rate, exactly the clip's length (a source whose picture stops before its
    // sound ends gets its last frame held), so xfade's offsets fall where the edited timeline says.
    graph.push(`[${i}:v]setpts=PTS-STARTPTS,scale=${width}:${height}${scaler},setsar=1,fps=${o.fps},format=yuv420p,${hold(lengths[i])},trim=end=${num(lengths[i])}[v${i}]`);
    // Audio of exactly the clip's length (a source without sound gets silence), so concat and acrossfade line up.
    const audio = facts.hasAudio ? `[${i}:a]asetpts=PTS-STARTPTS,${audioFormat(!!o.monoAudio)},` : `anullsrc=r=${SAMPLE_RATE}:cl=stereo,aformat=sample_fmts=fltp,`;
    graph.push(`${audio}atrim=end=${num(lengths[i])},apad=whole_dur=${num(lengths[i])},atrim=end=${num(lengths[i])}[a${i}]`);
  });
  const n = edit.clips.length;
  const musicInput = n;
  // The music loops endlessly from its offset; the graph cuts it to the edited length.
  const music = o.music && edit.music ? { path: o.music.path, offset: o.music.offset ?? 0, volume: edit.music.volume } : null;
  if (music) args.push('-stream_loop', '-1', '-ss', num(music.offset), '-i', music.path);

  // Joining the clips: plain cuts, or each clip overlapping the next by TRANSITION_SECONDS.
  let v = 'v0';
  let a = 'a0';
  if (n > 1 && edit.transition) {
    let length = lengths[0];
    for (let k = 1; k < n; k++) {
      const offset = length - TRANSITION_SECONDS;
      graph.push(`[${v}][v${k}]xfade=transition=${TRANSITION_XFADE[edit.transition]}:duration=${num(TRANSITION_SECONDS)}:offset=${num(offset)}[xv${k}]`);
      graph.push(`[${a}][a${k}]acrossfade=d=${num(TRANSITION_SECONDS)}:c1=tri:c2=tri[xa${k}]`);
      v = `xv${k}`;
      a = `xa${k}`;
      length += lengths[k] - TRANSITION_SECONDS;
    }
  } else if (n > 1) {
    graph.push(`${edit.clips.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${n}:v=1:a=1[cv][ca]`);
    v = 'cv';
    a = 'ca';
  }

  // The picture: speed, the filter, then the texts (their times are on the edited timeline, after the speed).
  // fps again after the join and the speed: frames at a steady rate (xfade of ffmpeg 5 skips one after each
  // transition; a speed change spaces them differently), and the picture exactly the edited length (fps drops the
  // last frame of a filtered stream: it is held again, then cut).
  const video: string[] = [];
  if (edit.speed !== 1) video.push(`setpts=PTS/${num(edit.speed)}`);
  video.push(`fps=${o.fps}`, hold(0.5), `trim=end=${num(duration)}`);
  if (edit.filter) video.push(FILTER_CHAINS[edit.filter]);
  const files: RenderPlan['files'] = [];
  edit.texts.forEach((t, i) => {
    const path = join(o.tempDir, `text-${i}.txt`);
    const d = drawtext(t, path, height, width, o.fonts);
    files.push({ path, content: d.content });
    video.push(d.filter);
  });
  video.push('format=yuv420p');
  graph.push(`[${v}]${video.join(',')}[vout]`);

  // The sound: speed with the pitch kept, the volume (75 = the source's level), then the music under it.
  const audio: string[] = [];
  if (edit.speed !== 1) audio.push(`atempo=${num(edit.speed)}`);
  audio.push(`volume=${num(edit.volume / 75)}`, `atrim=end=${num(duration)}`);
  if (music) {
    graph.push(`[${a}]${audio.join(',')}[voice]`);
    graph.push(`[${musicInput}:a]${audioFormat(!!o.monoMusic)},atrim=end=${num(duration)},volume=${num(music.volume / 100)}[music]`);
    graph.push('[voice][music]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[aout]');
  } else {
    graph.push(`[${a}]${audio.join(',')}[aout]`);
  }

  args.push('-filter_complex', graph.join(';'), '-map', '[vout]', '-map', '[aout]');
  args.push('-c:v', 'libx264', '-preset', preview ? 'ultrafast' : 'veryfast', '-crf', preview ? '30' : '21', '-pix_fmt', 'yuv420p');
  args.push('-c:a', 'aac', '-b:a', preview ? '96k' : '160k', '-ar', String(SAMPLE_RATE), '-ac', '2');
  args.push('-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', '-f', 'mp4', o.outFile);
  return { args, files, duration };
}

/** The common frame rates a measured one snaps to (phones record at a variable rate near one of them). */
const STANDARD_RATES: [number, string][] = [
  [24000 / 1001, '24000/1001'], [24, '24'], [25, '25'], [30000 / 1001, '30000/1001'], [30, '30'], [48, '48'], [50, '50'], [60000 / 1001, '60000/1001'], [60, '60'],
];

/** The frame rate to render at from ffprobe's avg_frame_rate/r_frame_rate ("30000/1001"): at most 60, 30 if unknown. */
export function normaliseRate(...rates: (string | undefined)[]): string {
  for (const r of rates) {
    const [a, b = '1'] = (r ?? '').split('/');
    const value = Number(a) / Number(b);
    if (!Number.isFinite(value) || value <= 0) continue;
    if (value > 60) return '60';
    const [nearest] = STANDARD_RATES.map(([s, name]) => ({ off: Math.abs(s - value) / s, name })).sort((x, y) => x.off - y.off);
    if (nearest.off < 0.015) return nearest.name;
    return num(Math.max(1, Math.round(value * 1000) / 1000));
  }
  return '30';
}

const abortError = () => Object.assign(new Error('The render was cancelled'), { name: 'AbortError' });

interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with each `out_time_us` of `-progress pipe:1`, in seconds. */
  onTime?: (seconds: number) => void;
  /** Collect stdout (ffprobe's answer) instead of parsing progress. */
  collect?: boolean;
}

/** Runs ffmpeg/ffprobe with an argument array (never a shell). Rejects with the tail of stderr, or an AbortError. */
function run(bin: string, args: string[], o: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) return reject(abortError());
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let pending = '';
    let err = '';
    let aborted = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (d: Buffer) => {
      if (o.collect) {
        out = (out + d.toString()).slice(-1024 * 1024);
        return;
      }
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us (and out_time_ms, which ffmpeg also prints in microseconds); "N/A" before the first frame.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (m) o.onTime?.(Number(m[1]) / 1e6);
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    const stop = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 2000);
      killTimer.unref();
    };
    const onAbort = () => {
      aborted = true;
      stop();
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, o.timeoutMs);
    const done = () => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      o.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e) => {
      done();
      reject(e);
    });
    child.on('close', (code, signal) => {
      done();
      if (aborted) return reject(abortError());
      if (code === 0) return resolve(out);
      const name = bin.split('/').pop();
      if (timedOut) return reject(new Error(`${name} took longer than ${Math.round(o.timeoutMs / 1000)} s and was stopped`));
      reject(new Error(`${name} ${signal ? `was killed (${signal})` : `exited ${code}`}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

const partOf = (outFile: string) => `${outFile}.part`;

@Injectable()
export class FfmpegEditRenderer implements EditRenderer {
  private readonly logger = new Logger('ffmpeg-editor');
  readonly ffmpeg = resolveBinary('ffmpeg');
  readonly ffprobe = resolveBinary('ffprobe');

  async render(opts: Parameters<EditRenderer['render']>[0]): Promise<void> {
    if (opts.signal?.aborted) throw abortError();
    const part = partOf(opts.outFile);
    const dir = await mkdtemp(join(tmpdir(), 'scriven-edit-'));
    try {
      const source = await this.probe(opts.source, opts.signal);
      const music = opts.music && opts.edit.music ? { ...opts.music } : null;
      let monoMusic = false;
      if (music) {
        const track = await this.probe(music.path, opts.signal);
        monoMusic = track.channels === 1;
        // Where the offset into the endlessly looped track falls within it.
        music.offset = music.offset && track.duration > 0 ? music.offset % track.duration : 0;
      }
      const plan = renderArgs({ ...opts, music, outFile: part, fps: source.fps, monoAudio: source.channels === 1, monoMusic, tempDir: dir, fonts: findFonts() });
      for (const f of plan.files) await writeFile(f.path, f.content, 'utf8');
      let last = -1;
      let lastAt = 0;
      const onTime = (seconds: number) => {
        if (!opts.onProgress || plan.duration <= 0) return;
        const percent = Math.min(99, Math.max(0, Math.floor((seconds / plan.duration) * 100)));
        const now = Date.now();
        if (percent > last && now - lastAt >= 250) {
          last = percent;
          lastAt = now;
          opts.onProgress(percent);
        }
      };
      this.logger.debug(`render ${opts.edit.clips.length} clip(s) at ${opts.height}p (${opts.quality})`);
      await run(this.ffmpeg, plan.args, { timeoutMs: (opts.quality === 'preview' ? 60_000 : 600_000) + 4000 * plan.duration, signal: opts.signal, onTime });
      await rename(part, opts.outFile);
      opts.onProgress?.(100);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async filmstrip(source: string, facts: SourceFacts, count: number, frameWidth: number, outFile: string): Promise<void> {
    if (!Number.isInteger(count) || count < 1 || count > 100) throw new Error('A filmstrip has 1 to 100 frames');
    // One seek per frame (a long video is never decoded whole), the frames side by side.
    const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
    const graph: string[] = [];
    for (let i = 0; i < count; i++) {
      const at = Math.max(0, Math.min(facts.durationSeconds - 0.2, (facts.durationSeconds * (i + 0.5)) / count));
      args.push('-ss', num(at), '-i', source);
      graph.push(`[${i}:v]trim=end_frame=1,setpts=PTS-STARTPTS,scale=${even(frameWidth)}:-2,setsar=1[f${i}]`);
    }
    graph.push(count > 1 ? `${Array.from({ length: count }, (_, i) => `[f${i}]`).join('')}hstack=inputs=${count}[strip]` : '[f0]null[strip]');
    args.push('-filter_complex', graph.join(';'), '-map', '[strip]', '-frames:v', '1', '-q:v', '4', '-f', 'mjpeg', partOf(outFile));
    await this.image(args, outFile, 120_000);
  }

  async frame(source: string, atSeconds: number, width: number, filter: EditFilter | null, outFile: string): Promise<void> {
    if (!Number.isFinite(atSeconds) || atSeconds < 0) throw new Error('A frame is taken at 0 seconds or later');
    if (filter !== null && !Object.hasOwn(FILTER_CHAINS, filter)) throw new Error(`Unknown filter ${JSON.stringify(filter)}`);
    const chain = [`scale=${even(width)}:-2`, 'setsar=1', ...(filter ? [FILTER_CHAINS[filter]] : [])].join(',');
    const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-ss', num(atSeconds), '-i', source, '-frames:v', '1', '-vf', chain, '-q:v', '3', '-f', 'mjpeg', partOf(outFile)];
    await this.image(args, outFile, 60_000);
  }

  private async image(args: string[], outFile: string, timeoutMs: number): Promise<void> {
    const part = partOf(outFile);
    try {
      await run(this.ffmpeg, args, { timeoutMs, collect: true });
      // ffmpeg exits 0 with an empty file when there is no frame to take (a time past the end).
      if ((await stat(part)).size === 0) throw new Error('ffmpeg found no frame to take');
      await rename(part, outFile);
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
  }

  /** A file's frame rate (normalised: every clip is rendered at it, so cuts and transitions line up), its sound's channels and length. */
  private async probe(file: string, signal?: AbortSignal): Promise<{ fps: string; channels: number; duration: number }> {
    const out = await run(this.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,channels,avg_frame_rate,r_frame_rate:format=duration', '-of', 'json', file], {
      timeoutMs: 60_000,
      signal,
      collect: true,
    });
    const data = JSON.parse(out) as { streams?: { codec_type?: string; channels?: number; avg_frame_rate?: string; r_frame_rate?: string }[]; format?: { duration?: string } };
    const video = data.streams?.find((s) => s.codec_type === 'video');
    const audio = data.streams?.find((s) => s.codec_type === 'audio');
    return { fps: normaliseRate(video?.avg_frame_rate, video?.r_frame_rate), channels: audio?.channels ?? 0, duration: Number(data.format?.duration) || 0 };
  }
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

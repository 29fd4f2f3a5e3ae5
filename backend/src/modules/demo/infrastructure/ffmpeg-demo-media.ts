import { Inject, Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { resolveBinary } from '../../../common/media/ffmpeg-binaries.js';
import type { DemoMedia, Sound, Visual } from '../domain/demo-plan.js';
import type { DemoMediaMaker } from '../domain/ports.js';

const FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'];
const FPS = 24;
const COLOURS = [
  ['#ffcc00', '#101a40', '#ff6a00'],
  ['#ff5a5f', '#1b1b1b', '#ffd166'],
  ['#7cf5c8', '#0b2a3a', '#3a86ff'],
  ['#f8f9fa', '#3c096c', '#c77dff'],
];

function visual(kind: Visual, variant: number, w: number, h: number): string {
  const [a, b, c] = COLOURS[variant % COLOURS.length].map((x) => x.replace('#', '0x'));
  const small = (d: number) => `${Math.round(w / d / 2) * 2}x${Math.round(h / d / 2) * 2}`;
  switch (kind) {
    case 'testsrc2':
      return [`testsrc2=s=${w}x${h}:r=${FPS}`, `testsrc2=s=${w}x${h}:r=${FPS},hue=h=t*40`, `testsrc2=s=${w}x${h}:r=${FPS},negate,hue=h=120`][variant % 3];
    case 'mandelbrot':
      return [
        `mandelbrot=s=${w}x${h}:r=${FPS}:end_scale=0.05`,
        `mandelbrot=s=${w}x${h}:r=${FPS}:end_scale=0.02:outer=normalized_iteration_count,hue=h=180`,
        `mandelbrot=s=${w}x${h}:r=${FPS}:end_scale=0.01:inner=period,hue=h=t*10`,
      ][variant % 3];
    case 'life':
      return `life=s=${small(4)}:r=${FPS}:mold=10:ratio=0.12:life_color=${a}:death_color=${b}:mold_color=${c},scale=${w}:${h}:flags=neighbor`;
    case 'cellauto': {
      const rule = [30, 110, 90][variant % 3];
      const mix = ['rr=1:gg=0.35:bb=0.7', 'rr=0.3:gg=1:bb=0.5', 'rr=0.4:gg=0.6:bb=1'][variant % 3];
      return `cellauto=s=${small(2)}:r=${FPS}:rule=${rule}:scroll=1,scale=${w}:${h}:flags=neighbor,format=rgb24,colorchannelmixer=${mix}`;
    }
    case 'gradients':
      return `gradients=s=${w}x${h}:r=${FPS}:speed=0.015:c0=${a}:c1=${b}:c2=${c}:n=3`;
    case 'bars':
      return `smptehdbars=s=${w}x${h}:r=${FPS},hue=h=t*30`;
    case 'rgb':
      return `rgbtestsrc=s=${w}x${h}:r=${FPS},hue=h=t*45`;
  }
}

function sound(kind: Sound, variant: number): string {
  switch (kind) {
    case 'tone':
      return `sine=f=${330 + 110 * (variant % 3)}:r=44100`;
    case 'chord':
      return `aevalsrc='0.12*sin(2*PI*261.6*t)+0.1*sin(2*PI*329.6*t)+0.08*sin(2*PI*392*t)':s=44100`;
    case 'pink':
      return 'anoisesrc=c=pink:a=0.08:r=44100';
    case 'brown':
      return 'anoisesrc=c=brown:a=0.2:r=44100';
    case 'drone':
      return `aevalsrc='0.15*sin(2*PI*${110 + 55 * (variant % 2)}*t)*(0.6+0.4*sin(2*PI*0.25*t))':s=44100`;
    case 'speech': {
      // A voice-like hum: a wavering pitch with a few harmonics, syllables (an envelope at ~3 Hz) and pauses between phrases.
      const p = 105 + 35 * (variant % 4);
      const glide = (k: number) => `${2 * k}*PI*${p}*t+${2 * k}*sin(2*PI*0.8*t)`;
      return (
        `aevalsrc='(0.55+0.45*sin(2*PI*3.3*t))*gt(sin(2*PI*0.37*t)+0.35*sin(2*PI*1.1*t),-0.7)` +
        `*(0.14*sin(${glide(1)})+0.07*sin(${glide(2)})+0.035*sin(${glide(5)}))':s=44100`
      );
    }
  }
}

/** Breaks a title into lines of at most `width` characters (drawtext does not wrap). */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

function run(bin: string, args: string[], cwd: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], signal, timeout: 180_000, killSignal: 'SIGKILL' });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code, sig) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${sig ? `was killed (${sig})` : `exited ${code}`}: ${err.trim().split('\n').slice(-2).join(' | ')}`))));
  });
}

/**
 * Generated media with ffmpeg's lavfi sources (test patterns, fractals, cellular automata, gradients) and a tone or
 * noise, small and quick to encode (640x360 videos, 360x640 reels, x264 ultrafast), the title burned in when this
 * ffmpeg has drawtext (checked once). Avatars: an SVG of the initials on a colour, rendered to PNG by sharp. Every
 * file lives in a directory under DATA_DIR/tmp that the caller removes.
 */
@Injectable()
export class FfmpegDemoMedia implements DemoMediaMaker {
  private readonly logger = new Logger('Demo');
  private readonly ffmpeg = resolveBinary('ffmpeg');
  private readonly font = FONTS.find((f) => existsSync(f)) ?? null;
  private drawtext?: Promise<boolean>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async workDir(): Promise<string> {
    const tmp = join(this.config.dataDir, 'tmp');
    await mkdir(tmp, { recursive: true });
    return mkdtemp(join(tmp, 'demo-'));
  }

  async removeWorkDir(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
  }

  private titleFilter(size: number, bottom: number): string {
    return (
      `drawtext=textfile=title.txt:expansion=none:fontcolor=white:fontsize=${size}:line_spacing=6:box=1:boxcolor=black@0.55:boxborderw=10` +
      `:x=(w-text_w)/2:y=h-text_h-${bottom}${this.font ? `:fontfile=${this.font}` : ''}`
    );
  }

  /** Whether this ffmpeg can burn in titles (drawtext, and a font it finds). */
  private canDrawText(dir: string): Promise<boolean> {
    this.drawtext ??= (async () => {
      try {
        await writeFile(join(dir, 'title.txt'), 'Scriven');
        await run(this.ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'color=c=black:s=160x90:d=0.1', '-vf', this.titleFilter(16, 4), '-f', 'null', '-'], dir);
        return true;
      } catch (e) {
        this.logger.log(`Demo videos have no titles burned in: this ffmpeg cannot draw text (${(e as Error).message})`);
        return false;
      }
    })();
    return this.drawtext;
  }

  async video(item: DemoMedia, dir: string, signal: AbortSignal): Promise<string> {
    const vertical = item.kind === 'reel';
    const [w, h] = vertical ? [360, 640] : [640, 360];
    const text = await this.canDrawText(dir);
    if (text) await writeFile(join(dir, 'title.txt'), wrap(item.title, vertical ? 18 : 34));
    const out = join(dir, 'media.mp4');
    const args = (source: string) => [
      '-v', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', source,
      '-f', 'lavfi', '-i', sound(item.sound, item.variant),
      '-t', String(item.seconds),
      ...(text ? ['-vf', this.titleFilter(vertical ? 20 : 22, Math.round(h * 0.08))] : []),
      '-map', '0:v', '-map', '1:a',
      // Capped: noise-like sources (life, cellular automata) would otherwise take megabytes a second.
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-maxrate', '700k', '-bufsize', '1400k', '-pix_fmt', 'yuv420p', '-g', String(FPS * 2),
      '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
      '-movflags', '+faststart', out,
    ];
    try {
      await run(this.ffmpeg, args(visual(item.visual, item.variant, w, h)), dir, signal);
    } catch (e) {
      if (signal.aborted) throw e;
      // An older ffmpeg without this source (gradients came in 4.3): the test pattern instead.
      this.logger.debug(`demo visual ${item.visual} failed, using testsrc2: ${(e as Error).message}`);
      await run(this.ffmpeg, args(visual('testsrc2', item.variant, w, h)), dir, signal);
    }
    return out;
  }

  async audio(item: DemoMedia, dir: string, signal: AbortSignal): Promise<string> {
    const cover = join(dir, 'cover.jpg');
    const still = (source: string) => ['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '3', cover];
    try {
      await run(this.ffmpeg, still(visual(item.visual, item.variant, 600, 600)), dir, signal);
    } catch (e) {
      if (signal.aborted) throw e;
      await run(this.ffmpeg, still(visual('testsrc2', item.variant, 600, 600)), dir, signal);
    }
    const out = join(dir, 'track.mp3');
    const tags = item.episode
      ? { title: item.title, artist: item.creator, album: item.episode.show, genre: 'Podcast', track: String(item.episode.number), disc: String(item.episode.season) }
      : { title: item.title, artist: item.track?.artist ?? item.creator, album: item.track?.album ?? '', genre: item.track?.genre ?? '' };
    await run(
      this.ffmpeg,
      [
        '-v', 'error', '-nostdin', '-y',
        '-f', 'lavfi', '-i', sound(item.sound, item.variant),
        '-i', cover,
        '-t', String(item.seconds),
        '-map', '0:a', '-map', '1:v',
        '-c:a', 'libmp3lame', '-b:a', '96k', '-ac', '2',
        '-c:v', 'copy', '-disposition:v', 'attached_pic', '-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)',
        ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
        '-id3v2_version', '3', out,
      ],
      dir,
      signal,
    );
    return out;
  }

  async avatar(initials: string, colour: string, dir: string): Promise<string> {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${colour}"/>` +
      `<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">${initials.replace(/[^A-Z0-9]/g, '')}</text></svg>`;
    const out = join(dir, 'avatar.png');
    await sharp(Buffer.from(svg)).png().toFile(out);
    return out;
  }

  async banner(colour: string, accent: string, variant: number, dir: string): Promise<string> {
    const [w, h] = [2048, 512];
    // Soft circles and a wave whose places follow the variant, so no two banners look alike.
    const circles = Array.from({ length: 6 }, (_, i) => {
      const x = ((i * 397 + variant * 211) % 20) * (w / 20);
      const y = ((i * 163 + variant * 89) % 8) * (h / 8);
      const r = 60 + ((i * 53 + variant * 31) % 5) * 45;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${(0.06 + (i % 3) * 0.04).toFixed(2)}"/>`;
    }).join('');
    const lift = 180 + (variant % 4) * 50;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${circles}` +
      `<path d="M0 ${h - lift} C ${w * 0.25} ${h - lift - 120}, ${w * 0.5} ${h - lift + 120}, ${w} ${h - lift - 40} L ${w} ${h} L 0 ${h} Z" fill="#000000" fill-opacity="0.16"/>` +
      `</svg>`;
    const out = join(dir, 'banner.png');
    await sharp(Buffer.from(svg)).png().toFile(out);
    return out;
  }

  private get liveLoopPath(): string {
    return join(this.config.dataDir, 'demo', 'live-loop.mp4');
  }

  async liveLoop(item: DemoMedia, signal: AbortSignal): Promise<string> {
    const path = this.liveLoopPath;
    if (existsSync(path)) return path;
    const dir = await this.workDir();
    try {
      const made = await this.video(item, dir, signal);
      await mkdir(join(this.config.dataDir, 'demo'), { recursive: true });
      // Renamed into place whole: a publisher never reads a half-written loop.
      await rename(made, path);
      return path;
    } finally {
      await this.removeWorkDir(dir);
    }
  }

  async removeLiveLoop(): Promise<void> {
    await rm(this.liveLoopPath, { force: true });
  }
}

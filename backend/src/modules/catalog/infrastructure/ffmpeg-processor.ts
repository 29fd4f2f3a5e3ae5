import { Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveBinary } from '../../../common/media/ffmpeg-binaries.js';
import type { ProbeResult } from '../domain/media.js';
import type { AudioProbe, MediaProcessor } from '../domain/ports.js';

const BITRATES: Record<number, string> = { 1080: '5000k', 720: '2800k', 480: '1400k', 360: '800k' };
const AUDIO_BITRATE = '128k';

/** The other side of a frame scaled to `to` on one side, as ffmpeg's scale=-2 computes it: rounded to the nearest even number. */
function evenScale(other: number, to: number, side: number): number {
  return Math.round((other * to) / (side * 2)) * 2;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return runRaw(bin, args, timeoutMs).then((b) => b.toString());
}

/** At most 64 MiB of output is kept (a waveform's samples are far fewer). */
function runRaw(bin: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      if (size + d.length <= 64 * 1024 * 1024) chunks.push(d);
      size += d.length;
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(chunks));
      const e = new Error(`${bin.split('/').pop()} ${signal ? `was killed (${signal})` : `exited ${code}`}: ${err.trim().split('\n').slice(-3).join(' | ')}`);
      // Only a run that ended by itself judged its input; a kill (the time limit, the system) says nothing about it.
      reject(Object.assign(e, { exitCode: signal ? null : code }));
    });
  });
}

@Injectable()
export class FfmpegProcessor implements MediaProcessor {
  private readonly logger = new Logger('ffmpeg');
  readonly ffmpeg = resolveBinary('ffmpeg');
  readonly ffprobe = resolveBinary('ffprobe');

  async probe(path: string): Promise<ProbeResult | null> {
    // A missing file, a binary that cannot start or a probe killed at its time limit is a failure of this attempt
    // (thrown: the job retries); only ffprobe refusing the bytes means the file is not media.
    await access(path, constants.R_OK);
    let json: string;
    try {
      json = await run(this.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], 60_000);
    } catch (e) {
      if (typeof (e as { exitCode?: unknown }).exitCode === 'number') return null;
      throw e;
    }
    const data = JSON.parse(json) as {
      format?: { duration?: string; format_name?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
    };
    const video = data.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
    const duration = Number(data.format?.duration ?? video?.duration ?? NaN);
    if (!video || !Number.isFinite(duration) || duration <= 0) return null;
    return {
      durationSeconds: duration,
      width: video.width!,
      height: video.height!,
      hasAudio: !!data.streams?.some((s) => s.codec_type === 'audio'),
      container: data.format?.format_name ?? 'unknown',
    };
  }

  async thumbnail(path: string, atSeconds: number, outFile: string): Promise<void> {
    await run(this.ffmpeg, ['-v', 'error', '-y', '-ss', String(atSeconds), '-i', path, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '4', outFile], 120_000);
  }

  async hls(path: string, heights: number[], hasAudio: boolean, outDir: string, source: { width: number; height: number }): Promise<void> {
    const portrait = source.height > source.width;
    // One decode, one HLS output per rendition, and the master playlist written here: the older ffmpeg that npm installs
    // (the 2018 static build of @ffmpeg-installer) rejects `name:` in -var_stream_map and crashes on several variants
    // with audio, while separate outputs work the same on every version.
    for (const h of heights) await mkdir(join(outDir, `${h}p`), { recursive: true });
    const n = heights.length;
    const split = `[0:v]split=${n}${heights.map((_, i) => `[s${i}]`).join('')};` + heights.map((h, i) => `[s${i}]scale=${portrait ? `${h}:-2` : `-2:${h}`}[v${i}]`).join(';');
    const args = ['-v', 'error', '-y', '-i', path, '-filter_complex', split];
    heights.forEach((h, i) => {
      const rate = BITRATES[h] ?? '600k';
      args.push('-map', `[v${i}]`, '-c:v', 'libx264', '-b:v', rate, '-maxrate', rate, '-bufsize', '2M');
      args.push('-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*4)', '-sc_threshold', '0');
      if (hasAudio) args.push('-map', 'a:0', '-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2');
      args.push('-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(outDir, `${h}p`, 'seg_%05d.ts'), join(outDir, `${h}p`, 'index.m3u8'));
    });
    this.logger.debug(`hls ${heights.join('/')}p for ${path}`);
    await run(this.ffmpeg, args, 6 * 3600_000);
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
    for (const h of heights) {
      const size = portrait ? `${h}x${evenScale(source.height, h, source.width)}` : `${evenScale(source.width, h, source.height)}x${h}`;
      const bandwidth = (parseInt(BITRATES[h] ?? '600k', 10) + (hasAudio ? parseInt(AUDIO_BITRATE, 10) : 0)) * 1000;
      lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${size}`, `${h}p/index.m3u8`);
    }
    await writeFile(join(outDir, 'master.m3u8'), lines.join('\n') + '\n');
  }

  async probeAudio(path: string): Promise<AudioProbe | null> {
    await access(path, constants.R_OK);
    let json: string;
    try {
      json = await run(this.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], 60_000);
    } catch (e) {
      if (typeof (e as { exitCode?: unknown }).exitCode === 'number') return null;
      throw e;
    }
    const data = JSON.parse(json) as {
      format?: { duration?: string; tags?: Record<string, string> };
      streams?: { codec_type?: string; codec_name?: string; width?: number; duration?: string; tags?: Record<string, string>; disposition?: { attached_pic?: number } }[];
    };
    const audio = data.streams?.find((s) => s.codec_type === 'audio');
    const duration = Number(data.format?.duration ?? audio?.duration ?? NaN);
    if (!audio || !Number.isFinite(duration) || duration <= 0) return null;
    const tags: Record<string, string> = {};
    for (const source of [audio.tags ?? {}, data.format?.tags ?? {}]) for (const [k, v] of Object.entries(source)) if (typeof v === 'string' && v.trim()) tags[k.toLowerCase()] = v.trim();
    return {
      durationSeconds: duration,
      codec: audio.codec_name ?? 'unknown',
      tags: { title: tags.title, artist: tags.artist, album: tags.album, genre: tags.genre },
      hasCover: !!data.streams?.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic),
      hasVideo: !!data.streams?.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0),
    };
  }

  async coverArt(path: string, outFile: string): Promise<void> {
    await run(this.ffmpeg, ['-v', 'error', '-y', '-i', path, '-map', '0:v:0', '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '4', outFile], 120_000);
  }

  async audioRendition(path: string, outFile: string): Promise<void> {
    await run(this.ffmpeg, ['-v', 'error', '-y', '-i', path, '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', outFile], 3600_000);
  }

  async lowRateSamples(path: string): Promise<Int16Array> {
    const raw = await runRaw(this.ffmpeg, [
      // Mono, rectified, then resampled to 1 kHz: the resampler's low-pass keeps the loudness envelope of every
      // frequency (resampling the signal itself would drop all above 500 Hz).
      '-v', 'error', '-i', path, '-map', '0:a:0', '-af', 'aformat=channel_layouts=mono,aeval=abs(val(0)),aresample=1000', '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1',
    ], 3600_000);
    const aligned = Buffer.from(raw.subarray(0, raw.length - (raw.length % 2)));
    return new Int16Array(aligned.buffer, aligned.byteOffset, aligned.length / 2);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveBinary } from '../../../common/media/ffmpeg-binaries.js';
import type { ProbeResult } from '../domain/media.js';
import type { MediaProcessor } from '../domain/ports.js';

const BITRATES: Record<number, string> = { 1080: '5000k', 720: '2800k', 480: '1400k', 360: '800k' };
const AUDIO_BITRATE = '128k';

/** The other side of a frame scaled to `to` on one side, as ffmpeg's scale=-2 computes it: rounded to the nearest even number. */
function evenScale(other: number, to: number, side: number): number {
  return Math.round((other * to) / (side * 2)) * 2;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
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
      if (code === 0) return resolve(out);
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
}

import { Injectable } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { resolveBinary } from '../../../common/media/ffmpeg-binaries.js';
import type { LivePublisher, RunningPublisher } from '../domain/ports.js';

/** How long a stopped publisher may take to leave after SIGTERM before it is killed. */
const STOP_GRACE_MS = 3000;

/** `rtmp://host:port/app/<name>` → the URL without the name, and the name (the publish token), or null. */
function splitStreamName(rtmpUrl: string): [string, string] | null {
  const m = /^(rtmps?:\/\/[^/]+\/[^/?]+)\/([^/?]+)$/.exec(rtmpUrl);
  return m ? [m[1], m[2]] : null;
}

/**
 * `ffmpeg -re -stream_loop -1 -i <loop> -c copy -f flv rtmp://…`: the demo's live stream published in real time, in an
 * endless loop, without re-encoding (the loop is H.264/AAC already), exactly as OBS or ffmpeg publish to the ingest.
 * The stream name (a publish token) goes as rtmp_playpath, not in the URL, since ffmpeg's error lines name the URL,
 * and it is taken out of the error text kept (which the broadcast logs).
 */
@Injectable()
export class FfmpegLivePublisher implements LivePublisher {
  private readonly ffmpeg = resolveBinary('ffmpeg');

  start(file: string, rtmpUrl: string): RunningPublisher {
    const split = splitStreamName(rtmpUrl);
    const output = split ? ['-rtmp_playpath', split[1], split[0]] : [rtmpUrl];
    const child = spawn(this.ffmpeg, ['-v', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', file, '-c', 'copy', '-f', 'flv', ...output], { stdio: ['ignore', 'ignore', 'pipe'] });
    let detail = '';
    child.stderr.on('data', (d: Buffer) => {
      const text = detail + d.toString();
      detail = (split ? text.split(split[1]).join('<key>') : text).slice(-1000);
    });
    const exited = new Promise<{ code: number | null; signal: string | null; detail: string }>((resolve) => {
      child.once('error', (e) => resolve({ code: null, signal: null, detail: e.message }));
      child.once('close', (code, signal) => resolve({ code, signal, detail: detail.trim().split('\n').slice(-2).join(' | ') }));
    });
    return {
      pid: child.pid,
      exited,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          await exited;
          clearTimeout(timer);
        }
        await exited;
      },
    };
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { resolveBinary } from './ffmpeg-binaries.js';

/** How long a piped ffmpeg may take to finish its files once its input ended, before it is killed. */
export const FFMPEG_STOP_MS = 5_000;

export interface PipedFfmpegOptions {
  /** Whether its stdout is read (a pipe) or ignored. */
  stdout: boolean;
  /** A secret on its command line, replaced by `<key>` in the stderr kept (it may arrive split over two chunks). */
  redact?: string;
  /** Where the running child is kept while it runs (its owner kills every child in it at shutdown). */
  track: Set<ChildProcess>;
  /** Told once when it is gone: its exit code, or null with the error when it could not run. */
  onExit: (code: number | null, error: Error | null) => void;
}

/**
 * One ffmpeg fed through its stdin (live ingest: RTMP's FLV, the browser's WebM): started with its failure listened to
 * at once (a failed spawn emits 'error' and may give no pipes), the last 2,000 characters of its stderr kept for the
 * log, and stopped by ending its input, then killed if it has not finished within {@link FFMPEG_STOP_MS}.
 */
export class PipedFfmpeg {
  readonly stdin: Writable;
  readonly stdout: Readable | null;
  private stderr = '';
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: PipedFfmpegOptions,
  ) {
    this.exited = new Promise((resolve) => {
      let told = false;
      const gone = (code: number | null, error: Error | null) => {
        options.track.delete(child);
        resolve();
        if (told) return;
        told = true;
        options.onExit(code, error);
      };
      child.on('error', (e) => gone(null, e));
      child.on('close', (code) => gone(code, null));
    });
    if (!child.stdin || !child.stderr || (options.stdout && !child.stdout)) {
      child.kill('SIGKILL');
      throw new Error('ffmpeg could not be started');
    }
    this.stdin = child.stdin;
    this.stdout = child.stdout;
    options.track.add(child);
    child.stdin.on('error', () => undefined);
    child.stderr.on('data', (d: Buffer) => {
      const text = this.stderr + d.toString();
      this.stderr = (options.redact ? text.split(options.redact).join('<key>') : text).slice(-2000);
    });
  }

  static start(args: string[], options: PipedFfmpegOptions): PipedFfmpeg {
    const child = spawn(resolveBinary('ffmpeg'), args, { stdio: ['pipe', options.stdout ? 'pipe' : 'ignore', 'pipe'] });
    return new PipedFfmpeg(child, options);
  }

  /** The last lines of what it wrote on stderr, joined for one log line. */
  stderrTail(lines = 2): string {
    return this.stderr.trim().split('\n').slice(-lines).join(' | ');
  }

  /** Ends its input and waits for it to finish, killing it after {@link FFMPEG_STOP_MS}. */
  async stop(): Promise<void> {
    this.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), FFMPEG_STOP_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

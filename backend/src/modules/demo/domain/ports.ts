import type { DemoMedia } from './demo-plan.js';

/**
 * What the demo remembers in the database (rows of `seed_marks`, the table of one-time work): that it started, is
 * done, or was removed (then it never comes back), and a lease that keeps two processes from seeding at once.
 */
export interface DemoMarks {
  has(name: string): Promise<boolean>;
  mark(name: string): Promise<void>;
  /** Takes the seeding lease unless another process holds one that has not expired; false when it could not. */
  claimLease(): Promise<boolean>;
  /** Extends the lease this process holds; false when it was lost (expired and taken by another process). */
  renewLease(): Promise<boolean>;
  releaseLease(): Promise<void>;
  /** Whether some process holds an unexpired lease. */
  leaseHeld(): Promise<boolean>;
}

export const DEMO_MARKS = Symbol('DemoMarks');

/** Makes the demo's files: generated videos (ffmpeg lavfi sources) avatars and banners (SVGs rendered to PNG). */
export interface DemoMediaMaker {
  /** A fresh temporary directory under the data directory, for one item's files. */
  workDir(): Promise<string>;
  removeWorkDir(dir: string): Promise<void>;
  /** Writes an MP4 of the item into dir and returns its path; a kill through `signal` rejects. */
  video(item: DemoMedia, dir: string, signal: AbortSignal): Promise<string>;
  /**
   * A music track or a podcast episode: an MP3 of the item's sound with its tags (title, artist, album, genre; an
   * episode's show as its album) and a cover picture of its visual.
   */
  audio(item: DemoMedia, dir: string, signal: AbortSignal): Promise<string>;
  /** Writes a square PNG with the initials on the colour and returns its path. */
  avatar(initials: string, colour: string, dir: string): Promise<string>;
  /** Writes a wide PNG banner (a gradient from colour to accent, with shapes placed by `variant`) and returns its path. */
  banner(colour: string, accent: string, variant: number, dir: string): Promise<string>;
  /** The demo live stream's loop (H.264/AAC MP4 under the data directory), made once; later calls return the same file. */
  liveLoop(item: DemoMedia, signal: AbortSignal): Promise<string>;
  /** Deletes the live loop (the demo was removed). */
  removeLiveLoop(): Promise<void>;
}

export const DEMO_MEDIA_MAKER = Symbol('DemoMediaMaker');

/** The demo's phases, as marks. */
export const DEMO_MARK = {
  started: 'demo:started',
  engagement: 'demo:engagement',
  done: 'demo:done',
  /** The instance was not new when the demo could first have been seeded (people had registered): never seeded. */
  skipped: 'demo:skipped',
  removed: 'demo:removed',
  /** The demo's live stream was started once (if it is ended by someone else, e.g. moderation, it is not started again). */
  liveStarted: 'demo:live-started',
  /** The gaming hub's demo, by part (plays and ratings, tournaments, community posts). */
  gamingPlays: 'demo:gaming-plays',
  gamingTournaments: 'demo:gaming-tournaments',
  gamingPosts: 'demo:gaming-posts',
} as const;

/** An ffmpeg publishing a file in a loop to an RTMP address (the demo's live stream, as OBS would). */
export interface RunningPublisher {
  readonly pid: number | undefined;
  /** Settles when the process ended (whatever the reason), with its last words. */
  readonly exited: Promise<{ code: number | null; signal: string | null; detail: string }>;
  /** Stops it (SIGTERM, then SIGKILL if it lingers); resolves once it ended. */
  stop(): Promise<void>;
}

export interface LivePublisher {
  start(file: string, rtmpUrl: string): RunningPublisher;
}

export const DEMO_LIVE_PUBLISHER = Symbol('DemoLivePublisher');

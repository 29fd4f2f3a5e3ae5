import type { components } from '../api/schema';
import horizontalClip from './media/demo-horizontal.mp4?url';
import verticalClip from './media/demo-vertical.mp4?url';

type Schemas = components['schemas'];
export type MediaStatus = 'processing' | 'ready' | 'failed';
export type AgeRating = Schemas['MovieResponseDto']['age_rating'];

/** What processing will end in, and when (the mock's stand-in for the server's background jobs). */
export interface PendingOutcome {
  at: number;
  status: 'ready' | 'failed';
  failure_reason: string | null;
}

interface Processed {
  status: MediaStatus;
  failure_reason: string | null;
  pending: PendingOutcome | null;
}

interface Owned {
  id: string;
  userId: string;
  accountId: string;
  created_at: string;
}

export interface MockVideo extends Owned, Processed {
  title: string;
  description: string | null;
  is_vertical: boolean;
  monetization_enabled: boolean;
  views: number;
  /** Likes from people outside the mock data, plus `likedBy`. */
  baseLikes: number;
  likedBy: string[];
  ad_revenue: number;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  thumbnail_url: string | null;
  stream_url: string;
  hls_url: string | null;
}

export interface MockReel extends Owned, Processed {
  title: string;
  description: string | null;
  tags: string[];
  monetization_enabled: boolean;
  views: number;
  baseLikes: number;
  likedBy: string[];
  duration_seconds: number | null;
  thumbnail_url: string | null;
  stream_url: string;
}

export type MockReelComment = Omit<Schemas['ReelCommentDto'], 'is_mine'> & {
  reelId: string;
  userId: string | null;
};

export interface MockMovie extends Omit<Owned, 'accountId'>, Processed {
  title: string;
  description: string | null;
  year: number | null;
  duration: number | null;
  /** Viewers' ratings (user id → 1 to 5 stars); people outside the mock data have ids of their own. */
  ratings: Record<string, number>;
  genre: string[];
  age_rating: AgeRating;
  family_safe: boolean;
  is_premium: boolean;
  poster_url: string | null;
  backdrop_url: string | null;
  video_url: string | null;
  /** The HLS master of a movie processed with a ladder (the server's hls_url); absent for the others. */
  hls_url?: string | null;
  cast: string[];
  views: number;
  stream_url: string;
}

export interface MockUploadSession {
  session_id: string;
  userId: string;
  filename: string;
  title: string;
  description: string | null;
  is_vertical: boolean;
  monetization_enabled: boolean;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  uploaded_chunks: number[];
  status: Schemas['UploadSessionDto']['status'];
  video_id: string | null;
  expires_at: string;
}

/** Limits and timings of the mock server; tests change them (a small chunk size, instant processing). */
export const MEDIA_DEFAULTS = {
  /** 8 MiB, as the server (product.md §4). */
  chunkSize: 8_388_608,
  /** How long the mock "processes" an upload. */
  processingMs: 4000,
  /** Unfinished chunked uploads one user may have at once. */
  maxActiveUploads: 3,
  sessionTtlMs: 24 * 3_600_000,
  /** Free space the mock pretends to have, for the 507 of init. */
  freeBytes: 2 * 1024 ** 4,
  /** How long each chunk takes to arrive (QA mode slows chunks down so Pause can be clicked). */
  chunkDelayMs: 0,
} as const;

export const mediaDb = {
  config: { ...MEDIA_DEFAULTS } as { -readonly [K in keyof typeof MEDIA_DEFAULTS]: number },
  videos: [] as MockVideo[],
  reels: [] as MockReel[],
  comments: [] as MockReelComment[],
  movies: [] as MockMovie[],
  uploads: [] as MockUploadSession[],
  /** `${kind}:${id}:${viewer}` → when the view was counted (one per viewer per 30 minutes). */
  viewLog: {} as Record<string, number>,
  /** video id → seconds watched, from heartbeats. */
  watchSeconds: {} as Record<string, number>,
  /** `${userId}:${videoId}` → where that viewer is in the video and when they were last there (Continue watching). */
  progress: {} as Record<string, { position: number; at: number }>,
  /** The bytes of each chunk received, per session; kept in memory only (a page reload loses them). */
  chunkBytes: new Map<string, Map<number, Blob>>(),
};

let sequence = 0;
export function mediaId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

type PublishedListener = (item: MockVideo | MockReel, kind: 'video' | 'reel') => void;
let publishedListener: PublishedListener | null = null;

/** Hears of each video or reel whose processing ends ready (the server then tells the owner's followers). */
export function onPublished(listener: PublishedListener | null): void {
  publishedListener = listener;
}

/** Applies an upload's processing outcome once its time has come. */
export function settle<T extends Processed>(item: T, now = Date.now()): T {
  if (item.pending && now >= item.pending.at) {
    item.status = item.pending.status;
    item.failure_reason = item.pending.failure_reason;
    item.pending = null;
    if (item.status === 'ready' && publishedListener) {
      const video = mediaDb.videos.find((entry) => (entry as object) === item);
      const reel = video ? undefined : mediaDb.reels.find((entry) => (entry as object) === item);
      if (video) publishedListener(video, 'video');
      else if (reel) publishedListener(reel, 'reel');
    }
  }
  return item;
}

/** Every pending processing ends now (tests). */
export function finishProcessing(): void {
  for (const item of [...mediaDb.videos, ...mediaDb.reels, ...mediaDb.movies]) {
    if (item.pending) item.pending.at = 0;
    settle(item);
  }
}

/** The demo clips of QA mode: small generated test patterns, served by Vite. */
export const DEMO_CLIPS = { horizontal: horizontalClip, vertical: verticalClip } as const;

/** A poster picture: a gradient and the title, as an SVG data URL (no file needed). */
export function demoArt(title: string, hue: number, shape: 'wide' | 'tall' | 'poster'): string {
  const [w, h] = shape === 'wide' ? [640, 360] : shape === 'tall' ? [360, 640] : [400, 600];
  const escaped = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(w / 20)}" text-anchor="middle">${escaped}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface MediaOwners {
  /** The demo user (ada), with her primary account. */
  ada: { userId: string; accountId: string };
  /** Another creator, whose public uploads everyone sees. */
  mira: { userId: string; accountId: string };
}

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function video(owner: { userId: string; accountId: string }, fields: Partial<MockVideo> & Pick<MockVideo, 'title'>): MockVideo {
  const vertical = fields.is_vertical ?? false;
  return {
    id: mediaId('video'),
    userId: owner.userId,
    accountId: owner.accountId,
    created_at: ago(24),
    description: null,
    is_vertical: vertical,
    monetization_enabled: false,
    views: 0,
    baseLikes: 0,
    likedBy: [],
    ad_revenue: 0,
    status: 'ready',
    failure_reason: null,
    pending: null,
    duration_seconds: 4,
    width: vertical ? 180 : 320,
    height: vertical ? 320 : 180,
    thumbnail_url: demoArt(fields.title, 210, vertical ? 'tall' : 'wide'),
    stream_url: vertical ? DEMO_CLIPS.vertical : DEMO_CLIPS.horizontal,
    hls_url: null,
    ...fields,
  };
}

function reel(owner: { userId: string; accountId: string }, fields: Partial<MockReel> & Pick<MockReel, 'title'>): MockReel {
  return {
    id: mediaId('reel'),
    userId: owner.userId,
    accountId: owner.accountId,
    created_at: ago(12),
    description: null,
    tags: [],
    monetization_enabled: false,
    views: 0,
    baseLikes: 0,
    likedBy: [],
    status: 'ready',
    failure_reason: null,
    pending: null,
    duration_seconds: 4,
    thumbnail_url: demoArt(fields.title, 300, 'tall'),
    stream_url: DEMO_CLIPS.vertical,
    ...fields,
  };
}

function movie(userId: string, fields: Partial<MockMovie> & Pick<MockMovie, 'title'>): MockMovie {
  return {
    id: mediaId('movie'),
    userId,
    created_at: ago(48),
    description: null,
    year: null,
    duration: null,
    ratings: {},
    genre: [],
    age_rating: 'PG',
    family_safe: true,
    is_premium: false,
    poster_url: demoArt(fields.title, 20, 'poster'),
    backdrop_url: null,
    video_url: null,
    cast: [],
    views: 0,
    status: 'ready',
    failure_reason: null,
    pending: null,
    stream_url: DEMO_CLIPS.horizontal,
    ...fields,
  };
}

/** Puts back the demo media: a few videos, reels and movies of ada and of mira, in every state. */
export function resetMediaDb(owners: MediaOwners | null): void {
  mediaDb.config = { ...MEDIA_DEFAULTS };
  mediaDb.videos = [];
  mediaDb.reels = [];
  mediaDb.comments = [];
  mediaDb.movies = [];
  mediaDb.uploads = [];
  mediaDb.viewLog = {};
  mediaDb.watchSeconds = {};
  mediaDb.progress = {};
  mediaDb.chunkBytes.clear();
  if (!owners) return;
  const { ada, mira } = owners;

  mediaDb.videos.push(
    video(mira, {
      title: 'Sunrise over the harbour',
      description: 'Fishing boats heading out at first light.',
      views: 1240,
      baseLikes: 87,
      created_at: ago(30),
    }),
    video(mira, { title: 'City lights timelapse', is_vertical: true, views: 5120, baseLikes: 1430, created_at: ago(20) }),
    video(ada, {
      title: 'Notes on the Analytical Engine',
      description: 'How the mill and the store work together.',
      monetization_enabled: true,
      views: 5230,
      baseLikes: 342,
      ad_revenue: 12.75,
      created_at: ago(10),
    }),
    video(ada, { title: 'Loom patterns, explained', is_vertical: true, views: 310, baseLikes: 25, created_at: ago(8) }),
    video(ada, {
      title: 'Broken export',
      created_at: ago(2),
      status: 'failed',
      failure_reason: 'The file is not a video: no audio or video stream was found',
      duration_seconds: null,
      width: null,
      height: null,
      thumbnail_url: null,
    }),
    video(ada, {
      title: 'Draft: Bernoulli numbers',
      created_at: ago(0.1),
      status: 'processing',
      pending: { at: Date.now() + 20_000, status: 'ready', failure_reason: null },
      thumbnail_url: null,
    }),
  );

  const first = reel(mira, {
    title: 'Harbour in 15 seconds',
    description: 'Morning rush at the docks',
    tags: ['harbour', 'sunrise', 'boats'],
    baseLikes: 2_345_678,
    views: 9_800_000,
    created_at: ago(6),
  });
  mediaDb.reels.push(
    first,
    reel(ada, { title: 'Punch cards at work', tags: ['history', 'computing', 'looms', 'jacquard', 'engineering', 'science'], baseLikes: 15_300, created_at: ago(4) }),
    reel(mira, { title: 'Latte art, slowly', tags: ['coffee'], baseLikes: 999, created_at: ago(3) }),
    reel(ada, { title: 'One line of poetry', description: 'Poetical science', baseLikes: 12, created_at: ago(1) }),
  );
  mediaDb.comments.push(
    { id: mediaId('comment'), reelId: first.id, userId: null, username: 'sam_sails', content: 'I can smell the sea from here', created_at: ago(5) },
    { id: mediaId('comment'), reelId: first.id, userId: ada.userId, username: 'ada', content: 'Beautiful light!', created_at: ago(4) },
  );

  mediaDb.movies.push(
    movie(mira.userId, {
      title: 'The Lighthouse Keeper',
      description: 'A keeper and her daughter weather one last winter on the rock.',
      year: 2024,
      duration: 104,
      ratings: { 'viewer-1': 5, 'viewer-2': 4, 'viewer-3': 4, 'viewer-4': 5, 'viewer-5': 4 },
      genre: ['Drama', 'Family'],
      cast: ['June Marlow', 'Theo Hart'],
      views: 1520,
      created_at: ago(40),
    }),
    movie(mira.userId, {
      title: 'Gears of Tomorrow',
      description: 'An inventor races to finish her engine before the exhibition opens.',
      year: 2019,
      duration: 118,
      ratings: { 'viewer-1': 4, 'viewer-2': 4, 'viewer-3': 3, 'viewer-4': 4 },
      genre: ['Adventure', 'Sci-Fi'],
      age_rating: 'PG-13',
      is_premium: true,
      family_safe: false,
      cast: ['Ida Kray', 'Omar Venn', 'Lu Chen'],
      views: 870,
      created_at: ago(30),
    }),
    movie(ada.userId, {
      title: 'Paper Boats',
      description: 'Two friends follow a paper boat all the way to the sea.',
      year: 2023,
      duration: 82,
      genre: ['Animation', 'Family', 'Comedy'],
      age_rating: 'G',
      cast: ['Pip Rowe'],
      views: 45,
      created_at: ago(5),
    }),
  );
}

/** The media part of QA mode's snapshot (chunk bytes are not kept). */
export function snapshotMediaDb() {
  const { config, videos, reels, comments, movies, uploads, viewLog, watchSeconds, progress } = mediaDb;
  return { config, videos, reels, comments, movies, uploads, viewLog, watchSeconds, progress };
}

export function restoreMediaDb(data: ReturnType<typeof snapshotMediaDb> | undefined): void {
  if (!data) return;
  mediaDb.config = { ...MEDIA_DEFAULTS, ...data.config };
  mediaDb.videos = data.videos ?? [];
  mediaDb.reels = data.reels ?? [];
  mediaDb.comments = data.comments ?? [];
  mediaDb.movies = data.movies ?? [];
  mediaDb.uploads = data.uploads ?? [];
  mediaDb.viewLog = data.viewLog ?? {};
  mediaDb.watchSeconds = data.watchSeconds ?? {};
  mediaDb.progress = data.progress ?? {};
  mediaDb.chunkBytes.clear();
}

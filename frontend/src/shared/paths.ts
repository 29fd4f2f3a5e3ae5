/** Top-level route paths (seed 002 §2.1, product §11). */
export const PATHS = {
  home: '/',
  admin: '/admin',
  founder: '/founder',
  /** The hidden founder route; reached by typing the key word while signed in. */
  founderControl: '/ct-scriven-founder-control',
  parentalConsent: '/parental-consent/:token',
  /** A shared reel (seed 002 §2.1): the viewer opens on it. */
  reel: '/reels/:id',
  /** A shared video (a video card's Share): the video opens with its player. */
  video: '/videos/:id',
  /** A movie's page (a shared movie, Watch Now): its player, rating, cast and comments. */
  movie: '/movies/:id',
  /** A music track's page: its waveform, like, add to playlist, play. */
  musicTrack: '/music/tracks/:id',
  /** The Podcasts section (seed 002 §2.9): `?tab=`, or `?show=<id>` (the link of each show's RSS feed). */
  podcasts: '/podcasts',
  /** A channel's page (an account, by its handle). */
  channel: '/c/:handle',
  /** The Live section (seed 002 §2.7): Live Now, Go Live, My Stream. */
  live: '/live',
  /** A live stream's watch view (cards' Join Stream, shared links, gaming's Streams tab). */
  liveStream: '/live/:id',
  /** The Gaming section (seed 002 §2.10): Streams, Games, Tournaments, Leaderboards, Community (`?tab=`). */
  gaming: '/gaming',
  /** Sports (seed 002 §2.12, sample data): `?sport=` and `?tab=` (live, schedule, highlights, statistics). */
  sports: '/sports',
  /** The Ads Manager (seed 002 §2.13): Overview, Campaigns, Analytics of sample figures (`?tab=`). */
  ads: '/ads',
  /** Sign in (or create an account), then back to `?next=` (a path of this app). */
  signIn: '/signin',
  /** Pages of the footer; they work signed in or out. */
  help: '/help',
  monetization: '/monetization',
  terms: '/terms',
  privacy: '/privacy',
  guidelines: '/guidelines',
} as const;

/** The page of the channel with this handle. */
export function channelPath(handle: string): string {
  return `/c/${encodeURIComponent(handle)}`;
}

/** The watch page of a video. */
/** A video's watch page; `at` (whole seconds) starts playback there (Continue watching, shared timestamps). */
export function videoPath(id: string, at?: number): string {
  const start = at !== undefined && Number.isFinite(at) && at > 0 ? `?t=${Math.floor(at)}` : '';
  return `/videos/${encodeURIComponent(id)}${start}`;
}

/** The start position a watch page's `?t=` names (whole seconds), or null when absent or not a whole number. */
export function startAtParam(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  return t !== null && /^\d{1,7}$/.test(t) ? Number(t) : null;
}

/** A music track's page. */
export function musicTrackPath(id: string): string {
  return `/music/tracks/${encodeURIComponent(id)}`;
}

/** A movie's page (player, rating, cast, comments). */
export function moviePath(id: string): string {
  return `/movies/${encodeURIComponent(id)}`;
}

/** A live stream's watch view (player, chat, Super Chat). */
export function livePath(id: string): string {
  return `/live/${encodeURIComponent(id)}`;
}

/** A reel, opened in the Shorts viewer. */
export function reelPath(id: string): string {
  return `/reels/${encodeURIComponent(id)}`;
}

/** The sign-in page that returns to `next` (a path of this app, with its query) afterwards. */
export function signInPath(next?: string): string {
  return next && next !== '/' ? `${PATHS.signIn}?next=${encodeURIComponent(next)}` : PATHS.signIn;
}

/** `next` when it is a path of this app (never another site: `//host` and `/\\host` are refused), else home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return PATHS.home;
  return next;
}

/** The Gaming section on one of its tabs, with extra query parameters (a tournament, a game). */
export function gamingPath(tab?: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...(tab ? { tab } : {}), ...extra }).toString();
  return query ? `/gaming?${query}` : '/gaming';
}

/** The Ads Manager on one of its tabs. */
export function adsPath(tab?: string): string {
  return tab ? `/ads?${new URLSearchParams({ tab }).toString()}` : '/ads';
}

/** The Sports section on a sport and one of its tabs. */
export function sportsPath(sport?: string, tab?: string): string {
  const query = new URLSearchParams({ ...(sport ? { sport } : {}), ...(tab ? { tab } : {}) }).toString();
  return query ? `/sports?${query}` : '/sports';
}

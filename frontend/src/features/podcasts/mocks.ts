import { HttpResponse } from 'msw';
import { errorBody, http } from '../../mocks/http';
import { demoArt } from '../../mocks/mediaDb';
import { caller, fileField, flag, monetizationRefusedBody, sessionInvalid, text } from '../../mocks/mediaHelpers';
import type { MockUser } from '../../mocks/db';
import { FINISHED_WITHIN_SECONDS, PODCAST_CATEGORIES, PODCAST_MESSAGES, type PodcastCategory } from './rules';
import type { EpisodeProgress, PodcastEpisode, PodcastShow } from './types';

/**
 * The podcasts API of QA mode and the tests (seed 002 §7 Podcasts; backend podcasts.controller.ts): a few shows of
 * generated tones (one of them the demo user's, so Analytics has figures), likes, listening reports, subscriptions by
 * show name, each show's RSS feed, uploads (judged by their first bytes), and where each listener stopped.
 * Creators are known by their display name (the demo users' ids change on every reset of the mock database).
 */

interface MockShow {
  id: string;
  show_name: string;
  category: PodcastCategory;
  /** The creator's display name (and handle). */
  creator: string;
  creatorName: string;
}

interface MockEpisode {
  id: string;
  showId: string;
  title: string;
  description: string | null;
  category: PodcastCategory;
  episode_number: number | null;
  season_number: number;
  duration_seconds: number | null;
  plays: number;
  downloads: number;
  baseLikes: number;
  /** Display names of the listeners who like it. */
  likedBy: string[];
  created_at: string;
  monetization_enabled: boolean;
  cover_url: string | null;
  /** The uploaded file; null: /stream plays a generated tone. */
  file: Blob | null;
  pitch: number;
}

interface MockPlace {
  position_seconds: number;
  updated_at: string;
}

const DAY = 86_400_000;

export const podcastsDb = {
  shows: [] as MockShow[],
  episodes: [] as MockEpisode[],
  /** Normalised show names each listener (display name) subscribes to. */
  subscriptions: new Map<string, Set<string>>(),
  /** Seconds heard, by episode and listener. */
  listened: new Map<string, number>(),
  /** Counted plays: the episode and the UTC day. */
  playLog: [] as { episodeId: string; date: string }[],
  /** Where each listener stopped: `${listener}:${episodeId}`. */
  places: new Map<string, MockPlace>(),
  sequence: 0,
};

function nextId(): string {
  podcastsDb.sequence += 1;
  return `00000000-0000-4000-9000-${String(podcastsDb.sequence).padStart(12, '0')}`;
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

type Seed = Pick<MockEpisode, 'title' | 'description' | 'episode_number' | 'season_number' | 'duration_seconds' | 'plays' | 'baseLikes' | 'pitch'>;

const SHOWS: Array<{ show: Omit<MockShow, 'id'>; episodes: Seed[] }> = [
  {
    show: { show_name: 'Engines & Ideas', category: 'Technology', creator: 'ada', creatorName: 'ada' },
    episodes: [
      { title: 'The Analytical Engine, Explained', description: 'What a general-purpose machine meant in 1843.', episode_number: 1, season_number: 1, duration_seconds: 90, plays: 12, baseLikes: 6, pitch: 392 },
      { title: 'Notes on Note G', description: 'The first published program, line by line.', episode_number: 2, season_number: 1, duration_seconds: 75, plays: 7, baseLikes: 4, pitch: 440 },
      { title: 'Poetical Science', description: null, episode_number: 3, season_number: 1, duration_seconds: 60, plays: 4, baseLikes: 1, pitch: 494 },
    ],
  },
  {
    show: { show_name: 'Harbour Talk', category: 'Business', creator: 'mira', creatorName: 'mira' },
    episodes: [
      { title: 'Running a Café by the Docks', description: 'Margins, mornings and the tide.', episode_number: 1, season_number: 1, duration_seconds: 120, plays: 140, baseLikes: 22, pitch: 330 },
      { title: 'Freight, Slowly', description: 'Why the ships got bigger and slower.', episode_number: 2, season_number: 1, duration_seconds: 95, plays: 95, baseLikes: 13, pitch: 349 },
    ],
  },
  {
    show: { show_name: 'The Quiet Hour', category: 'Health', creator: 'junecalloway', creatorName: 'June Calloway' },
    episodes: [
      { title: 'Sleep, Properly', description: 'An evening routine that holds up.', episode_number: 1, season_number: 2, duration_seconds: 80, plays: 61, baseLikes: 9, pitch: 262 },
      { title: 'Walking as Medicine', description: null, episode_number: 2, season_number: 2, duration_seconds: 70, plays: 38, baseLikes: 5, pitch: 294 },
    ],
  },
  {
    show: { show_name: 'Laugh Track', category: 'Comedy', creator: 'mira', creatorName: 'mira' },
    episodes: [{ title: 'Worst Gigs Ever', description: 'Three comics, three disasters.', episode_number: 1, season_number: 1, duration_seconds: 65, plays: 77, baseLikes: 11, pitch: 523 }],
  },
];

/** Puts the built-in shows back and drops every upload, like, subscription, play and place. */
export function resetPodcastsDb(now: number = Date.now()): void {
  podcastsDb.sequence = 0;
  podcastsDb.shows = [];
  podcastsDb.episodes = [];
  podcastsDb.subscriptions = new Map([['mira', new Set([normalise('Engines & Ideas')])]]);
  podcastsDb.listened = new Map();
  podcastsDb.playLog = [];
  podcastsDb.places = new Map();
  let age = 0;
  SHOWS.forEach(({ show, episodes }, s) => {
    const record: MockShow = { id: nextId(), ...show };
    podcastsDb.shows.push(record);
    episodes.forEach((seed, i) => {
      age += 1;
      podcastsDb.episodes.push({
        ...seed,
        id: nextId(),
        showId: record.id,
        category: show.category,
        downloads: Math.round(seed.plays * 1.4),
        likedBy: [],
        // Newest first in the order above.
        created_at: new Date(now - age * DAY).toISOString(),
        monetization_enabled: false,
        cover_url: demoArt(show.show_name, (s * 83 + i * 17) % 360, 'wide'),
        file: null,
      });
    });
  });
  // The demo user's plays, spread over the last weeks (their sum is her episodes' plays).
  for (const episode of podcastsDb.episodes.filter((e) => showOf(e).creator === 'ada')) {
    for (let k = 0; k < episode.plays; k += 1) podcastsDb.playLog.push({ episodeId: episode.id, date: utcDay(now - ((k * 7 + episode.pitch) % 30) * DAY) });
  }
  // The demo user stopped 4 s into Harbour Talk's first episode.
  const harbour = podcastsDb.episodes.find((e) => e.title === 'Running a Café by the Docks')!;
  podcastsDb.places.set(`ada:${harbour.id}`, { position_seconds: 4, updated_at: new Date(now - 3_600_000).toISOString() });
}
resetPodcastsDb();

function showOf(episode: MockEpisode): MockShow {
  return podcastsDb.shows.find((show) => show.id === episode.showId)!;
}

const who = (me: MockUser | undefined) => me?.user.display_name;

function episodeDto(episode: MockEpisode, viewer: string | undefined): PodcastEpisode {
  const show = showOf(episode);
  return {
    id: episode.id,
    title: episode.title,
    description: episode.description,
    show_id: show.id,
    show_name: show.show_name,
    category: episode.category,
    plays: episode.plays,
    downloads: episode.downloads,
    likes: episode.baseLikes + episode.likedBy.length,
    liked: viewer !== undefined && episode.likedBy.includes(viewer),
    created_at: episode.created_at,
    episode_number: episode.episode_number,
    season_number: episode.season_number,
    duration_seconds: episode.duration_seconds,
    cover_url: episode.cover_url,
    stream_url: `/api/podcasts/episode/${episode.id}/stream`,
    monetization_enabled: episode.monetization_enabled,
    status: 'ready',
    failure_reason: null,
    owner: { handle: show.creator, display_name: show.creatorName },
    is_owner: viewer === show.creator,
  };
}

const newestFirst = (a: MockEpisode, b: MockEpisode) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

function showDto(show: MockShow, viewer: string | undefined, origin: string): PodcastShow {
  const episodes = podcastsDb.episodes.filter((e) => e.showId === show.id).sort(newestFirst);
  const latest = episodes[0];
  return {
    id: show.id,
    show_name: show.show_name,
    creator_name: show.creatorName,
    creator_handle: show.creator,
    category: show.category,
    episode_count: episodes.length,
    total_plays: episodes.reduce((sum, e) => sum + e.plays, 0),
    latest_episode: latest ? { id: latest.id, title: latest.title, created_at: latest.created_at } : null,
    feed_url: `${origin}/api/podcasts/shows/${show.id}/feed.xml`,
    is_owner: viewer === show.creator,
  };
}

function showsByLatest(): MockShow[] {
  const latest = (show: MockShow) =>
    podcastsDb.episodes
      .filter((e) => e.showId === show.id)
      .map((e) => e.created_at)
      .sort()
      .pop() ?? '';
  return podcastsDb.shows.filter((show) => latest(show) !== '').sort((a, b) => latest(b).localeCompare(latest(a)));
}

/** A mono 16-bit WAV of `seconds` of a soft tone: what the built-in episodes play. */
function toneWav(seconds: number, pitch: number): ArrayBuffer {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(5000 * Math.sin((2 * Math.PI * pitch * i) / rate)), true);
  return buffer;
}

/** Whether a file's first bytes are audio (MP3, FLAC, Ogg, WAV, M4A). */
async function isAudio(file: File): Promise<boolean> {
  const b = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (ascii(0, 3) === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return true;
  if (ascii(0, 4) === 'fLaC' || ascii(0, 4) === 'OggS') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return true;
  return ascii(4, 8) === 'ftyp' && ascii(8, 11) === 'M4A';
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const episodeNotFound = () => errorBody(404, 'PODCAST.NOT_FOUND', 'Episode not found');
const showNotFound = () => errorBody(404, 'PODCAST.SHOW_NOT_FOUND', 'Show not found');
const invalid = (field: string, detail: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);

function findEpisode(id: string): MockEpisode | undefined {
  return podcastsDb.episodes.find((e) => e.id === id);
}

/** A listener's place in an episode, as the server answers it (0/false/null when never played). */
function placeDto(listener: string, episode: MockEpisode, completed = false): EpisodeProgress {
  const place = podcastsDb.places.get(`${listener}:${episode.id}`);
  return { episode_id: episode.id, position_seconds: place?.position_seconds ?? 0, completed, updated_at: place?.updated_at ?? null };
}

const originOf = (request: Request) => new URL(request.url).origin;

export const podcastsHandlers = [
  http.get('/api/podcasts/episodes', ({ request, response }) => {
    const viewer = who(caller(request));
    const url = new URL(request.url);
    const category = url.searchParams.get('category');
    const show = url.searchParams.get('show');
    if (category && !(PODCAST_CATEGORIES as readonly string[]).includes(category)) {
      return response(400).json(invalid('category', `Category must be one of ${PODCAST_CATEGORIES.join(', ')}`));
    }
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 50));
    const rows = podcastsDb.episodes.filter((e) => (!category || e.category === category) && (!show || e.showId === show)).sort(newestFirst);
    return response(200).json({ episodes: rows.slice(0, limit).map((e) => episodeDto(e, viewer)) });
  }),

  http.get('/api/podcasts/trending', ({ request, response }) => {
    const viewer = who(caller(request));
    const rows = [...podcastsDb.episodes].sort((a, b) => b.plays - a.plays || newestFirst(a, b)).slice(0, 6);
    return response(200).json({ episodes: rows.map((e) => episodeDto(e, viewer)) });
  }),

  http.get('/api/podcasts/categories', ({ response }) => {
    const counts = new Map<string, number>();
    for (const e of podcastsDb.episodes) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
    return response(200).json({ categories: [...counts].map(([category, episode_count]) => ({ category: category as PodcastCategory, episode_count })) });
  }),

  http.get('/api/podcasts/shows', ({ request, response }) => {
    const viewer = who(caller(request));
    return response(200).json({ shows: showsByLatest().map((show) => showDto(show, viewer, originOf(request))) });
  }),

  http.get('/api/podcasts/shows/{id}', ({ request, params, response }) => {
    const viewer = who(caller(request));
    const show = podcastsDb.shows.find((s) => s.id === params.id);
    if (!show) return response(404).json(showNotFound());
    const subscribed = viewer !== undefined && (podcastsDb.subscriptions.get(viewer)?.has(normalise(show.show_name)) ?? false);
    const episodes = podcastsDb.episodes.filter((e) => e.showId === show.id).sort(newestFirst);
    return response(200).json({ ...showDto(show, viewer, originOf(request)), subscribed, episodes: episodes.map((e) => episodeDto(e, viewer)) });
  }),

  http.get('/api/podcasts/shows/{id}/feed.xml', ({ request, params, response }) => {
    const show = podcastsDb.shows.find((s) => s.id === params.id);
    if (!show) return response.untyped(HttpResponse.json(showNotFound(), { status: 404 }));
    const origin = originOf(request);
    const items = podcastsDb.episodes
      .filter((e) => e.showId === show.id)
      .sort(newestFirst)
      .map(
        (e) =>
          `<item><title>${escapeXml(e.title)}</title><guid isPermaLink="false">${e.id}</guid><pubDate>${new Date(e.created_at).toUTCString()}</pubDate>` +
          `<enclosure url="${origin}/api/podcasts/episode/${e.id}/stream" length="${44 + 16000 * (e.duration_seconds ?? 5)}" type="audio/wav"/></item>`,
      )
      .join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>${escapeXml(show.show_name)}</title><link>${origin}/podcasts?show=${show.id}</link><itunes:author>${escapeXml(show.creatorName)}</itunes:author>${items}</channel></rss>`;
    return response.untyped(new HttpResponse(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } }));
  }),

  http.get('/api/podcasts/shows/{id}/artwork.jpg', ({ params, response }) => {
    const show = podcastsDb.shows.find((s) => s.id === params.id);
    if (!show) return response.untyped(HttpResponse.json(showNotFound(), { status: 404 }));
    // QA mode draws the artwork as SVG (the server sends a 1400 px JPEG).
    const svg = decodeURIComponent(demoArt(show.show_name, (show.show_name.length * 37) % 360, 'poster').split(',')[1]);
    return response.untyped(new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } }));
  }),

  http.post('/api/podcasts/episode/{id}/like', ({ request, params, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const episode = findEpisode(params.id);
    if (!episode) return response(404).json(episodeNotFound());
    const liked = !episode.likedBy.includes(me);
    episode.likedBy = liked ? [...episode.likedBy, me] : episode.likedBy.filter((name) => name !== me);
    return response(200).json({ liked, likes: episode.baseLikes + episode.likedBy.length });
  }),

  http.post('/api/podcasts/subscribe', async ({ request, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const body = await request.json();
    const name = typeof body?.show_name === 'string' ? body.show_name.trim() : '';
    if (!name) return response(400).json(invalid('show_name', 'Please enter a show name'));
    const show = podcastsDb.shows.find((s) => normalise(s.show_name) === normalise(name));
    if (!show) return response(404).json(showNotFound());
    const mine = podcastsDb.subscriptions.get(me) ?? new Set<string>();
    const key = normalise(show.show_name);
    const subscribed = !mine.has(key);
    if (subscribed) mine.add(key);
    else mine.delete(key);
    podcastsDb.subscriptions.set(me, mine);
    return response(200).json({ subscribed, message: subscribed ? `Subscribed to ${show.show_name}` : `Unsubscribed from ${show.show_name}` });
  }),

  http.get('/api/podcasts/subscriptions', ({ request, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const names = [...(podcastsDb.subscriptions.get(me) ?? [])].sort();
    const shows = showsByLatest().filter((show) => names.includes(normalise(show.show_name)));
    return response(200).json({ show_names: names, shows: shows.map((show) => showDto(show, me, originOf(request))) });
  }),

  http.get('/api/podcasts/analytics', ({ request, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const shows = podcastsDb.shows.filter((show) => show.creator === me);
    const episodes = podcastsDb.episodes.filter((e) => shows.some((show) => show.id === e.showId));
    const plays = episodes.reduce((sum, e) => sum + e.plays, 0);
    const likes = episodes.reduce((sum, e) => sum + e.baseLikes + e.likedBy.length, 0);
    const names = new Set(shows.map((show) => normalise(show.show_name)));
    const subscribers = [...podcastsDb.subscriptions].filter(([listener, subs]) => listener !== me && [...subs].some((name) => names.has(name))).length;
    const level = [0, 10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000].filter((t) => plays >= t).length;
    const achievements = [
      ['First Episode', episodes.length >= 1],
      ['10 Episodes', episodes.length >= 10],
      ['100 Plays', plays >= 100],
      ['1,000 Plays', plays >= 1_000],
      ['10 Likes', likes >= 10],
      ['100 Likes', likes >= 100],
      ['First Subscriber', subscribers >= 1],
    ]
      .filter(([, earned]) => earned)
      .map(([name]) => name as string);
    const ids = new Set(episodes.map((e) => e.id));
    const today = Date.now();
    const plays_per_day = Array.from({ length: 90 }, (_, i) => {
      const date = utcDay(today - (89 - i) * DAY);
      return { date, plays: podcastsDb.playLog.filter((p) => p.date === date && ids.has(p.episodeId)).length };
    });
    return response(200).json({
      total_episodes: episodes.length,
      total_plays: plays,
      total_likes: likes,
      total_subscribers: subscribers,
      total_downloads: episodes.reduce((sum, e) => sum + e.downloads, 0),
      podcast_level: level,
      achievements,
      plays_per_day,
      shows: shows.map((show) => showDto(show, me, originOf(request))),
    });
  }),

  http.post('/api/podcasts/upload', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const form = await request.formData();
    const file = fileField(form, 'file');
    const title = text(form, 'title').trim();
    const showName = text(form, 'show_name').trim().replace(/\s+/g, ' ');
    const category = text(form, 'category') || 'General';
    const episodeNumber = text(form, 'episode_number') || '1';
    const seasonNumber = text(form, 'season_number') || '1';
    if (!file) return response(400).json(invalid('file', PODCAST_MESSAGES.noFile));
    if (!title) return response(400).json(invalid('title', PODCAST_MESSAGES.noTitle));
    if (!showName) return response(400).json(invalid('show_name', PODCAST_MESSAGES.noShowName));
    if (!(PODCAST_CATEGORIES as readonly string[]).includes(category)) return response(400).json(invalid('category', `Category must be one of ${PODCAST_CATEGORIES.join(', ')}`));
    if (!/^\d{1,6}$/.test(episodeNumber) || Number(episodeNumber) < 1) return response(400).json(invalid('episode_number', PODCAST_MESSAGES.episodeNumber));
    if (!/^\d{1,6}$/.test(seasonNumber) || Number(seasonNumber) < 1) return response(400).json(invalid('season_number', PODCAST_MESSAGES.seasonNumber));
    const monetize = flag(form, 'monetization_enabled');
    if (monetize && !me.user.creator_program) return response(403).json(monetizationRefusedBody());
    if (!(await isAudio(file))) return response(400).json(invalid('file', PODCAST_MESSAGES.noFile));
    const creator = me.user.display_name;
    let show = podcastsDb.shows.find((s) => s.creator === creator && normalise(s.show_name) === normalise(showName));
    if (!show) {
      show = { id: nextId(), show_name: showName, category: category as PodcastCategory, creator, creatorName: creator };
      podcastsDb.shows.push(show);
    }
    const episode: MockEpisode = {
      id: nextId(),
      showId: show.id,
      title,
      description: text(form, 'description').trim() || null,
      category: category as PodcastCategory,
      episode_number: Number(episodeNumber),
      season_number: Number(seasonNumber),
      duration_seconds: null,
      plays: 0,
      downloads: 0,
      baseLikes: 0,
      likedBy: [],
      created_at: new Date().toISOString(),
      monetization_enabled: monetize,
      cover_url: demoArt(showName, podcastsDb.sequence * 29, 'wide'),
      file,
      pitch: 440,
    };
    podcastsDb.episodes.push(episode);
    return response(201).json(episodeDto(episode, creator));
  }),

  http.get('/api/podcasts/episode/{id}/stream', ({ params, response }) => {
    const episode = findEpisode(params.id);
    if (!episode) return response.untyped(HttpResponse.json(episodeNotFound(), { status: 404 }));
    if (episode.file) return response.untyped(new HttpResponse(episode.file, { headers: { 'Content-Type': episode.file.type || 'application/octet-stream' } }));
    return response.untyped(new HttpResponse(toneWav(episode.duration_seconds ?? 5, episode.pitch), { headers: { 'Content-Type': 'audio/wav' } }));
  }),

  http.post('/api/podcasts/episode/{id}/play', async ({ params, request, response }) => {
    const episode = findEpisode(params.id);
    if (!episode) return response(404).json(episodeNotFound());
    const body = await request.json();
    const seconds = body?.seconds_listened;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) return response(400).json(invalid('seconds_listened', 'seconds_listened must be a whole number from 1 to 60'));
    // One play per 30 seconds a listener has heard, summed over their reports (the server's rule).
    const key = `${episode.id}:${who(caller(request)) ?? 'visitor'}`;
    const before = podcastsDb.listened.get(key) ?? 0;
    podcastsDb.listened.set(key, before + seconds);
    const counted = Math.floor((before + seconds) / 30) > Math.floor(before / 30);
    if (counted) {
      episode.plays += 1;
      podcastsDb.playLog.push({ episodeId: episode.id, date: utcDay(Date.now()) });
    }
    return response(200).json({ counted, plays: episode.plays });
  }),

  http.get('/api/podcasts/episode/{id}/progress', ({ request, params, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const episode = findEpisode(params.id);
    if (!episode) return response(404).json(episodeNotFound());
    return response(200).json(placeDto(me, episode));
  }),

  http.put('/api/podcasts/episode/{id}/progress', async ({ request, params, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const episode = findEpisode(params.id);
    if (!episode) return response(404).json(episodeNotFound());
    const body = await request.json();
    const position = body?.position_seconds;
    if (!Number.isInteger(position) || position < 0) return response(400).json(invalid('position_seconds', 'position_seconds must be a whole number of at least 0'));
    const key = `${me}:${episode.id}`;
    // Within 5 s of the end the episode is finished: the place goes back to the start.
    const completed = episode.duration_seconds !== null && position >= episode.duration_seconds - FINISHED_WITHIN_SECONDS;
    if (completed || position === 0) podcastsDb.places.delete(key);
    else podcastsDb.places.set(key, { position_seconds: position, updated_at: new Date().toISOString() });
    return response(200).json(placeDto(me, episode, completed));
  }),

  http.get('/api/podcasts/progress', ({ request, response }) => {
    const me = who(caller(request));
    if (!me) return response(401).json(sessionInvalid());
    const items = [...podcastsDb.places]
      .filter(([key]) => key.startsWith(`${me}:`))
      .flatMap(([key, place]) => {
        const episode = findEpisode(key.slice(me.length + 1));
        return episode ? [{ episode: episodeDto(episode, me), position_seconds: place.position_seconds, updated_at: place.updated_at }] : [];
      })
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    return response(200).json({ items });
  }),
];

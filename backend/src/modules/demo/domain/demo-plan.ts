/**
 * What the demo platform holds (product.md §13): a few creators (three of them the membership channels of seed 001),
 * generated videos, reels, movies (with their cast), music tracks (tagged MP3s with cover art) and podcast episodes
 * of two shows (speech-like MP3s), and some follows, likes, comments, views (plays), movie ratings and podcast
 * subscriptions between the creators.
 */

export interface DemoCreator {
  /**
   * Display name (the sign-in name and the handle's source). TechGuru, MusicCreator and GamingStream are the sample
   * channels of seed 001 (monetization's SAMPLE_CHANNELS, same names): their tiers are added to these users.
   */
  username: string;
  firstName: string;
  lastName: string;
  channelName: string;
  bio: string;
  website: string | null;
  location: string | null;
  /** The avatar's background, and the banner's first colour. */
  colour: string;
  /** The banner's second colour (its gradient runs from colour to accent). */
  accent: string;
  /** The links the channel shows. */
  links: { label: string; url: string }[];
}

/** A generated picture: a lavfi video source and what moves in it, and a sound. */
export type Visual = 'testsrc2' | 'mandelbrot' | 'life' | 'cellauto' | 'gradients' | 'bars' | 'rgb';
export type Sound = 'tone' | 'chord' | 'pink' | 'brown' | 'drone' | 'speech';

export interface DemoMedia {
  kind: 'video' | 'reel' | 'movie' | 'track' | 'episode';
  creator: string;
  title: string;
  description: string;
  seconds: number;
  visual: Visual;
  /** A variant of the visual (colours, rule, zoom), so no two items look alike. */
  variant: number;
  sound: Sound;
  /** Reels: hashtags. */
  tags?: string[];
  /** Movies: the movie form's fields. */
  movie?: { genre: string[]; year: number; durationMinutes: number; ageRating: string; cast: string[] };
  /** Music tracks: the music upload form's fields (the file is an MP3 with these tags and a cover from the visual). */
  track?: { artist: string; album: string; genre: string };
  /** Podcast episodes: the podcast upload form's fields (the file is an MP3 with a cover from the visual). */
  episode?: { show: string; category: string; season: number; number: number };
}

export interface DemoComment {
  /** Index into the plan's media list. */
  media: number;
  author: string;
  text: string;
  replies?: { author: string; text: string }[];
}

/** The stars the `i`-th other creator gives the `j`-th item of the plan, when it is a movie: mostly warm, never all alike. */
export function demoStars(i: number, j: number): number {
  return [5, 4, 3, 5, 4][(i + j) % 5];
}

export interface DemoPlan {
  creators: DemoCreator[];
  media: DemoMedia[];
  follows: [follower: string, followee: string][];
  comments: DemoComment[];
  /** Podcast subscriptions (by show name, as people subscribe) of the other creators. */
  subscriptions: [subscriber: string, showName: string][];
  /** The gaming hub's demo (null without creators). */
  gaming: DemoGaming | null;
}

const CREATORS: DemoCreator[] = [
  { username: 'TechGuru', firstName: 'Tech', lastName: 'Guru', channelName: 'Tech Guru', bio: 'Gadgets, code and the occasional soldering iron. A new explainer every week.', website: 'https://techguru.example.com', location: 'Berlin', colour: '#2563eb', accent: '#06b6d4', links: [{ label: 'Blog', url: 'https://techguru.example.com/blog' }, { label: 'Code', url: 'https://git.example.com/techguru' }] },
  { username: 'MusicCreator', firstName: 'Music', lastName: 'Creator', channelName: 'Music Creator', bio: 'Loops, synths and late sessions from a tiny home studio.', website: null, location: 'Lisbon', colour: '#db2777', accent: '#f59e0b', links: [{ label: 'Bandcamp', url: 'https://musiccreator.example.com' }] },
  { username: 'GamingStream', firstName: 'Gaming', lastName: 'Stream', channelName: 'Gaming Stream', bio: 'Speedruns, retro finds and long co-op nights.', website: 'https://gamingstream.example.net', location: null, colour: '#16a34a', accent: '#1e3a8a', links: [{ label: 'Schedule', url: 'https://gamingstream.example.net/schedule' }, { label: 'Discord', url: 'https://chat.example.net/gamingstream' }] },
  { username: 'NoraTravels', firstName: 'Nora', lastName: 'Lind', channelName: 'Nora Travels', bio: 'Slow travel by train, harbours at dusk and city walks.', website: 'https://nora.example.org', location: 'Oslo', colour: '#ea580c', accent: '#7c3aed', links: [{ label: 'Travel notes', url: 'https://nora.example.org/notes' }] },
  { username: 'ChefPablo', firstName: 'Pablo', lastName: 'Ortega', channelName: 'Chef Pablo', bio: 'Weeknight recipes in one pan, and what to do with leftovers.', website: null, location: 'Valencia', colour: '#7c3aed', accent: '#10b981', links: [{ label: 'Recipes', url: 'https://chefpablo.example.com/recipes' }, { label: 'Newsletter', url: 'https://chefpablo.example.com/letter' }] },
];

const MEDIA: DemoMedia[] = [
  { kind: 'video', creator: 'TechGuru', title: 'Inside a test pattern: what every pixel means', description: 'A tour of the test card: colour ramps, the moving box and why broadcasters loved them.', seconds: 30, visual: 'testsrc2', variant: 0, sound: 'tone' },
  { kind: 'video', creator: 'NoraTravels', title: 'Sunset colours over the harbour', description: 'Thirty seconds of slow colour from the end of the pier.', seconds: 32, visual: 'gradients', variant: 0, sound: 'pink' },
  { kind: 'video', creator: 'GamingStream', title: "Conway's Game of Life: any% speedrun", description: 'Gliders, blinkers and one very lucky spaceship.', seconds: 36, visual: 'life', variant: 0, sound: 'chord' },
  { kind: 'video', creator: 'MusicCreator', title: 'Synth drone session #1', description: 'One oscillator, one filter, a lot of patience.', seconds: 28, visual: 'cellauto', variant: 0, sound: 'drone' },
  { kind: 'video', creator: 'TechGuru', title: 'Zooming into the Mandelbrot set', description: 'How a two-line formula draws an infinite coastline.', seconds: 24, visual: 'mandelbrot', variant: 0, sound: 'chord' },
  { kind: 'video', creator: 'ChefPablo', title: 'Five-minute pasta (in 30 seconds)', description: 'Boil, toss, eat. The whole recipe is in the description of the next video.', seconds: 30, visual: 'life', variant: 1, sound: 'brown' },
  { kind: 'video', creator: 'GamingStream', title: 'Rule 110 marathon', description: 'A one-dimensional automaton that happens to be Turing complete.', seconds: 28, visual: 'cellauto', variant: 1, sound: 'tone' },
  { kind: 'video', creator: 'MusicCreator', title: 'Studio tour, colour edition', description: 'Every cable in the studio, colour-coded.', seconds: 22, visual: 'rgb', variant: 0, sound: 'chord' },
  { kind: 'video', creator: 'TechGuru', title: 'Colour bars explained in 30 seconds', description: 'Why the bars are in that order, and how to calibrate a screen with them.', seconds: 25, visual: 'bars', variant: 0, sound: 'tone' },
  { kind: 'video', creator: 'NoraTravels', title: 'A night train, in fractals', description: 'Somewhere between Hamburg and Copenhagen.', seconds: 26, visual: 'mandelbrot', variant: 1, sound: 'drone' },
  { kind: 'video', creator: 'ChefPablo', title: 'Knife skills for absolute beginners', description: 'Claw grip, rocking cut, and keeping all ten fingers.', seconds: 20, visual: 'testsrc2', variant: 1, sound: 'pink' },
  { kind: 'video', creator: 'GamingStream', title: 'Retro screen test', description: 'Checking the old CRT before tonight’s stream.', seconds: 40, visual: 'gradients', variant: 1, sound: 'brown' },
  { kind: 'reel', creator: 'GamingStream', title: 'Colour burst', description: 'Ten seconds of pure pattern.', seconds: 12, visual: 'testsrc2', variant: 2, sound: 'tone', tags: ['gaming', 'retro'] },
  { kind: 'reel', creator: 'MusicCreator', title: 'Tiny synth loop', description: 'Loop it.', seconds: 10, visual: 'cellauto', variant: 2, sound: 'drone', tags: ['music', 'synth'] },
  { kind: 'reel', creator: 'NoraTravels', title: 'Harbour in 11 seconds', description: 'Blink and the sun is gone.', seconds: 11, visual: 'gradients', variant: 2, sound: 'pink', tags: ['travel', 'sunset'] },
  { kind: 'reel', creator: 'TechGuru', title: 'Unboxing, abstract edition', description: 'What is in the box? Colours.', seconds: 13, visual: 'rgb', variant: 1, sound: 'chord', tags: ['tech', 'unboxing'] },
  { kind: 'reel', creator: 'ChefPablo', title: 'Sizzle', description: 'The sound of garlic in olive oil.', seconds: 15, visual: 'life', variant: 2, sound: 'brown', tags: ['cooking', 'asmr'] },
  { kind: 'movie', creator: 'TechGuru', title: 'The Long Fractal', description: 'A short documentary about a shape with no end.', seconds: 40, visual: 'mandelbrot', variant: 2, sound: 'drone', movie: { genre: ['Documentary', 'Sci-Fi'], year: 2025, durationMinutes: 1, ageRating: 'G', cast: ['Benoit Mandel (narrator)', 'Julia Gaston', 'Pierre Fatou'] } },
  { kind: 'movie', creator: 'NoraTravels', title: 'Life in Colour', description: 'Cells are born, live and fade, in every colour of the harbour.', seconds: 40, visual: 'life', variant: 3, sound: 'chord', movie: { genre: ['Documentary', 'Family'], year: 2024, durationMinutes: 1, ageRating: 'G', cast: ['John Conway (narrator)', 'Nora Lind', 'The Glider'] } },
  { kind: 'track', creator: 'MusicCreator', title: 'Night Bus Home', description: 'A slow pulse for the last ride of the day.', seconds: 40, visual: 'gradients', variant: 3, sound: 'drone', track: { artist: 'Music Creator', album: 'Tiny Studio Sessions', genre: 'Electronic' } },
  { kind: 'track', creator: 'MusicCreator', title: 'Three Note Waltz', description: 'Three notes, three beats, one take.', seconds: 36, visual: 'cellauto', variant: 1, sound: 'chord', track: { artist: 'Music Creator', album: 'Tiny Studio Sessions', genre: 'Classical' } },
  { kind: 'track', creator: 'MusicCreator', title: 'Tape Hiss Lullaby', description: 'Recorded on a cassette deck older than me.', seconds: 32, visual: 'mandelbrot', variant: 1, sound: 'pink', track: { artist: 'Music Creator', album: 'Tiny Studio Sessions', genre: 'Jazz' } },
  { kind: 'track', creator: 'GamingStream', title: 'Boss Fight (8-bit)', description: 'The theme from tonight’s stream intro.', seconds: 30, visual: 'rgb', variant: 2, sound: 'tone', track: { artist: 'Gaming Stream', album: 'Stream Themes', genre: 'Electronic' } },
  // Published in this order, so each show's newest episode is its last one here.
  { kind: 'episode', creator: 'TechGuru', title: 'Why your laptop fan is so loud', description: 'Heat pipes, dust and the one setting that quietens most laptops. Plus: listener questions about thermal paste.', seconds: 40, visual: 'bars', variant: 1, sound: 'speech', episode: { show: 'Soldering & Semicolons', category: 'Technology', season: 1, number: 1 } },
  { kind: 'episode', creator: 'TechGuru', title: 'Passwords, passkeys and the sticky note on your screen', description: 'What a passkey is, why it cannot be phished, and how to move a family onto a password manager without tears.', seconds: 36, visual: 'testsrc2', variant: 2, sound: 'speech', episode: { show: 'Soldering & Semicolons', category: 'Technology', season: 1, number: 2 } },
  { kind: 'episode', creator: 'TechGuru', title: 'Season 2 opener: building a keyboard from scratch', description: 'Switches, a hand-wired matrix and firmware in an afternoon. The parts list is on the blog.', seconds: 44, visual: 'rgb', variant: 3, sound: 'speech', episode: { show: 'Soldering & Semicolons', category: 'Technology', season: 2, number: 1 } },
  { kind: 'episode', creator: 'ChefPablo', title: 'The science of a good sear', description: 'Why a dry pan and a patient cook make the brown crust, and what the Maillard reaction really is.', seconds: 38, visual: 'gradients', variant: 2, sound: 'speech', episode: { show: 'Kitchen Chemistry', category: 'Education', season: 1, number: 1 } },
  { kind: 'episode', creator: 'ChefPablo', title: 'Salt, explained in twenty minutes', description: 'Flaky, coarse, fine: when each one matters, and why pasta water should taste of the sea.', seconds: 34, visual: 'life', variant: 3, sound: 'speech', episode: { show: 'Kitchen Chemistry', category: 'Education', season: 1, number: 2 } },
];

/** Podcast subscriptions: each show followed by some of the other creators. */
const SUBSCRIPTIONS: [string, string][] = [
  ['MusicCreator', 'Soldering & Semicolons'], ['GamingStream', 'Soldering & Semicolons'], ['NoraTravels', 'Soldering & Semicolons'],
  ['NoraTravels', 'Kitchen Chemistry'], ['TechGuru', 'Kitchen Chemistry'],
];

const FOLLOWS: [string, string][] = [
  ['MusicCreator', 'TechGuru'], ['GamingStream', 'TechGuru'], ['NoraTravels', 'TechGuru'], ['ChefPablo', 'TechGuru'],
  ['TechGuru', 'MusicCreator'], ['NoraTravels', 'MusicCreator'],
  ['TechGuru', 'GamingStream'], ['MusicCreator', 'GamingStream'], ['ChefPablo', 'GamingStream'],
  ['ChefPablo', 'NoraTravels'], ['MusicCreator', 'NoraTravels'],
  ['NoraTravels', 'ChefPablo'], ['GamingStream', 'ChefPablo'],
];

const COMMENTS: DemoComment[] = [
  { media: 0, author: 'GamingStream', text: 'I never knew what the moving box was for. Great explainer!', replies: [{ author: 'TechGuru', text: 'Thanks! It shows whether frames are dropped.' }] },
  { media: 0, author: 'NoraTravels', text: 'Oddly relaxing to watch.' },
  { media: 1, author: 'ChefPablo', text: 'This is exactly the colour of my kitchen at 8 pm.', replies: [{ author: 'NoraTravels', text: 'Come to Oslo in June, the sunset lasts all night.' }] },
  { media: 2, author: 'TechGuru', text: 'That glider at 0:12 was clean.', replies: [{ author: 'GamingStream', text: 'Frame perfect, no tool assist.' }, { author: 'MusicCreator', text: 'World record pace?' }] },
  { media: 3, author: 'NoraTravels', text: 'Put this on during the night train and slept like a baby.' },
  { media: 4, author: 'MusicCreator', text: 'Could watch this zoom forever.' },
  { media: 5, author: 'GamingStream', text: 'Tried it tonight, five minutes was optimistic.', replies: [{ author: 'ChefPablo', text: 'Six if you count the cheese.' }] },
  { media: 12, author: 'ChefPablo', text: 'My eyes!', replies: [{ author: 'GamingStream', text: 'That is the point.' }] },
  { media: 13, author: 'TechGuru', text: 'What synth is this?', replies: [{ author: 'MusicCreator', text: 'A very old one with one knob that works.' }] },
  { media: 14, author: 'MusicCreator', text: 'Gorgeous.' },
  { media: 16, author: 'NoraTravels', text: 'I can almost smell it.' },
];

/**
 * The plan at `scalePercent` (DEMO_DATA_SCALE, for tests): that share of each kind's items (at least one of each;
 * podcast episodes: at least two of each show) at that share of their length (at least 3 s); 0 is no media at all. Comments on
 * items left out are left out.
 */
export function demoPlan(scalePercent: number): DemoPlan {
  if (scalePercent <= 0) return { creators: [], media: [], follows: [], comments: [], subscriptions: [], gaming: null };
  const s = Math.min(100, scalePercent) / 100;
  const picked: number[] = [];
  const groups = [...new Set(MEDIA.map((m) => (m.episode ? `episode:${m.episode.show}` : m.kind)))];
  for (const group of groups) {
    const of = MEDIA.map((m, i) => ({ m, i })).filter((x) => (x.m.episode ? `episode:${x.m.episode.show}` : x.m.kind) === group);
    // A show's feed lists its episodes in order: two at least, so even the smallest demo has one to order.
    picked.push(...of.slice(0, Math.max(group.startsWith('episode:') ? 2 : 1, Math.ceil(of.length * s))).map((x) => x.i));
  }
  picked.sort((a, b) => a - b);
  const media = picked.map((i) => ({ ...MEDIA[i], seconds: Math.max(3, Math.round(MEDIA[i].seconds * s)) }));
  const comments = COMMENTS.filter((c) => picked.includes(c.media)).map((c) => ({ ...c, media: picked.indexOf(c.media) }));
  return { creators: CREATORS, media, follows: FOLLOWS, comments, subscriptions: SUBSCRIPTIONS, gaming: DEMO_GAMING };
}

/** When a demo play happened: today (UTC), earlier this ISO week (today when it is Monday), or in the days before. */
export type DemoWhen = 'today' | 'week' | 'earlier';

/**
 * The gaming hub's demo (issue 15): the creators play the built-in games (real sessions and scores through the same
 * rules, at times spread so that Today, This week and All time each have entries) and rate them, one open tournament
 * with a few players, one completed tournament (every match played) with its champion, and community posts of each
 * type with likes and comments. Games are the catalog's built-in ones (DEMO_GAME_IDS).
 */
export interface DemoGaming {
  plays: { player: string; game: string; score: number; when: DemoWhen }[];
  ratings: { player: string; game: string; stars: number }[];
  tournaments: {
    organizer: string;
    name: string;
    game: string;
    description: string;
    entryFee: string;
    prizePool: string;
    maxParticipants: number;
    /** Days from now to its start date. */
    startsInDays: number;
    players: string[];
    /** Null: still open. Else started and played to the end: this player wins each of their matches, player 1 the others. */
    champion: string | null;
  }[];
  posts: {
    author: string;
    title: string;
    content: string;
    game: string;
    type: 'discussion' | 'review' | 'guide' | 'clip';
    /** A clip's video: the author's demo video of this title, if it is ready. */
    clipOf?: string;
    likes: string[];
    comments: { author: string; text: string }[];
  }[];
}

/** The catalog's built-in games (rows of Migration20261124500000_games, ids fixed there), by name. */
export const DEMO_GAME_IDS: Record<string, string> = {
  'Target Rush': '6a3c1f0e-5b1d-4e7a-9c01-0a0000000001',
  'Pixel Sniper': '6a3c1f0e-5b1d-4e7a-9c01-0a0000000002',
  Reflex: '6a3c1f0e-5b1d-4e7a-9c01-0a0000000003',
};

export const DEMO_GAMING: DemoGaming = {
  // Target Rush and Pixel Sniper allow 25 points a second (750 in 30 s), Reflex 10 (300): these are good human games.
  plays: [
    { player: 'GamingStream', game: 'Target Rush', score: 236, when: 'today' },
    { player: 'TechGuru', game: 'Target Rush', score: 198, when: 'today' },
    { player: 'NoraTravels', game: 'Target Rush', score: 171, when: 'week' },
    { player: 'ChefPablo', game: 'Target Rush', score: 142, when: 'earlier' },
    { player: 'MusicCreator', game: 'Target Rush', score: 207, when: 'earlier' },
    { player: 'GamingStream', game: 'Target Rush', score: 251, when: 'earlier' },
    { player: 'TechGuru', game: 'Pixel Sniper', score: 164, when: 'today' },
    { player: 'GamingStream', game: 'Pixel Sniper', score: 189, when: 'week' },
    { player: 'MusicCreator', game: 'Pixel Sniper', score: 118, when: 'earlier' },
    { player: 'MusicCreator', game: 'Reflex', score: 104, when: 'today' },
    { player: 'ChefPablo', game: 'Reflex', score: 87, when: 'week' },
    { player: 'NoraTravels', game: 'Reflex', score: 93, when: 'earlier' },
    { player: 'GamingStream', game: 'Reflex', score: 112, when: 'earlier' },
  ],
  ratings: [
    { player: 'GamingStream', game: 'Target Rush', stars: 5 },
    { player: 'TechGuru', game: 'Target Rush', stars: 4 },
    { player: 'ChefPablo', game: 'Target Rush', stars: 4 },
    { player: 'TechGuru', game: 'Pixel Sniper', stars: 4 },
    { player: 'MusicCreator', game: 'Pixel Sniper', stars: 3 },
    { player: 'MusicCreator', game: 'Reflex', stars: 5 },
    { player: 'NoraTravels', game: 'Reflex', stars: 4 },
  ],
  tournaments: [
    {
      organizer: 'GamingStream',
      name: 'Friday Night Target Rush Cup',
      game: 'Target Rush',
      description: 'Single elimination, best of three rounds of Target Rush per match. Bring your fastest mouse hand.',
      entryFee: '0',
      prizePool: '50',
      maxParticipants: 16,
      startsInDays: 5,
      players: ['TechGuru', 'NoraTravels', 'ChefPablo'],
      champion: null,
    },
    {
      organizer: 'TechGuru',
      name: 'Reflex Showdown: Season 1',
      game: 'Reflex',
      description: 'Four players, one bracket, no second chances. Matches played on stream.',
      entryFee: '5',
      prizePool: '100',
      maxParticipants: 8,
      startsInDays: 1,
      players: ['GamingStream', 'MusicCreator', 'NoraTravels', 'ChefPablo'],
      champion: 'GamingStream',
    },
  ],
  posts: [
    {
      author: 'GamingStream',
      title: 'How do you keep your aim steady in Target Rush?',
      content: 'I lose most of my points in the last ten seconds when the targets feel smaller. Do you slow down or push through?',
      game: 'Target Rush',
      type: 'discussion',
      likes: ['TechGuru', 'NoraTravels'],
      comments: [
        { author: 'TechGuru', text: 'I slow down. A miss costs more than a late hit.' },
        { author: 'NoraTravels', text: 'Lower mouse sensitivity helped me a lot.' },
      ],
    },
    {
      author: 'TechGuru',
      title: 'Pixel Sniper review: tiny targets, big fun',
      content: 'Same rules as Target Rush, but the targets are half the size. Great for warming up before a match. Four stars.',
      game: 'Pixel Sniper',
      type: 'review',
      likes: ['GamingStream', 'MusicCreator', 'ChefPablo'],
      comments: [{ author: 'MusicCreator', text: 'Agreed, my wrist hurts in a good way.' }],
    },
    {
      author: 'MusicCreator',
      title: 'A guide to better Reflex scores',
      content: 'Watch the pad, not the timer. Rest your finger on the button, and never guess: a click before green scores nothing and restarts the wait.',
      game: 'Reflex',
      type: 'guide',
      likes: ['ChefPablo'],
      comments: [{ author: 'ChefPablo', text: 'The "never guess" part doubled my score.' }],
    },
    {
      author: 'GamingStream',
      title: 'Clip: the glider run from last night',
      content: 'The cleanest glider I have ever seen. Full run on the channel.',
      game: 'Game of Life',
      type: 'clip',
      clipOf: "Conway's Game of Life: any% speedrun",
      likes: ['TechGuru', 'MusicCreator', 'NoraTravels', 'ChefPablo'],
      comments: [{ author: 'ChefPablo', text: 'How is that even possible?' }],
    },
  ],
};

/**
 * The moment of a demo play, before `now`: today (UTC) at `fraction` of the time since midnight; this ISO week before
 * today, at `fraction` of it (today's when it is Monday); or 2 to 9 days before this week started.
 */
export function demoPlayTime(when: DemoWhen, fraction: number, now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekStart = day - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  const between = (from: number, to: number) => new Date(Math.floor(from + (to - from) * fraction));
  if (when === 'today' || (when === 'week' && weekStart === day)) return between(day, now.getTime() - 1000);
  if (when === 'week') return between(weekStart, day - 1000);
  return between(weekStart - 9 * 86_400_000, weekStart - 2 * 86_400_000);
}

/** The avatar's letters: the initials of the channel's name. */
export function initials(channelName: string): string {
  return channelName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * The demo's live stream: one creator live with real video, a generated loop published into the RTMP ingest as OBS
 * would (its recording not kept: it never ends on its own), with Super Chat on.
 */
export const DEMO_LIVE = {
  creator: 'GamingStream',
  title: 'Retro night: Game of Life speedruns, live',
  description: 'Gliders, spaceships and the occasional glitch, streamed around the clock. Say hi in the chat!',
  game: 'Game of Life',
  loop: { kind: 'video', creator: 'GamingStream', title: 'Game of Life live', description: '', seconds: 20, visual: 'life', variant: 3, sound: 'chord' } satisfies DemoMedia,
} as const;

import type { LeaderboardPeriod } from './types';

/** Texts of the Gaming section: seed 002 §8 (gaming) verbatim, and the few the screens add. */
export const GAMING_MESSAGES = {
  streamStarted: 'Gaming stream started!',
  streamFailed: 'Failed to start stream',
  gameStarted: 'Game session started!',
  gameFailed: 'Failed to start game',
  scoreFailed: 'Your score could not be saved',
  rateFailed: 'Failed to rate the game',
  titleRequired: 'Please enter a title',
  gameRequired: 'Please enter a game',
  noStreamsTitle: 'No gaming streams right now',
  noStreamsText: 'Start one with Go Live: pick your game and stream it from your camera or OBS.',
  noGames: 'No games yet',
  noRatings: 'No ratings yet',
  noScores: 'No scores yet. Play to set the first one!',
  noStreamers: 'No gaming streams yet: the top streamers appear once gaming streams have run.',
  noChampions: 'No tournament has been completed yet: champions appear here when a tournament ends.',
} as const;

/** The five tabs of seed 002 §2.10, as `?tab=` names them. */
export const GAMING_TABS = ['streams', 'games', 'tournaments', 'leaderboards', 'community'] as const;
export type GamingTab = (typeof GAMING_TABS)[number];

export const GAMING_TAB_LABELS: Record<GamingTab, string> = {
  streams: 'Streams',
  games: 'Games',
  tournaments: 'Tournaments',
  leaderboards: 'Leaderboards',
  community: 'Community',
};

export function isGamingTab(value: string | null | undefined): value is GamingTab {
  return (GAMING_TABS as readonly string[]).includes(value ?? '');
}

/** The Streams tab reads the list again this often while it is shown. */
export const GAMING_STREAMS_REFRESH_MS = 15_000;

/** Stream form limits (the server's too). */
export const STREAM_TITLE_MAX = 100;
export const STREAM_GAME_MAX = 100;
export const STREAM_DESCRIPTION_MAX = 5000;

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { today: 'Today', week: 'This week', all: 'All time' };

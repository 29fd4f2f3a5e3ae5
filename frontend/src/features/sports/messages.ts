import type { SportId } from './types';

/** The four tabs of seed 002 §2.12, as `?tab=` names them. */
export const SPORTS_TABS = ['live', 'schedule', 'highlights', 'statistics'] as const;
export type SportsTab = (typeof SPORTS_TABS)[number];

export const SPORTS_TAB_LABELS: Record<SportsTab, string> = {
  live: 'Live Streams',
  schedule: 'Schedule',
  highlights: 'Highlights',
  statistics: 'Statistics',
};

export const SPORT_LABELS: Record<SportId, string> = {
  football: 'Football',
  rugby: 'Rugby',
  basketball: 'Basketball',
  tennis: 'Tennis',
  cricket: 'Cricket',
  baseball: 'Baseball',
  boxing: 'Boxing',
  mma: 'MMA',
};

export function isSportsTab(value: string | null | undefined): value is SportsTab {
  return (SPORTS_TABS as readonly string[]).includes(value ?? '');
}

/** Viewer counts of live matches drift this often (seed 002 §2.12). */
export const SPORTS_VIEWER_DRIFT_MS = 5_000;

export const SPORTS_MESSAGES = {
  sampleBadge: 'Sample data',
  sampleNotice:
    'Everything in Sports is sample data: the matches, scores, viewer counts, highlights and statistics are made up to show what the section will look like. None of it is real or live.',
  noLive: (sport: string) => `No live ${sport} right now`,
  noLiveHint: 'The Schedule tab lists the next matches.',
  noUpcoming: (sport: string) => `No upcoming ${sport} matches in the sample schedule`,
  noHighlights: (sport: string) => `No ${sport} highlights in the sample data`,
  noStatistics: (sport: string) => `No ${sport} statistics in the sample data`,
  sampleStream: 'Sample stream: there is no video to watch.',
  sampleHighlight: 'Sample highlight',
} as const;

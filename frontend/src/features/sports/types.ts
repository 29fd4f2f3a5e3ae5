/** The sports of seed 002 §2.12, in the selector's order. */
export const SPORTS = ['football', 'rugby', 'basketball', 'tennis', 'cricket', 'baseball', 'boxing', 'mma'] as const;
export type SportId = (typeof SPORTS)[number];

/** A team's (or a fighter's, a player's) "logo": coloured initials, so nothing is fetched. */
export interface TeamLogo {
  initials: string;
  color: string;
}

export interface SampleTeam {
  name: string;
  /** The score as the sport writes it ("2", "287/6", "6-4 3-5"); null before the start or when a sport has none. */
  score: string | null;
  logo: TeamLogo;
}

/** A sports match (seed 002 §3, sample data entities: hard-coded, never from a server). */
export interface SportsMatch {
  id: string;
  title: string;
  sport: SportId;
  league: string;
  status: 'live' | 'upcoming';
  viewers: number;
  /** ISO 8601. */
  startTime: string;
  teams: [SampleTeam, SampleTeam];
  /** How long the match is scheduled to run ("90 min", "Best of 3 sets", "12 rounds"). */
  duration: string;
  venue: string;
  /** Where a live match is ("67'", "Q3 4:12", "Set 2"); none before the start. */
  clock?: string;
}

export interface SportsHighlight {
  id: string;
  sport: SportId;
  title: string;
  league: string;
  /** Seconds. */
  duration: number;
  views: number;
  /** ISO 8601. */
  publishedAt: string;
  teams: [SampleTeam, SampleTeam];
}

/** A sport's statistics tab: one standings (or rankings) table and a few leaders. */
export interface SportsStatistics {
  tableTitle: string;
  columns: string[];
  rows: { name: string; logo: TeamLogo; values: (string | number)[] }[];
  leaders: { label: string; name: string; team: string; value: string }[];
}

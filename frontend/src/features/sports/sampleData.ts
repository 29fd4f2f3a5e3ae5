import type { SampleTeam, SportId, SportsHighlight, SportsMatch, SportsStatistics, TeamLogo } from './types';

/**
 * The Sports section's hard-coded sample data (seed 002 §2.12, §3: never from a server). Leagues, clubs and venues are
 * real names so the screens look plausible; every fixture, score, viewer count and figure is invented. Individual
 * athletes (tennis, boxing, MMA) are fictional. Times are relative to when the data is built, so the schedule is never
 * in the past.
 */

const logo = (initials: string, color: string): TeamLogo => ({ initials, color });
const team = (name: string, initials: string, color: string, score: string | null = null): SampleTeam => ({
  name,
  score,
  logo: logo(initials, color),
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface MatchSeed extends Omit<SportsMatch, 'startTime' | 'title'> {
  /** Minutes from now; negative for a match under way. */
  startsIn: number;
}

const MATCHES: MatchSeed[] = [
  // Football
  { id: 'fb-1', sport: 'football', league: 'Premier League', status: 'live', viewers: 48_213, startsIn: -67, clock: "67'", duration: '90 min', venue: 'Emirates Stadium, London',
    teams: [team('Arsenal', 'ARS', '#d32f2f', '2'), team('Chelsea', 'CHE', '#1e40af', '1')] },
  { id: 'fb-2', sport: 'football', league: 'La Liga', status: 'live', viewers: 31_904, startsIn: -24, clock: "24'", duration: '90 min', venue: 'Santiago Bernabéu, Madrid',
    teams: [team('Real Madrid', 'RMA', '#6b7280', '0'), team('Sevilla', 'SEV', '#b91c1c', '0')] },
  { id: 'fb-3', sport: 'football', league: 'Bundesliga', status: 'upcoming', viewers: 0, startsIn: 180, duration: '90 min', venue: 'Signal Iduna Park, Dortmund',
    teams: [team('Borussia Dortmund', 'BVB', '#ca8a04'), team('RB Leipzig', 'RBL', '#dc2626')] },
  { id: 'fb-4', sport: 'football', league: 'Serie A', status: 'upcoming', viewers: 0, startsIn: 1_560, duration: '90 min', venue: 'San Siro, Milan',
    teams: [team('Inter', 'INT', '#1d4ed8'), team('Napoli', 'NAP', '#0284c7')] },
  // Rugby
  { id: 'rg-1', sport: 'rugby', league: 'Six Nations', status: 'live', viewers: 22_480, startsIn: -52, clock: '2nd half, 52′', duration: '80 min', venue: 'Aviva Stadium, Dublin',
    teams: [team('Ireland', 'IRE', '#15803d', '17'), team('France', 'FRA', '#1e3a8a', '13')] },
  { id: 'rg-2', sport: 'rugby', league: 'Premiership Rugby', status: 'upcoming', viewers: 0, startsIn: 300, duration: '80 min', venue: 'StoneX Stadium, London',
    teams: [team('Saracens', 'SAR', '#111827'), team('Leicester Tigers', 'LEI', '#166534')] },
  { id: 'rg-3', sport: 'rugby', league: 'Super Rugby Pacific', status: 'upcoming', viewers: 0, startsIn: 2_880, duration: '80 min', venue: 'Apollo Projects Stadium, Christchurch',
    teams: [team('Crusaders', 'CRU', '#b91c1c'), team('Blues', 'BLU', '#1d4ed8')] },
  // Basketball
  { id: 'bb-1', sport: 'basketball', league: 'NBA', status: 'live', viewers: 37_655, startsIn: -95, clock: 'Q3 4:12', duration: '48 min', venue: 'TD Garden, Boston',
    teams: [team('Boston Celtics', 'BOS', '#15803d', '78'), team('Milwaukee Bucks', 'MIL', '#14532d', '74')] },
  { id: 'bb-2', sport: 'basketball', league: 'EuroLeague', status: 'live', viewers: 9_870, startsIn: -40, clock: 'Q2 1:05', duration: '40 min', venue: 'WiZink Center, Madrid',
    teams: [team('Real Madrid', 'RMB', '#7c3aed', '41'), team('Olympiacos', 'OLY', '#dc2626', '44')] },
  { id: 'bb-3', sport: 'basketball', league: 'NBA', status: 'upcoming', viewers: 0, startsIn: 420, duration: '48 min', venue: 'Ball Arena, Denver',
    teams: [team('Denver Nuggets', 'DEN', '#1e3a8a'), team('Phoenix Suns', 'PHX', '#ea580c')] },
  // Tennis
  { id: 'tn-1', sport: 'tennis', league: 'ATP Masters 1000', status: 'live', viewers: 14_302, startsIn: -80, clock: 'Set 2', duration: 'Best of 3 sets', venue: 'Centre Court, Indian Wells',
    teams: [team('Marco Ferreira', 'MF', '#0f766e', '6-4 3-5'), team('Lukas Brandt', 'LB', '#9333ea', '4-6 5-3')] },
  { id: 'tn-2', sport: 'tennis', league: 'WTA 1000', status: 'upcoming', viewers: 0, startsIn: 150, duration: 'Best of 3 sets', venue: 'Stadium 1, Indian Wells',
    teams: [team('Anna Kowal', 'AK', '#be185d'), team('Sofia Reyes', 'SR', '#0369a1')] },
  { id: 'tn-3', sport: 'tennis', league: 'ATP 500', status: 'upcoming', viewers: 0, startsIn: 1_500, duration: 'Best of 3 sets', venue: 'Court Philippe-Chatrier, Paris',
    teams: [team('Tomás Aguilar', 'TA', '#b45309'), team('Henrik Dahl', 'HD', '#1d4ed8')] },
  // Cricket
  { id: 'cr-1', sport: 'cricket', league: 'Test series', status: 'live', viewers: 41_118, startsIn: -300, clock: 'Day 2, 64.3 overs', duration: '5 days', venue: "Lord's, London",
    teams: [team('England', 'ENG', '#1e3a8a', '287/6'), team('India', 'IND', '#2563eb', '312')] },
  { id: 'cr-2', sport: 'cricket', league: 'Indian Premier League', status: 'upcoming', viewers: 0, startsIn: 600, duration: '20 overs a side', venue: 'Wankhede Stadium, Mumbai',
    teams: [team('Mumbai Indians', 'MI', '#1d4ed8'), team('Chennai Super Kings', 'CSK', '#ca8a04')] },
  { id: 'cr-3', sport: 'cricket', league: 'Big Bash League', status: 'upcoming', viewers: 0, startsIn: 2_000, duration: '20 overs a side', venue: 'Perth Stadium, Perth',
    teams: [team('Perth Scorchers', 'PS', '#ea580c'), team('Sydney Sixers', 'SS', '#db2777')] },
  // Baseball
  { id: 'bs-1', sport: 'baseball', league: 'MLB', status: 'live', viewers: 19_764, startsIn: -110, clock: 'Top 6th', duration: '9 innings', venue: 'Yankee Stadium, New York',
    teams: [team('New York Yankees', 'NYY', '#1e3a8a', '4'), team('Boston Red Sox', 'BOS', '#b91c1c', '3')] },
  { id: 'bs-2', sport: 'baseball', league: 'MLB', status: 'upcoming', viewers: 0, startsIn: 240, duration: '9 innings', venue: 'Dodger Stadium, Los Angeles',
    teams: [team('Los Angeles Dodgers', 'LAD', '#1d4ed8'), team('San Francisco Giants', 'SFG', '#ea580c')] },
  { id: 'bs-3', sport: 'baseball', league: 'Nippon Professional Baseball', status: 'upcoming', viewers: 0, startsIn: 1_400, duration: '9 innings', venue: 'Tokyo Dome, Tokyo',
    teams: [team('Yomiuri Giants', 'YG', '#f97316'), team('Hanshin Tigers', 'HT', '#eab308')] },
  // Boxing: fight night is at the weekend, nothing is live.
  { id: 'bx-1', sport: 'boxing', league: 'WBC Heavyweight title', status: 'upcoming', viewers: 0, startsIn: 2_200, duration: '12 rounds', venue: 'Wembley Stadium, London',
    teams: [team('Daniel Okafor', 'DO', '#b91c1c'), team('Viktor Halloran', 'VH', '#1e40af')] },
  { id: 'bx-2', sport: 'boxing', league: 'WBO Welterweight', status: 'upcoming', viewers: 0, startsIn: 4_100, duration: '12 rounds', venue: 'MGM Grand Garden Arena, Las Vegas',
    teams: [team('Luis Carrera', 'LC', '#15803d'), team('Jamal Whitfield', 'JW', '#7c3aed')] },
  // MMA
  { id: 'mm-1', sport: 'mma', league: 'UFC Fight Night', status: 'live', viewers: 26_530, startsIn: -12, clock: 'Round 2', duration: '3 rounds', venue: 'UFC Apex, Las Vegas',
    teams: [team('Rafael Duarte', 'RD', '#0f766e'), team('Kenji Mori', 'KM', '#be123c')] },
  { id: 'mm-2', sport: 'mma', league: 'UFC Main Card', status: 'upcoming', viewers: 0, startsIn: 90, duration: '5 rounds', venue: 'UFC Apex, Las Vegas',
    teams: [team('Aleksander Nowak', 'AN', '#1d4ed8'), team('Tiago Mendes', 'TM', '#ca8a04')] },
];

interface HighlightSeed extends Omit<SportsHighlight, 'publishedAt' | 'title'> {
  title: string;
  /** Days ago. */
  age: number;
}

const HIGHLIGHTS: HighlightSeed[] = [
  { id: 'hl-fb-1', sport: 'football', title: 'Late winner seals the derby', league: 'Premier League', duration: 312, views: 1_204_331, age: 1,
    teams: [team('Tottenham Hotspur', 'TOT', '#1e293b', '1'), team('Arsenal', 'ARS', '#d32f2f', '2')] },
  { id: 'hl-fb-2', sport: 'football', title: 'Five goals in a wild second half', league: 'Bundesliga', duration: 425, views: 640_118, age: 3,
    teams: [team('Bayern Munich', 'FCB', '#dc2626', '3'), team('Bayer Leverkusen', 'B04', '#111827', '2')] },
  { id: 'hl-rg-1', sport: 'rugby', title: 'Length-of-the-field try decides it', league: 'Six Nations', duration: 268, views: 211_504, age: 2,
    teams: [team('Scotland', 'SCO', '#1e3a8a', '24'), team('Wales', 'WAL', '#b91c1c', '21')] },
  { id: 'hl-bb-1', sport: 'basketball', title: 'Buzzer-beater from half court', league: 'NBA', duration: 198, views: 2_310_870, age: 1,
    teams: [team('Golden State Warriors', 'GSW', '#1d4ed8', '112'), team('Los Angeles Lakers', 'LAL', '#7c3aed', '110')] },
  { id: 'hl-bb-2', sport: 'basketball', title: 'Triple-double in the fourth-quarter comeback', league: 'NBA', duration: 356, views: 804_552, age: 4,
    teams: [team('Dallas Mavericks', 'DAL', '#2563eb', '121'), team('Oklahoma City Thunder', 'OKC', '#0ea5e9', '117')] },
  { id: 'hl-tn-1', sport: 'tennis', title: 'The 38-shot rally of the tournament', league: 'ATP Masters 1000', duration: 241, views: 389_112, age: 2,
    teams: [team('Lukas Brandt', 'LB', '#9333ea', '7-6 6-4'), team('Tomás Aguilar', 'TA', '#b45309', '6-7 4-6')] },
  { id: 'hl-cr-1', sport: 'cricket', title: 'A hundred off 48 balls', league: 'Indian Premier League', duration: 402, views: 3_012_447, age: 5,
    teams: [team('Royal Challengers Bengaluru', 'RCB', '#b91c1c', '221/4'), team('Kolkata Knight Riders', 'KKR', '#6d28d9', '198/9')] },
  { id: 'hl-bs-1', sport: 'baseball', title: 'Walk-off grand slam in the 10th', league: 'MLB', duration: 175, views: 512_006, age: 2,
    teams: [team('Chicago Cubs', 'CHC', '#1d4ed8', '8'), team('St. Louis Cardinals', 'STL', '#b91c1c', '4')] },
  { id: 'hl-bx-1', sport: 'boxing', title: 'Every knockdown from title night', league: 'WBA Middleweight', duration: 287, views: 954_220, age: 6,
    teams: [team('Daniel Okafor', 'DO', '#b91c1c', 'W KO 7'), team('Sam Petrenko', 'SP', '#0f766e', 'L')] },
  { id: 'hl-mm-1', sport: 'mma', title: 'First-round submission on the main card', league: 'UFC Main Card', duration: 146, views: 1_150_093, age: 3,
    teams: [team('Tiago Mendes', 'TM', '#ca8a04', 'W Sub R1'), team('Omar Haddad', 'OH', '#334155', 'L')] },
];

const STATISTICS: Record<SportId, SportsStatistics> = {
  football: {
    tableTitle: 'Premier League table',
    columns: ['P', 'W', 'D', 'L', 'GD', 'Pts'],
    rows: [
      { name: 'Arsenal', logo: logo('ARS', '#d32f2f'), values: [28, 20, 5, 3, 41, 65] },
      { name: 'Liverpool', logo: logo('LIV', '#c2410c'), values: [28, 19, 6, 3, 38, 63] },
      { name: 'Manchester City', logo: logo('MCI', '#0ea5e9'), values: [28, 18, 6, 4, 35, 60] },
      { name: 'Chelsea', logo: logo('CHE', '#1e40af'), values: [28, 15, 7, 6, 19, 52] },
      { name: 'Aston Villa', logo: logo('AVL', '#7f1d1d'), values: [28, 15, 5, 8, 12, 50] },
    ],
    leaders: [
      { label: 'Top scorer', name: 'Arsenal #9', team: 'Arsenal', value: '21 goals' },
      { label: 'Most assists', name: 'Liverpool #11', team: 'Liverpool', value: '13 assists' },
      { label: 'Clean sheets', name: 'Chelsea #1', team: 'Chelsea', value: '12' },
    ],
  },
  rugby: {
    tableTitle: 'Six Nations table',
    columns: ['P', 'W', 'D', 'L', 'PD', 'Pts'],
    rows: [
      { name: 'Ireland', logo: logo('IRE', '#15803d'), values: [4, 4, 0, 0, 62, 18] },
      { name: 'France', logo: logo('FRA', '#1e3a8a'), values: [4, 3, 0, 1, 41, 14] },
      { name: 'England', logo: logo('ENG', '#9ca3af'), values: [4, 2, 0, 2, 5, 10] },
      { name: 'Scotland', logo: logo('SCO', '#1e40af'), values: [4, 2, 0, 2, -3, 9] },
      { name: 'Wales', logo: logo('WAL', '#b91c1c'), values: [4, 1, 0, 3, -38, 5] },
      { name: 'Italy', logo: logo('ITA', '#2563eb'), values: [4, 0, 0, 4, -67, 1] },
    ],
    leaders: [
      { label: 'Most tries', name: 'Ireland #14', team: 'Ireland', value: '6 tries' },
      { label: 'Most points', name: 'France #10', team: 'France', value: '58 points' },
    ],
  },
  basketball: {
    tableTitle: 'NBA Eastern Conference',
    columns: ['W', 'L', 'Pct', 'GB'],
    rows: [
      { name: 'Boston Celtics', logo: logo('BOS', '#15803d'), values: [52, 14, '.788', '—'] },
      { name: 'Milwaukee Bucks', logo: logo('MIL', '#14532d'), values: [45, 21, '.682', '7.0'] },
      { name: 'New York Knicks', logo: logo('NYK', '#ea580c'), values: [42, 24, '.636', '10.0'] },
      { name: 'Cleveland Cavaliers', logo: logo('CLE', '#7f1d1d'), values: [41, 25, '.621', '11.0'] },
    ],
    leaders: [
      { label: 'Points per game', name: 'Celtics #0', team: 'Boston Celtics', value: '28.4' },
      { label: 'Rebounds per game', name: 'Bucks #34', team: 'Milwaukee Bucks', value: '11.6' },
      { label: 'Assists per game', name: 'Knicks #11', team: 'New York Knicks', value: '8.9' },
    ],
  },
  tennis: {
    tableTitle: 'Rankings (sample)',
    columns: ['Rank', 'Titles', 'Points'],
    rows: [
      { name: 'Marco Ferreira', logo: logo('MF', '#0f766e'), values: [1, 6, '9,840'] },
      { name: 'Lukas Brandt', logo: logo('LB', '#9333ea'), values: [2, 4, '8,915'] },
      { name: 'Tomás Aguilar', logo: logo('TA', '#b45309'), values: [3, 3, '7,120'] },
      { name: 'Henrik Dahl', logo: logo('HD', '#1d4ed8'), values: [4, 2, '5,480'] },
    ],
    leaders: [
      { label: 'Most aces', name: 'Henrik Dahl', team: 'ATP', value: '512' },
      { label: 'Match wins', name: 'Marco Ferreira', team: 'ATP', value: '48' },
    ],
  },
  cricket: {
    tableTitle: 'World Test Championship',
    columns: ['M', 'W', 'L', 'D', 'PCT'],
    rows: [
      { name: 'India', logo: logo('IND', '#2563eb'), values: [12, 8, 2, 2, '68.5'] },
      { name: 'Australia', logo: logo('AUS', '#ca8a04'), values: [13, 8, 3, 2, '62.5'] },
      { name: 'England', logo: logo('ENG', '#1e3a8a'), values: [15, 8, 6, 1, '51.1'] },
      { name: 'New Zealand', logo: logo('NZ', '#111827'), values: [11, 5, 5, 1, '47.9'] },
    ],
    leaders: [
      { label: 'Most runs', name: 'India #18', team: 'India', value: '1,214 runs' },
      { label: 'Most wickets', name: 'Australia #30', team: 'Australia', value: '58 wickets' },
    ],
  },
  baseball: {
    tableTitle: 'AL East standings',
    columns: ['W', 'L', 'Pct', 'GB'],
    rows: [
      { name: 'New York Yankees', logo: logo('NYY', '#1e3a8a'), values: [88, 58, '.603', '—'] },
      { name: 'Baltimore Orioles', logo: logo('BAL', '#ea580c'), values: [84, 62, '.575', '4.0'] },
      { name: 'Boston Red Sox', logo: logo('BOS', '#b91c1c'), values: [76, 70, '.521', '12.0'] },
      { name: 'Tampa Bay Rays', logo: logo('TB', '#0ea5e9'), values: [72, 74, '.493', '16.0'] },
      { name: 'Toronto Blue Jays', logo: logo('TOR', '#1d4ed8'), values: [69, 77, '.473', '19.0'] },
    ],
    leaders: [
      { label: 'Home runs', name: 'Yankees #99', team: 'New York Yankees', value: '47' },
      { label: 'Batting average', name: 'Orioles #2', team: 'Baltimore Orioles', value: '.318' },
      { label: 'ERA', name: 'Red Sox #41', team: 'Boston Red Sox', value: '2.61' },
    ],
  },
  boxing: {
    tableTitle: 'Heavyweight rankings (sample)',
    columns: ['Rank', 'Record', 'KOs'],
    rows: [
      { name: 'Daniel Okafor', logo: logo('DO', '#b91c1c'), values: [1, '24-0', 19] },
      { name: 'Viktor Halloran', logo: logo('VH', '#1e40af'), values: [2, '31-1-1', 22] },
      { name: 'Sam Petrenko', logo: logo('SP', '#0f766e'), values: [3, '19-2', 14] },
    ],
    leaders: [{ label: 'Knockout ratio', name: 'Daniel Okafor', team: 'Heavyweight', value: '79%' }],
  },
  mma: {
    tableTitle: 'Lightweight rankings (sample)',
    columns: ['Rank', 'Record', 'Finishes'],
    rows: [
      { name: 'Tiago Mendes', logo: logo('TM', '#ca8a04'), values: ['C', '23-2', 18] },
      { name: 'Aleksander Nowak', logo: logo('AN', '#1d4ed8'), values: [1, '20-3', 12] },
      { name: 'Rafael Duarte', logo: logo('RD', '#0f766e'), values: [2, '17-4', 11] },
      { name: 'Kenji Mori', logo: logo('KM', '#be123c'), values: [3, '15-3', 9] },
    ],
    leaders: [
      { label: 'Most submissions', name: 'Tiago Mendes', team: 'Lightweight', value: '10' },
      { label: 'Significant strikes per min', name: 'Kenji Mori', team: 'Lightweight', value: '6.8' },
    ],
  },
};

export interface SportsSampleData {
  matches: SportsMatch[];
  highlights: SportsHighlight[];
  statistics: Record<SportId, SportsStatistics>;
}

/** A fresh copy of the sample data, its times relative to `now` (ms). */
export function buildSampleData(now: number): SportsSampleData {
  const matches = MATCHES.map(({ startsIn, ...match }) => ({
    ...match,
    title: `${match.teams[0].name} vs ${match.teams[1].name}`,
    startTime: new Date(now + startsIn * MINUTE).toISOString(),
    teams: [{ ...match.teams[0] }, { ...match.teams[1] }] as SportsMatch['teams'],
  }));
  const highlights = HIGHLIGHTS.map(({ age, ...highlight }) => ({ ...highlight, publishedAt: new Date(now - age * DAY).toISOString() }));
  return { matches, highlights, statistics: STATISTICS };
}

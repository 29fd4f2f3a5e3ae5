/** One search that found something: one row per searcher, query and hour, as the server keeps them. */
export interface MockSearchRecord {
  /** The query folded (lower case, no accents), as the server logs it. */
  query: string;
  /** `u:<user id>`, or `a:<address>` for a visitor. */
  searcher: string;
  /** The hour it was made in (ms since the epoch, truncated to the hour). */
  hour: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The in-memory search log behind the mock API's trending searches and popular suggestions. */
export const searchDb = {
  log: [] as MockSearchRecord[],
};

function hourOf(at: number): number {
  return Math.floor(at / HOUR) * HOUR;
}

/** Puts back the demo log: a few searches other people made today, so trending is not empty in QA mode. */
export function resetSearchDb(now = Date.now()): void {
  searchDb.log = [];
  const demo: [string, number][] = [
    ['harbour', 3],
    ['analytical engine', 2],
    ['coffee', 1],
  ];
  for (const [query, people] of demo) {
    for (let n = 1; n <= people; n += 1) searchDb.log.push({ query, searcher: `a:demo-${n}`, hour: hourOf(now - n * HOUR) });
  }
}

/** Counts a search once per searcher, query and hour. */
export function recordSearch(query: string, searcher: string, now = Date.now()): void {
  const hour = hourOf(now);
  if (searchDb.log.some((row) => row.query === query && row.searcher === searcher && row.hour === hour)) return;
  searchDb.log.push({ query, searcher, hour });
}

/** The most searched queries of the last `hours` hours, most first (then by query). */
export function trendingSearches(limit: number, hours = 24, now = Date.now()): { query: string; count: number }[] {
  const since = hourOf(now) - (hours - 1) * HOUR;
  const counts = new Map<string, number>();
  for (const row of searchDb.log) if (row.hour >= since) counts.set(row.query, (counts.get(row.query) ?? 0) + 1);
  return [...counts]
    .map(([query, count]) => ({ query, count }))
    .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query))
    .slice(0, limit);
}

/** Logged queries of the last 7 days starting with `prefix` (folded), most searched first. */
export function popularPrefixed(prefix: string, limit: number, now = Date.now()): string[] {
  const counts = new Map<string, number>();
  for (const row of searchDb.log) {
    if (row.hour >= now - 7 * DAY && row.query.startsWith(prefix)) counts.set(row.query, (counts.get(row.query) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([query]) => query);
}

export function snapshotSearchDb() {
  return { log: searchDb.log };
}

export function restoreSearchDb(data: ReturnType<typeof snapshotSearchDb> | undefined): void {
  if (data) searchDb.log = Array.isArray(data.log) ? data.log : [];
  else resetSearchDb();
}

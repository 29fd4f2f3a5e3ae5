import { makeAutoObservable } from 'mobx';
import { buildSampleData } from './sampleData';
import { SPORTS_VIEWER_DRIFT_MS } from './messages';
import { SPORTS, type SportId, type SportsHighlight, type SportsMatch, type SportsStatistics } from './types';

export interface SportsStoreOptions {
  /** The clock the sample times are relative to (ms). */
  now?: () => number;
  /** A number in [0, 1); the drift's randomness. */
  random?: () => number;
}

export function isSport(value: string | null | undefined): value is SportId {
  return (SPORTS as readonly string[]).includes(value ?? '');
}

/**
 * The Sports section (seed 002 §2.12): the chosen sport and its hard-coded sample matches, highlights and statistics
 * (never from a server). While the section is shown, live matches' viewer counts drift every 5 seconds.
 */
export class SportsStore {
  sport: SportId = 'football';
  matches: SportsMatch[];
  readonly highlightsAll: SportsHighlight[];
  private readonly statisticsAll: Record<SportId, SportsStatistics>;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly random: () => number;

  constructor({ now = Date.now, random = Math.random }: SportsStoreOptions = {}) {
    const data = buildSampleData(now());
    this.matches = data.matches;
    this.highlightsAll = data.highlights;
    this.statisticsAll = data.statistics;
    this.random = random;
    makeAutoObservable<SportsStore, 'timer' | 'random' | 'statisticsAll'>(
      this,
      { timer: false, random: false, statisticsAll: false, highlightsAll: false },
      { autoBind: true },
    );
  }

  selectSport(sport: SportId): void {
    this.sport = sport;
  }

  /** The chosen sport's live matches, most watched first. */
  get live(): SportsMatch[] {
    return this.matches.filter((m) => m.sport === this.sport && m.status === 'live').sort((a, b) => b.viewers - a.viewers);
  }

  /** The chosen sport's upcoming matches, soonest first. */
  get upcoming(): SportsMatch[] {
    return this.matches.filter((m) => m.sport === this.sport && m.status === 'upcoming').sort((a, b) => a.startTime.localeCompare(b.startTime));
  }

  get highlights(): SportsHighlight[] {
    return this.highlightsAll.filter((h) => h.sport === this.sport);
  }

  get statistics(): SportsStatistics | null {
    return this.statisticsAll[this.sport] ?? null;
  }

  /** True while viewer counts drift (the section is shown). */
  drifting = false;

  /** Starts the 5-second viewer drift; once, however often it is called. */
  startDrift(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(this.drift, SPORTS_VIEWER_DRIFT_MS);
    this.drifting = true;
  }

  stopDrift(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.drifting = false;
  }

  /** One drift step: every live match (of every sport) gains or loses up to 3 % of its viewers, never nothing. */
  drift(): void {
    for (const match of this.matches) {
      if (match.status !== 'live') continue;
      const r = this.random();
      const step = Math.max(1, Math.round(match.viewers * 0.03 * Math.abs(r * 2 - 1)));
      match.viewers = Math.max(1, match.viewers + (r < 0.5 ? -step : step));
    }
  }
}

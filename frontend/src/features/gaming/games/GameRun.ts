import { makeAutoObservable } from 'mobx';
import type { GameEngine } from '../types';
import { REACTION_MAX_WAIT_MS, REACTION_MIN_WAIT_MS, TARGET_RESPAWN_MS, maxScore, reactionPoints, targetPoints } from './scoring';

export type RunState = 'playing' | 'over';

/** Where the target is, in percent of the play area (its centre), and when it appeared (ms). */
export interface Target {
  id: number;
  x: number;
  y: number;
  appearedAt: number;
}

/** Reflex's pad: waiting for green, green (click now), or clicked too early (the wait starts again). */
export type PadPhase = 'waiting' | 'green' | 'early';

export interface GameRunOptions {
  engine: GameEngine;
  durationSeconds: number;
  maxPointsPerSecond: number;
  /** Called once when the time is up, with the final score. */
  onOver?: (score: number) => void;
  /** Random numbers in [0, 1) (tests pass their own). */
  random?: () => number;
  /** The clock (ms); Date.now by default, which jest's fake timers move. */
  now?: () => number;
}

/** How often the countdown is redrawn. */
const TICK_MS = 100;

/**
 * One 30-second play of a browser game (seed 002 §4 Browser game: idle, playing with a countdown, game over): the
 * engine's rules, the score and the time left. Timers are the global ones (jest's fake timers drive them in tests).
 * The pacing keeps the score within the game's points-per-second limit: a target (10 points at most) appears 0.4 s
 * after the last one was hit, and Reflex's pad turns green 1 to 3 s after each click.
 */
export class GameRun {
  state: RunState = 'playing';
  score = 0;
  hits = 0;
  misses = 0;
  /** The points of the last hit (shown briefly), or null. */
  lastPoints: number | null = null;
  target: Target | null = null;
  pad: PadPhase = 'waiting';
  /** When the game ends (ms on this run's clock). */
  readonly endsAt: number;
  now: number;

  private readonly startedAt: number;
  private greenAt = 0;
  private targetSeq = 0;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private stepTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly random: () => number;
  private readonly clock: () => number;

  constructor(private readonly options: GameRunOptions) {
    this.random = options.random ?? Math.random;
    this.clock = options.now ?? Date.now;
    this.startedAt = this.clock();
    this.now = this.startedAt;
    this.endsAt = this.startedAt + options.durationSeconds * 1000;
    makeAutoObservable<this, 'options' | 'tickTimer' | 'stepTimer' | 'random' | 'clock' | 'startedAt' | 'greenAt' | 'targetSeq'>(
      this,
      { options: false, tickTimer: false, stepTimer: false, random: false, clock: false, startedAt: false, greenAt: false, targetSeq: false, endsAt: false },
      { autoBind: true },
    );
    this.tickTimer = setInterval(this.tick, TICK_MS);
    if (options.engine === 'target') this.schedule(this.spawnTarget, TARGET_RESPAWN_MS);
    else this.waitForGreen();
  }

  get engine(): GameEngine {
    return this.options.engine;
  }

  /** Whole seconds left (the countdown). */
  get secondsLeft(): number {
    return Math.max(0, Math.ceil((this.endsAt - this.now) / 1000));
  }

  /** Share of the time used, 0..100 (the progress bar). */
  get progress(): number {
    const total = this.endsAt - this.startedAt;
    return Math.min(100, Math.max(0, ((this.now - this.startedAt) / total) * 100));
  }

  /** The most the game allows over its whole duration (the server's limit). */
  get limit(): number {
    return maxScore(this.options.maxPointsPerSecond, this.options.durationSeconds);
  }

  /** A click on the current target. */
  hitTarget(): void {
    if (this.state !== 'playing' || this.timeIsUp() || !this.target) return;
    this.award(targetPoints(this.clock() - this.target.appearedAt));
    this.target = null;
    this.schedule(this.spawnTarget, TARGET_RESPAWN_MS);
  }

  /** A click on the play area beside the target: no points. */
  miss(): void {
    if (this.state !== 'playing' || this.timeIsUp()) return;
    this.misses += 1;
    this.lastPoints = 0;
  }

  /** A click on Reflex's pad: points when green; too early scores 0 and restarts the wait. */
  pressPad(): void {
    if (this.state !== 'playing' || this.timeIsUp()) return;
    if (this.pad === 'green') {
      this.award(reactionPoints(this.clock() - this.greenAt));
      this.waitForGreen();
    } else {
      this.misses += 1;
      this.lastPoints = 0;
      this.waitForGreen('early');
    }
  }

  /** Stops the timers (the page closed, or another game started). */
  dispose(): void {
    if (this.tickTimer !== null) clearInterval(this.tickTimer);
    if (this.stepTimer !== null) clearTimeout(this.stepTimer);
    this.tickTimer = null;
    this.stepTimer = null;
  }

  /**
   * A click after the 30 s is not played: the countdown's tick may come up to 0.1 s late (much later in a background
   * tab, where the browser slows timers), so the clock is read at each click and the run ends there.
   */
  private timeIsUp(): boolean {
    if (this.clock() < this.endsAt) return false;
    this.finish();
    return true;
  }

  private award(points: number): void {
    this.score = Math.min(this.limit, this.score + points);
    this.hits += 1;
    this.lastPoints = points;
  }

  private tick(): void {
    this.now = this.clock();
    if (this.now >= this.endsAt) this.finish();
  }

  private finish(): void {
    if (this.state === 'over') return;
    this.dispose();
    this.state = 'over';
    this.target = null;
    this.now = this.endsAt;
    this.options.onOver?.(this.score);
  }

  private schedule(step: () => void, ms: number): void {
    if (this.stepTimer !== null) clearTimeout(this.stepTimer);
    this.stepTimer = setTimeout(() => {
      this.stepTimer = null;
      if (this.state === 'playing') step();
    }, ms);
  }

  private spawnTarget(): void {
    this.targetSeq += 1;
    // Kept inside the area (8%..92%) so that a target is never cut by the edge.
    this.target = { id: this.targetSeq, x: 8 + this.random() * 84, y: 10 + this.random() * 80, appearedAt: this.clock() };
  }

  private waitForGreen(phase: PadPhase = 'waiting'): void {
    this.pad = phase;
    const wait = REACTION_MIN_WAIT_MS + this.random() * (REACTION_MAX_WAIT_MS - REACTION_MIN_WAIT_MS);
    this.schedule(this.turnGreen, wait);
  }

  private turnGreen(): void {
    this.pad = 'green';
    this.greenAt = this.clock();
  }
}

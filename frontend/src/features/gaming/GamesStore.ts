import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource } from '../../shared/resource';
import { GameRun } from './games/GameRun';
import { GAMING_MESSAGES } from './messages';
import type { Game, GameLeaderboard, GameSession, LeaderboardPeriod, ScoreResult } from './types';

/** Lists of the gaming section only log their failures (seed 002 §8); the page shows an error state. */
export function logListFailure(what: string): void {
  console.warn(`[gaming] ${what} failed`);
}

export type ScoreStatus = 'idle' | 'sending' | 'saved' | 'refused';

/**
 * The Games tab (seed 002 §2.10, §4 Browser game): the catalog, the open game (detail, its high scores for a period,
 * the viewer's rating), and one play: the session the server starts, the run in the page, and the score sent at the
 * end with the server's answer (a personal best and ranks, or why it was refused).
 */
export class GamesStore {
  readonly list = new Resource<Game[]>();
  readonly detail = new Resource<Game>();
  readonly board = new Resource<GameLeaderboard>();
  /** The game whose detail is open (`?game=`), or null for the grid. */
  openId: string | null = null;
  period: LeaderboardPeriod = 'all';

  run: GameRun | null = null;
  session: GameSession | null = null;
  startPending = false;
  scoreStatus: ScoreStatus = 'idle';
  result: ScoreResult | null = null;
  /** The server's sentence when it refused the score. */
  scoreError: string | null = null;
  ratePending = false;
  /** Bumped whenever the run is stopped (the game closed, the tab left): a start answered after that is dropped. */
  private runSeq = 0;

  /** The Leaderboards tab's game picker: the game shown, its period, and its high scores. */
  pickedId: string | null = null;
  pickedPeriod: LeaderboardPeriod = 'all';
  readonly pickedBoard = new Resource<GameLeaderboard>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'runSeq'>(this, { root: false, list: false, detail: false, board: false, pickedBoard: false, runSeq: false }, { autoBind: true });
  }

  /** The game the Leaderboards tab shows: the one picked, else the first (the most played). */
  get picked(): Game | null {
    return this.games.find((g) => g.id === this.pickedId) ?? this.games[0] ?? null;
  }

  pick(id: string | null): void {
    this.pickedId = id;
    void this.loadPickedBoard();
  }

  setPickedPeriod(period: LeaderboardPeriod): void {
    this.pickedPeriod = period;
    void this.loadPickedBoard();
  }

  async loadPickedBoard(): Promise<void> {
    const id = this.picked?.id;
    if (!id) return;
    const period = this.pickedPeriod;
    await this.pickedBoard.load(
      async () => (await this.root.api.GET('/api/gaming/game/{id}/leaderboard', { params: { path: { id }, query: { period } } })).data,
    );
  }

  get games(): Game[] {
    return this.list.data ?? [];
  }

  /** The open game: the detail once read, else its card from the list. */
  get game(): Game | null {
    if (!this.openId) return null;
    if (this.detail.data?.id === this.openId) return this.detail.data;
    return this.games.find((g) => g.id === this.openId) ?? null;
  }

  get playing(): boolean {
    return this.run?.state === 'playing';
  }

  /** GET /api/gaming/games (the most played first). */
  async loadGames(): Promise<void> {
    const ok = await this.list.load(async () => (await this.root.api.GET('/api/gaming/games')).data);
    if (!ok && this.list.status === 'error') logListFailure('games list');
  }

  /** Opens a game's detail (its card, or `?game=`): the game, its high scores, and a fresh play area. */
  open(id: string | null): void {
    if (this.openId === id) return;
    this.stopRun();
    this.openId = id;
    this.detail.reset();
    this.board.reset();
    if (id) {
      void this.loadGame(id);
      void this.loadBoard();
    }
  }

  async loadGame(id: string): Promise<void> {
    await this.detail.load(async () => (await this.root.api.GET('/api/gaming/game/{id}', { params: { path: { id } } })).data);
  }

  setPeriod(period: LeaderboardPeriod): void {
    this.period = period;
    void this.loadBoard();
  }

  /** GET /api/gaming/game/{id}/leaderboard?period=: the top 10 and the viewer's own rank. */
  async loadBoard(): Promise<void> {
    const id = this.openId;
    if (!id) return;
    const period = this.period;
    await this.board.load(
      async () => (await this.root.api.GET('/api/gaming/game/{id}/leaderboard', { params: { path: { id }, query: { period } } })).data,
    );
  }

  /**
   * Start Game: POST /api/gaming/game/{id}/play starts a session (a play counts), then the run begins here
   * ('Game session started!'); 'Failed to start game' when the server refuses.
   */
  async play(): Promise<boolean> {
    const game = this.game;
    if (!game || this.startPending || this.playing) return false;
    this.stopRun();
    const seq = this.runSeq;
    this.startPending = true;
    const outcome = await sendChange(
      () => this.root.api.POST('/api/gaming/game/{id}/play', { params: { path: { id: game.id } } }),
      GAMING_MESSAGES.gameFailed,
    );
    runInAction(() => (this.startPending = false));
    // The game was closed or the tab left while the server answered: no run starts behind the user's back.
    if (seq !== this.runSeq || this.openId !== game.id) return false;
    if (!outcome.ok) {
      this.root.notify.error(GAMING_MESSAGES.gameFailed, { action: 'gaming.play' });
      return false;
    }
    this.root.notify.success(GAMING_MESSAGES.gameStarted, { action: 'gaming.play' });
    const session = outcome.data;
    runInAction(() => {
      this.session = session;
      this.result = null;
      this.scoreError = null;
      this.scoreStatus = 'idle';
      this.run = new GameRun({
        engine: game.engine,
        durationSeconds: session.duration_seconds,
        maxPointsPerSecond: session.max_points_per_second,
        onOver: (score) => void this.submitScore(session, score),
      });
    });
    return true;
  }

  /** The end of a run: POST .../score; the answer (personal best, ranks) or the server's refusal is shown. */
  async submitScore(session: GameSession, score: number): Promise<void> {
    this.scoreStatus = 'sending';
    const outcome = await sendChange(
      () =>
        this.root.api.POST('/api/gaming/game/{id}/score', {
          params: { path: { id: session.game_id } },
          body: { session_id: session.session_id, score },
        }),
      GAMING_MESSAGES.scoreFailed,
    );
    if (this.session?.session_id !== session.session_id) return;
    runInAction(() => {
      if (outcome.ok) {
        this.result = outcome.data;
        this.scoreStatus = 'saved';
      } else {
        this.scoreError = outcome.detail;
        this.scoreStatus = 'refused';
      }
    });
    if (outcome.ok && this.openId === session.game_id) {
      void this.loadGame(session.game_id);
      void this.loadBoard();
    }
  }

  /** POST /api/gaming/game/{id}/rate (1–5, after a play): the game with its new average. */
  async rate(rating: number): Promise<boolean> {
    const game = this.game;
    if (!game || this.ratePending) return false;
    this.ratePending = true;
    const outcome = await sendChange(
      () => this.root.api.POST('/api/gaming/game/{id}/rate', { params: { path: { id: game.id } }, body: { rating } }),
      GAMING_MESSAGES.rateFailed,
    );
    runInAction(() => {
      this.ratePending = false;
      if (outcome.ok) {
        this.detail.set(outcome.data);
        if (this.list.data) this.list.set(this.list.data.map((g) => (g.id === outcome.data.id ? outcome.data : g)));
      }
    });
    if (outcome.ok) this.root.notify.clear('gaming.rate');
    else this.root.notify.error(outcome.detail, { action: 'gaming.rate' });
    return outcome.ok;
  }

  /** Back to the idle play area (Play again shows Start Game). */
  stopRun(): void {
    this.runSeq += 1;
    this.run?.dispose();
    this.run = null;
    this.session = null;
    this.result = null;
    this.scoreError = null;
    this.scoreStatus = 'idle';
  }

  reset(): void {
    this.stopRun();
    this.openId = null;
    this.list.reset();
    this.detail.reset();
    this.board.reset();
    this.pickedBoard.reset();
  }

  dispose(): void {
    this.stopRun();
  }
}

import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource } from '../../shared/resource';
import { GamesStore, logListFailure } from './GamesStore';
import { GAMING_MESSAGES, GAMING_STREAMS_REFRESH_MS } from './messages';
import type { GamingLeaderboards, GamingStream } from './types';

export interface GoLiveForm {
  title: string;
  game: string;
  description: string;
}

/**
 * The Gaming section (seed 002 §2.10): the gaming streams on now (read again every 15 s while shown), Go Live with a
 * game, the leaderboards (Top Streamers, Tournament Champions), and the Games tab (`games`). Tournaments and
 * Community have stores of their own.
 */
export class GamingStore {
  readonly streams = new Resource<GamingStream[]>();
  readonly leaderboards = new Resource<GamingLeaderboards>();
  readonly games: GamesStore;
  startPending = false;

  private readonly stopReaction: IReactionDisposer;

  constructor(readonly root: RootStore) {
    this.games = new GamesStore(root);
    makeAutoObservable<this, 'stopReaction'>(this, { root: false, streams: false, leaderboards: false, games: false, stopReaction: false }, { autoBind: true });
    // Another user signs in: what was read for the last one (my_best, my rating, my rank) is read again.
    this.stopReaction = reaction(
      () => this.root.auth.user?.id ?? null,
      () => {
        this.games.reset();
        this.leaderboards.reset();
      },
    );
  }

  /** GET /api/gaming/streams: live streams with a game, the most watched first. */
  async loadStreams(): Promise<void> {
    const ok = await this.streams.load(async () => (await this.root.api.GET('/api/gaming/streams')).data);
    if (!ok && this.streams.status === 'error') logListFailure('streams list');
  }

  /** Reads the streams now and every 15 s while the page is visible; returns the function that stops it. */
  watchStreams(intervalMs: number = GAMING_STREAMS_REFRESH_MS): () => void {
    void this.loadStreams();
    const visible = () => globalThis.document?.visibilityState !== 'hidden';
    const timer = setInterval(() => {
      if (visible()) void this.loadStreams();
    }, intervalMs);
    return () => clearInterval(timer);
  }

  /**
   * Go Live (seed 002 §5): POST /api/gaming/start-stream with title, game and the optional description. The stream
   * becomes the user's open stream (Live's My Stream sends it from the camera or OBS). 'Gaming stream started!', or
   * 'Failed to start stream' with the server's reason as the answer.
   */
  async startStream(form: GoLiveForm): Promise<{ ok: true; stream: GamingStream } | { ok: false; detail: string }> {
    if (this.startPending) return { ok: false, detail: GAMING_MESSAGES.streamFailed };
    this.startPending = true;
    const description = form.description.trim();
    const outcome = await sendChange(
      () =>
        this.root.api.POST('/api/gaming/start-stream', {
          body: { title: form.title.trim(), game: form.game.trim(), ...(description ? { description } : {}) },
        }),
      GAMING_MESSAGES.streamFailed,
    );
    runInAction(() => (this.startPending = false));
    if (!outcome.ok) {
      this.root.notify.error(GAMING_MESSAGES.streamFailed, { action: 'gaming.start-stream' });
      return outcome;
    }
    this.root.notify.success(GAMING_MESSAGES.streamStarted, { action: 'gaming.start-stream' });
    this.root.live.setMyStream(outcome.data);
    void this.loadStreams();
    return { ok: true, stream: outcome.data };
  }

  /** GET /api/gaming/leaderboards: Top Streamers and Tournament Champions. */
  async loadLeaderboards(): Promise<void> {
    const ok = await this.leaderboards.load(async () => (await this.root.api.GET('/api/gaming/leaderboards')).data);
    if (!ok && this.leaderboards.status === 'error') logListFailure('leaderboards');
  }

  dispose(): void {
    this.stopReaction();
    this.games.dispose();
  }
}

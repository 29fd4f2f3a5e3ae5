import { makeAutoObservable, runInAction } from 'mobx';
import { claimMediaSession, nextAudioFocus } from '../../shared/mediaSession';
import type { RootStore } from '../../stores/RootStore';
import { localStore } from '../../shared/storage';
import { emptyTally, flush, tick, type ListeningTally } from '../music/rules';
import { current, next, queueOf, type Queue } from '../music/queue';
import {
  DEFAULT_VOLUME,
  LOCAL_PROGRESS_KEY,
  dueForSave,
  isFinished,
  parseLocalProgress,
  positionSeconds,
  recordLocalProgress,
  resumeAt,
} from './rules';
import type { ContinueItem, PodcastEpisode } from './types';

/** Seconds the skip buttons (and the lock screen's seek keys) move back and forward. */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;
/** The least time between two saves while playing (scrubbing the seek bar must not send a save per step). */
export const MIN_SAVE_GAP_MS = 5000;

/**
 * The podcast player (seed 002 §2.9, §4 Podcast player; issue 14): the fixed bottom bar's <audio> element, the queue
 * (the list the episode was chosen from: at an episode's end the next one plays; Previous and Next move within it),
 * the volume (75 to start), where the listener stopped (kept by the server for a signed-in listener, in this browser
 * for a visitor: the episode starts there the next time), listening reports for play counts (the music rule) and the
 * Media Session. Only one player plays at a time: starting an episode pauses the music player, and the music player
 * pauses this one when it starts.
 */
export class PodcastPlayerStore {
  queue: Queue<PodcastEpisode> = queueOf<PodcastEpisode>([]);
  playing = false;
  volume = DEFAULT_VOLUME;
  time = 0;
  duration = 0;
  /** When this player last started playing (its bar shows over the music player's when later). */
  focusedAt = 0;
  private element: HTMLAudioElement | null = null;
  private tally: ListeningTally = emptyTally();
  /** The media time saved last for the episode playing (null: nothing saved yet). */
  private lastSaved: number | null = null;
  /**
   * Whether the episode's place is settled: the saved place was applied (or there was none) or the listener moved.
   * Until then nothing is saved, so switching away at once cannot overwrite the kept place with 0.
   */
  private placeKnown = false;
  /** Counts episode starts, so a late answer about an earlier episode's place is ignored. */
  private startTicket = 0;
  /** When the place was last saved (ms since the epoch). */
  private lastSaveAt = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'element' | 'tally' | 'lastSaved' | 'placeKnown' | 'startTicket' | 'lastSaveAt'>(
      this,
      { root: false, element: false, tally: false, lastSaved: false, placeKnown: false, startTicket: false, lastSaveAt: false },
      { autoBind: true },
    );
  }

  get episode(): PodcastEpisode | null {
    return current(this.queue);
  }

  /** The bar shows once an episode is chosen. */
  get visible(): boolean {
    return this.episode !== null;
  }

  get hasPrevious(): boolean {
    return this.queue.position > 0;
  }

  get hasNext(): boolean {
    return next(this.queue) !== null;
  }

  private get signedIn(): boolean {
    return this.root.auth.user !== null;
  }

  /** The bar's <audio> element (null when it unmounts). */
  attach(element: HTMLAudioElement | null): void {
    this.element = element;
    if (!element) return;
    element.volume = this.volume / 100;
    const src = this.episode?.stream_url ?? '';
    if (src && element.getAttribute('src') !== src) {
      element.setAttribute('src', src);
      element.load?.();
      if (this.time > 0) element.currentTime = this.time;
    }
  }

  /**
   * Plays `episodes` from `index`: the queue is that list (its ready episodes). `startAt` is a place already known
   * (Continue listening); otherwise the episode starts where the listener stopped, or at the beginning.
   */
  playList(episodes: readonly PodcastEpisode[], index = 0, startAt?: number): void {
    const chosen = episodes[index];
    if (!chosen) return;
    if (this.episode?.id === chosen.id) {
      this.toggle();
      return;
    }
    const playable = episodes.filter((e) => e.status === 'ready');
    const start = playable.findIndex((e) => e.id === chosen.id);
    if (start < 0) return;
    this.leaveCurrent();
    this.queue = queueOf(playable, start);
    this.startCurrent(startAt);
  }

  /** Replaces an episode's copy in the queue (a like or a play count changed it). */
  patch(id: string, change: Partial<PodcastEpisode>): void {
    if (!this.queue.items.some((e) => e.id === id)) return;
    this.queue = { ...this.queue, items: this.queue.items.map((e) => (e.id === id ? { ...e, ...change } : e)) };
  }

  toggle(): void {
    if (!this.episode) return;
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    if (!this.episode) return;
    this.setPlaying(true);
    // One player at a time, and the lock screen follows the one playing.
    this.pauseMusic();
    this.updateMediaSession();
    this.playElement();
  }

  /** Pauses (the bar, the lock screen, or the music player starting): what was heard is reported and the place saved. */
  pause(): void {
    const was = this.playing;
    this.setPlaying(false);
    this.element?.pause();
    this.report();
    if (was) this.saveProgress();
  }

  /** The next episode of the queue; nothing after the last. */
  next(): void {
    const moved = next(this.queue);
    if (!moved) return;
    this.leaveCurrent();
    this.queue = moved;
    this.startCurrent();
  }

  /** The previous episode of the queue; nothing before the first. */
  previous(): void {
    if (!this.hasPrevious) return;
    this.leaveCurrent();
    this.queue = { ...this.queue, position: this.queue.position - 1 };
    this.startCurrent();
  }

  /** Moves the episode to `seconds` (the seek bar, the lock screen). */
  seek(seconds: number): void {
    this.startTicket += 1; // a place still being looked up no longer applies
    this.placeKnown = true;
    this.moveTo(seconds);
  }

  /** Back or forward by `seconds`, within the episode. */
  skip(seconds: number): void {
    const end = this.duration > 0 ? this.duration : Number.POSITIVE_INFINITY;
    this.seek(Math.min(end, Math.max(0, this.time + seconds)));
  }

  setVolume(volume: number): void {
    this.volume = Math.min(100, Math.max(0, Math.round(volume)));
    if (this.element) this.element.volume = this.volume / 100;
  }

  /** The element's `timeupdate`: the position, listening counted for plays, and the place saved every 10 s. */
  timeUpdate(time: number, duration: number): void {
    this.time = time;
    if (Number.isFinite(duration) && duration > 0) this.duration = duration;
    if (!this.playing) return;
    const { tally, report } = tick(this.tally, time);
    this.tally = tally;
    const episode = this.episode;
    if (report !== null && episode) void this.root.podcasts.reportListening(episode.id, report);
    if (this.placeKnown && dueForSave(this.lastSaved, time) && Date.now() - this.lastSaveAt >= MIN_SAVE_GAP_MS) this.saveProgress();
  }

  /** The element's `ended`: the episode is finished (saved so), then the next one of the queue plays, or it stops. */
  ended(): void {
    const finishedAt = this.duration > 0 ? this.duration : this.time;
    this.time = finishedAt;
    this.report();
    this.placeKnown = true;
    this.saveProgress(finishedAt);
    const moved = next(this.queue);
    if (!moved) {
      this.setPlaying(false);
      this.time = 0;
      return;
    }
    this.queue = moved;
    this.startCurrent();
  }

  /** The element started or stopped by itself (the browser, a headset's button): the bar follows. */
  elementPlaying(playing: boolean): void {
    if (playing === this.playing) return;
    if (playing) {
      this.setPlaying(true);
      this.pauseMusic();
      this.updateMediaSession();
    } else this.pause();
  }

  /** Stops and empties the queue (the bar's close); the place is saved first. */
  stop(): void {
    this.pause();
    this.leaveCurrent();
    this.queue = queueOf<PodcastEpisode>([]);
    this.time = 0;
    this.duration = 0;
    if (this.element) {
      this.element.removeAttribute('src');
      this.element.load?.();
    }
  }

  setPlaying(playing: boolean): void {
    if (playing && !this.playing) this.focusedAt = nextAudioFocus();
    this.playing = playing;
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (session) session.playbackState = playing ? 'playing' : 'paused';
  }

  // ---- Internals ----

  private pauseMusic(): void {
    if (this.root.musicPlayer.playing) this.root.musicPlayer.pause();
  }

  private moveTo(seconds: number): void {
    const at = Math.max(0, seconds);
    this.time = at;
    this.tally = { ...this.tally, lastTime: null };
    if (this.element) this.element.currentTime = at;
  }

  /** Before another episode takes over: what was heard is reported and the place saved. */
  private leaveCurrent(): void {
    if (!this.episode) return;
    this.report();
    this.saveProgress();
  }

  /** The queue's episode is now the one to play: from its kept place (`startAt` when already known). */
  private startCurrent(startAt?: number): void {
    const episode = this.episode;
    const ticket = ++this.startTicket;
    this.tally = emptyTally();
    this.time = 0;
    this.duration = episode?.duration_seconds ?? 0;
    this.lastSaved = null;
    this.placeKnown = false;
    const element = this.element;
    if (element) {
      const src = episode?.stream_url ?? '';
      if (element.getAttribute('src') !== src) {
        if (src) element.setAttribute('src', src);
        else element.removeAttribute('src');
        element.load?.();
      }
    }
    this.setPlaying(episode !== null);
    if (episode) this.pauseMusic();
    this.playElement();
    this.updateMediaSession();
    if (!episode) return;
    if (startAt !== undefined) {
      this.applyPlace(startAt, episode);
      return;
    }
    void this.keptPlace(episode).then((position) => {
      if (ticket !== this.startTicket) return;
      runInAction(() => this.applyPlace(position, episode));
    });
  }

  private applyPlace(position: number, episode: PodcastEpisode): void {
    const at = resumeAt(position, this.duration || episode.duration_seconds);
    this.placeKnown = true;
    this.lastSaved = at;
    if (at > 0) this.moveTo(at);
  }

  /** Where the listener stopped in `episode`: the server's place (signed in) or this browser's (a visitor); 0 when none. */
  private async keptPlace(episode: PodcastEpisode): Promise<number> {
    if (!this.signedIn) return localPlaces().find((item) => item.episode.id === episode.id)?.position_seconds ?? 0;
    try {
      const { data } = await this.root.api.GET('/api/podcasts/episode/{id}/progress', { params: { path: { id: episode.id } } });
      return data && !data.completed ? data.position_seconds : 0;
    } catch {
      return 0;
    }
  }

  /** Saves where the listener is in the episode playing (`at`: the end, when it finished). */
  private saveProgress(at?: number): void {
    const episode = this.episode;
    if (!episode || !this.placeKnown) return;
    const time = at ?? this.time;
    const position = positionSeconds(time);
    const duration = this.duration || episode.duration_seconds;
    this.lastSaved = time;
    this.lastSaveAt = Date.now();
    const finished = isFinished(time, duration);
    this.root.podcasts.noteProgress(episode, finished ? 0 : position);
    if (!this.signedIn) {
      localStore.writeJson(LOCAL_PROGRESS_KEY, recordLocalProgress(localPlaces(), episode, time, duration ?? null, new Date()));
      return;
    }
    void this.root.api
      .PUT('/api/podcasts/episode/{id}/progress', { params: { path: { id: episode.id } }, body: { position_seconds: position } })
      .catch(() => {
        // A lost save loses the last few seconds of the place, nothing the listener can act on.
      });
  }

  /** Sends what was heard of the episode playing and not yet reported. */
  private report(): void {
    const { tally, report } = flush(this.tally);
    this.tally = tally;
    const episode = this.episode;
    if (report !== null && episode) void this.root.podcasts.reportListening(episode.id, report);
  }

  private playElement(): void {
    const element = this.element;
    if (!element || !this.playing) return;
    try {
      const started = element.play();
      if (started && typeof started.catch === 'function') {
        started.catch(() => {
          // Autoplay refused (no gesture yet) or the source failed: the bar shows Play again.
          runInAction(() => this.setPlaying(false));
        });
      }
    } catch {
      this.setPlaying(false);
    }
  }

  /** The lock screen and media keys: the episode's metadata and the player's controls, where the browser has them. */
  private updateMediaSession(): void {
    const episode = this.episode;
    if (!episode) return;
    claimMediaSession(
      { title: episode.title, artist: episode.show_name, album: episode.owner.display_name, artwork: episode.cover_url ? [{ src: episode.cover_url }] : [] },
      {
        play: () => this.play(),
        pause: () => this.pause(),
        previoustrack: () => this.previous(),
        nexttrack: () => this.next(),
        seekbackward: (details) => this.skip(-(details.seekOffset ?? SKIP_BACK_SECONDS)),
        seekforward: (details) => this.skip(details.seekOffset ?? SKIP_FORWARD_SECONDS),
        seekto: (details) => {
          if (details.seekTime !== undefined) this.seek(details.seekTime);
        },
      },
    );
  }
}

/** A visitor's kept places in this browser, newest first. */
export function localPlaces(): ContinueItem[] {
  return parseLocalProgress(localStore.readJson(LOCAL_PROGRESS_KEY));
}

import { makeAutoObservable } from 'mobx';
import { claimMediaSession, nextAudioFocus } from '../../shared/mediaSession';
import type { RootStore } from '../../stores/RootStore';
import {
  advance,
  current,
  cycleRepeat,
  jumpTo,
  next,
  previous,
  queueOf,
  setRepeat,
  setShuffle,
  upNext,
  type Queue,
  type RepeatMode,
} from './queue';
import { DEFAULT_VOLUME, emptyTally, flush, tick, type ListeningTally } from './rules';
import type { MusicTrack } from './types';

type Slot = 0 | 1;

/**
 * The music player (issue 14): the play queue (queue.ts), two <audio> elements — the one playing and one
 * pre-buffering the track that plays next (`upNext`), which becomes the playing one when the track ends so an album
 * goes on without a gap — the volume (seed 002 §9: 75), listening reports for play counts, and the Media Session.
 * The player bar hands the elements in (`attach`); the store drives them.
 */
export class MusicPlayerStore {
  queue: Queue<MusicTrack> = queueOf<MusicTrack>([]);
  /** The track each element holds. */
  slots: [MusicTrack | null, MusicTrack | null] = [null, null];
  active: Slot = 0;
  playing = false;
  volume = DEFAULT_VOLUME;
  time = 0;
  /** When this player last started playing (its bar shows over the podcast player's when later). */
  focusedAt = 0;
  duration = 0;
  private elements: [HTMLAudioElement | null, HTMLAudioElement | null] = [null, null];
  private tally: ListeningTally = emptyTally();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'elements' | 'tally'>(this, { root: false, elements: false, tally: false }, { autoBind: true });
  }

  get track(): MusicTrack | null {
    return current(this.queue);
  }

  get nextTrack(): MusicTrack | null {
    return upNext(this.queue);
  }

  get shuffle(): boolean {
    return this.queue.shuffle;
  }

  get repeat(): RepeatMode {
    return this.queue.repeat;
  }

  /** The bar shows while something is queued. */
  get visible(): boolean {
    return this.track !== null;
  }

  /** The player bar's <audio> element for `slot` (null when it unmounts). */
  attach(slot: Slot, element: HTMLAudioElement | null): void {
    this.elements[slot] = element;
    if (!element) return;
    element.volume = this.volume / 100;
    this.syncElements();
  }

  /** Plays `tracks` from `index`, replacing the queue. */
  playList(tracks: readonly MusicTrack[], index = 0): void {
    const playable = tracks.filter((track) => track.status === 'ready');
    const start = Math.max(0, playable.findIndex((track) => track.id === tracks[index]?.id));
    this.report();
    // The listener's shuffle and repeat stay as they set them: shuffle keeps the chosen track first.
    this.queue = setShuffle(setRepeat(queueOf(playable, start), this.queue.repeat), this.queue.shuffle);
    this.startCurrent();
  }

  /** Plays one track now (a track's page): the queue is that track. */
  playTrack(track: MusicTrack): void {
    if (this.track?.id === track.id) {
      this.toggle();
      return;
    }
    this.playList([track], 0);
  }

  /** Replaces a track's copy in the queue (a like changed it). */
  patch(id: string, change: Partial<MusicTrack>): void {
    const items = this.queue.items.map((track) => (track.id === id ? { ...track, ...change } : track));
    this.queue = { ...this.queue, items };
    this.slots = this.slots.map((track) => (track?.id === id ? { ...track, ...change } : track)) as [MusicTrack | null, MusicTrack | null];
  }

  toggle(): void {
    if (!this.track) return;
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    if (!this.track) return;
    this.setPlaying(true);
    this.playElement();
  }

  pause(): void {
    this.setPlaying(false);
    this.elements[this.active]?.pause();
    this.report();
  }

  next(): void {
    const moved = next(this.queue);
    if (!moved) return;
    this.report();
    this.queue = moved;
    this.startCurrent();
  }

  previous(): void {
    const moved = previous(this.queue, this.time);
    if (moved === 'restart') {
      this.seek(0);
      return;
    }
    this.report();
    this.queue = moved;
    this.startCurrent();
  }

  jumpTo(index: number): void {
    this.report();
    this.queue = jumpTo(this.queue, index);
    this.startCurrent();
  }

  toggleShuffle(): void {
    this.queue = setShuffle(this.queue, !this.queue.shuffle);
    this.syncElements();
  }

  cycleRepeat(): void {
    this.queue = setRepeat(this.queue, cycleRepeat(this.queue.repeat));
    this.syncElements();
  }

  setVolume(volume: number): void {
    this.volume = Math.min(100, Math.max(0, Math.round(volume)));
    for (const element of this.elements) if (element) element.volume = this.volume / 100;
  }

  seek(seconds: number): void {
    const element = this.elements[this.active];
    this.time = seconds;
    this.tally = { ...this.tally, lastTime: null };
    if (element) element.currentTime = seconds;
  }

  /** The playing element's `timeupdate`: the position, and listening counted for play counts. */
  timeUpdate(slot: Slot, time: number, duration: number): void {
    if (slot !== this.active) return;
    this.time = time;
    if (Number.isFinite(duration) && duration > 0) this.duration = duration;
    if (!this.playing) return;
    const { tally, report } = tick(this.tally, time);
    this.tally = tally;
    const track = this.track;
    if (report !== null && track) void this.root.music.reportListening(track.id, report);
  }

  /** The playing element's `ended`: the next track by the repeat rules (the pre-buffered one), or the end. */
  ended(slot: Slot): void {
    if (slot !== this.active) return;
    this.report();
    const moved = advance(this.queue);
    if (!moved) {
      this.setPlaying(false);
      this.time = 0;
      return;
    }
    const same = moved.position === this.queue.position;
    this.queue = moved;
    if (same) {
      this.seek(0);
      this.playElement();
      return;
    }
    this.startCurrent();
  }

  /** Stops and empties the queue (the bar's close). */
  stop(): void {
    this.pause();
    this.queue = queueOf<MusicTrack>([], 0, this.queue.repeat);
    this.slots = [null, null];
    this.syncElements();
  }

  /** Sends what was heard of the track playing and not yet reported. */
  private report(): void {
    const { tally, report } = flush(this.tally);
    this.tally = tally;
    const track = this.track;
    if (report !== null && track) void this.root.music.reportListening(track.id, report);
  }

  /** The queue's track is now the one to play: from the pre-buffered element when it holds it. */
  private startCurrent(): void {
    this.tally = emptyTally();
    this.time = 0;
    this.duration = this.track?.duration_seconds ?? 0;
    this.setPlaying(this.track !== null);
    this.syncElements();
    this.playElement();
    this.updateMediaSession();
  }

  /** Puts the playing track in the active element and the one up next in the other. */
  private syncElements(): void {
    const playing = this.track;
    const coming = this.nextTrack;
    const other: Slot = this.active === 0 ? 1 : 0;
    if (playing && this.slots[this.active]?.id !== playing.id && this.slots[other]?.id === playing.id) {
      this.elements[this.active]?.pause();
      this.active = other;
    }
    const slots: [MusicTrack | null, MusicTrack | null] = [...this.slots];
    slots[this.active] = playing;
    slots[this.active === 0 ? 1 : 0] = coming;
    this.slots = slots;
    this.elements.forEach((element, i) => {
      const track = slots[i];
      if (!element) return;
      const src = track ? track.stream_url : '';
      if (element.getAttribute('src') !== src) {
        if (src) element.setAttribute('src', src);
        else element.removeAttribute('src');
        element.load?.();
      }
      if (i !== this.active) {
        element.pause();
      }
    });
  }

  private playElement(): void {
    const element = this.elements[this.active];
    if (!element || !this.playing) return;
    try {
      const started = element.play();
      if (started && typeof started.catch === 'function') {
        started.catch(() => {
          // Autoplay refused (no gesture yet) or the source failed: the bar shows Play again.
          this.setPlaying(false);
        });
      }
    } catch {
      this.setPlaying(false);
    }
  }

  setPlaying(playing: boolean): void {
    const resumed = playing && !this.playing;
    this.playing = playing;
    if (resumed) this.focusedAt = nextAudioFocus();
    if (playing && this.root.podcastPlayer.playing) this.root.podcastPlayer.pause(); // one player at a time
    // The lock screen follows the player that plays (the podcast player may have had it).
    if (resumed) this.updateMediaSession();
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (session) session.playbackState = playing ? 'playing' : 'paused';
  }

  /** The playing element started or stopped by itself (the browser, a headset's button): the bar follows. */
  elementPlaying(slot: Slot, playing: boolean): void {
    if (slot !== this.active || playing === this.playing) return;
    if (playing) this.setPlaying(true);
    else this.pause();
  }

  /** The lock screen and media keys: the track's metadata and the player's controls, where the browser has them. */
  private updateMediaSession(): void {
    const track = this.track;
    if (!track) return;
    claimMediaSession(
      { title: track.title, artist: track.artist, album: track.album ?? undefined, artwork: track.cover_url ? [{ src: track.cover_url }] : [] },
      {
        play: () => this.play(),
        pause: () => this.pause(),
        previoustrack: () => this.previous(),
        nexttrack: () => this.next(),
        seekto: (details) => {
          if (details.seekTime !== undefined) this.seek(details.seekTime);
        },
      },
    );
  }
}

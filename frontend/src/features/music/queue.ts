/**
 * The play queue of the music and podcast players (issue 14): the tracks in play order, the one playing, shuffle and
 * repeat. Pure and immutable: the player store keeps one and replaces it on every change, so the view, the Media
 * Session handlers and the pre-buffering of the next track all read the same state.
 *
 * - `order` is the play order, a permutation of the indexes of `items`: the list order, or a shuffle that keeps the
 *   playing track first and the rest in a random order; turning shuffle off goes back to the list order at the same
 *   track.
 * - Repeat `off` stops after the last track, `all` goes round, `one` plays the same track again when it ends (a
 *   listener's Next still moves on, as in every music app).
 * - Previous restarts the track when it has played more than PREVIOUS_RESTARTS_AFTER seconds, else goes back one.
 */

export type RepeatMode = 'off' | 'all' | 'one';

export interface Queue<T> {
  readonly items: readonly T[];
  /** Play order: indexes into items. */
  readonly order: readonly number[];
  /** Position in `order` of the item playing; -1 for an empty queue. */
  readonly position: number;
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
}

/** Seconds into a track after which Previous restarts it rather than going back. */
export const PREVIOUS_RESTARTS_AFTER = 3;

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Fisher–Yates over `rest`, with `random` in [0, 1). */
function shuffled(rest: number[], random: () => number): number[] {
  const a = [...rest];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** A queue of `items` starting at `start` (an index into items, clamped), in list order. */
export function queueOf<T>(items: readonly T[], start = 0, repeat: RepeatMode = 'off'): Queue<T> {
  if (!items.length) return { items: [], order: [], position: -1, shuffle: false, repeat };
  const at = Math.min(Math.max(0, Math.trunc(start)), items.length - 1);
  return { items: [...items], order: identity(items.length), position: at, shuffle: false, repeat };
}

/** The item playing, or null. */
export function current<T>(q: Queue<T>): T | null {
  return q.position < 0 ? null : q.items[q.order[q.position]];
}

/** The position the queue moves to when the track ends on its own (repeat rules), or null: playback stops. */
function endedPosition<T>(q: Queue<T>): number | null {
  if (q.position < 0) return null;
  if (q.repeat === 'one') return q.position;
  if (q.position + 1 < q.order.length) return q.position + 1;
  return q.repeat === 'all' ? 0 : null;
}

/**
 * The item that plays after this one when it ends on its own: what the player pre-buffers, so an album plays on
 * without a gap. Null when playback would stop (or the same track repeats: it is buffered already).
 */
export function upNext<T>(q: Queue<T>): T | null {
  const p = endedPosition(q);
  if (p === null || p === q.position) return null;
  return q.items[q.order[p]];
}

/** The track ended on its own: the next by the repeat rules, or null when playback stops (the queue stays as it is). */
export function advance<T>(q: Queue<T>): Queue<T> | null {
  const p = endedPosition(q);
  return p === null ? null : { ...q, position: p };
}

/** The listener's Next: the next track, round to the first with repeat all (or one); null after the last otherwise. */
export function next<T>(q: Queue<T>): Queue<T> | null {
  if (q.position < 0) return null;
  if (q.position + 1 < q.order.length) return { ...q, position: q.position + 1 };
  return q.repeat === 'off' ? null : { ...q, position: 0 };
}

/**
 * The listener's Previous at `secondsPlayed` into the track: `restart` when it should start the same track again (past
 * PREVIOUS_RESTARTS_AFTER, or at the first track without repeat all), else the queue one back.
 */
export function previous<T>(q: Queue<T>, secondsPlayed: number): Queue<T> | 'restart' {
  if (q.position < 0) return q;
  if (secondsPlayed > PREVIOUS_RESTARTS_AFTER) return 'restart';
  if (q.position > 0) return { ...q, position: q.position - 1 };
  return q.repeat === 'all' && q.order.length > 1 ? { ...q, position: q.order.length - 1 } : 'restart';
}

/** Plays the item at `index` (into items) now, keeping the order. */
export function jumpTo<T>(q: Queue<T>, index: number): Queue<T> {
  const p = q.order.indexOf(index);
  return p < 0 ? q : { ...q, position: p };
}

/** Shuffle on (the playing track first, the rest at random) or off (list order, at the same track). */
export function setShuffle<T>(q: Queue<T>, on: boolean, random: () => number = Math.random): Queue<T> {
  if (on === q.shuffle || q.position < 0) return { ...q, shuffle: on };
  const playing = q.order[q.position];
  if (on) {
    const rest = identity(q.items.length).filter((i) => i !== playing);
    return { ...q, shuffle: true, order: [playing, ...shuffled(rest, random)], position: 0 };
  }
  return { ...q, shuffle: false, order: identity(q.items.length), position: playing };
}

export function setRepeat<T>(q: Queue<T>, repeat: RepeatMode): Queue<T> {
  return { ...q, repeat };
}

/** The next repeat mode of the player's repeat button: off → all → one → off. */
export function cycleRepeat(mode: RepeatMode): RepeatMode {
  return mode === 'off' ? 'all' : mode === 'all' ? 'one' : 'off';
}

/** Adds items at the end of the play order (a shuffled queue plays them after the others too). */
export function enqueue<T>(q: Queue<T>, more: readonly T[]): Queue<T> {
  if (!more.length) return q;
  const items = [...q.items, ...more];
  const added = more.map((_, i) => q.items.length + i);
  return { ...q, items, order: [...q.order, ...added], position: q.position < 0 ? 0 : q.position };
}

/** Adds an item to play right after the one playing. */
export function playNext<T>(q: Queue<T>, item: T): Queue<T> {
  if (q.position < 0) return queueOf([item], 0, q.repeat);
  const index = q.items.length;
  const order = [...q.order];
  order.splice(q.position + 1, 0, index);
  return { ...q, items: [...q.items, item], order };
}

/**
 * Removes the items `keep` refuses (a track deleted or no longer visible). The playing one stays playing when kept;
 * when it goes, the next one kept plays (or the previous, at the end); an empty result is the empty queue.
 */
export function retain<T>(q: Queue<T>, keep: (item: T) => boolean): Queue<T> {
  const kept = q.items.map((item, i) => (keep(item) ? i : -1)).filter((i) => i >= 0);
  if (kept.length === q.items.length) return q;
  if (!kept.length) return { items: [], order: [], position: -1, shuffle: q.shuffle, repeat: q.repeat };
  const newIndex = new Map(kept.map((old, i) => [old, i]));
  const order = q.order.filter((i) => newIndex.has(i)).map((i) => newIndex.get(i)!);
  // The first kept position at or after the playing one in the old order, else the last kept.
  let position = order.length - 1;
  for (let p = q.position; p < q.order.length; p++) {
    if (newIndex.has(q.order[p])) {
      position = q.order.slice(0, p).filter((i) => newIndex.has(i)).length;
      break;
    }
  }
  return { items: kept.map((i) => q.items[i]), order, position, shuffle: q.shuffle, repeat: q.repeat };
}

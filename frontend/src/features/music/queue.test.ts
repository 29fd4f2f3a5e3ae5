import { advance, current, cycleRepeat, enqueue, jumpTo, next, playNext, previous, queueOf, retain, setRepeat, setShuffle, upNext, type Queue } from './queue';

const album = ['a', 'b', 'c', 'd'];
/** The play order's items, from the one playing to the end. */
const fromHere = (q: Queue<string>) => q.order.slice(q.position).map((i) => q.items[i]);
/** A fixed sequence of "random" numbers, for a shuffle the test can predict. */
const seq = (...xs: number[]) => {
  let i = 0;
  return () => xs[i++ % xs.length];
};

describe('the play queue', () => {
  it('plays an album in order, pre-buffering the next, and stops after the last with repeat off', () => {
    let q: Queue<string> | null = queueOf(album);
    const heard: string[] = [];
    const buffered: (string | null)[] = [];
    while (q) {
      heard.push(current(q)!);
      buffered.push(upNext(q));
      q = advance(q);
    }
    expect(heard).toEqual(['a', 'b', 'c', 'd']);
    expect(buffered).toEqual(['b', 'c', 'd', null]);
  });

  it('goes round with repeat all, and repeats the same track with repeat one (nothing new to buffer)', () => {
    const last = queueOf(album, 3, 'all');
    expect(upNext(last)).toBe('a');
    expect(current(advance(last)!)).toBe('a');
    const one = setRepeat(queueOf(album, 1), 'one');
    expect(current(advance(one)!)).toBe('b');
    expect(upNext(one)).toBeNull();
    // A listener's Next moves on even with repeat one.
    expect(current(next(one)!)).toBe('c');
  });

  it('Next stops after the last track without repeat, and goes round with it', () => {
    expect(next(queueOf(album, 3))).toBeNull();
    expect(current(next(queueOf(album, 3, 'all'))!)).toBe('a');
  });

  it('Previous restarts a track played past 3 s, else goes back; at the first it restarts unless repeat all', () => {
    const q = queueOf(album, 2);
    expect(previous(q, 10)).toBe('restart');
    expect(current(previous(q, 1) as Queue<string>)).toBe('b');
    expect(previous(queueOf(album, 0), 1)).toBe('restart');
    expect(current(previous(queueOf(album, 0, 'all'), 1) as Queue<string>)).toBe('d');
  });

  it('shuffle keeps the playing track and plays every other track once; off goes back to the list order there', () => {
    const q = setShuffle(queueOf(album, 2), true, seq(0.1, 0.7, 0.4));
    expect(current(q)).toBe('c');
    expect(q.position).toBe(0);
    expect(fromHere(q).slice(1).sort()).toEqual(['a', 'b', 'd']);
    // The predicted order for this sequence (Fisher–Yates over [0, 1, 3]).
    expect(fromHere(q)).toEqual(['c', 'd', 'b', 'a']);
    const moved = next(q)!;
    const back = setShuffle(moved, false);
    expect(back.shuffle).toBe(false);
    expect(current(back)).toBe(current(moved));
    expect(back.order).toEqual([0, 1, 2, 3]);
  });

  it('a shuffled album plays each track exactly once before it stops', () => {
    let q: Queue<string> | null = setShuffle(queueOf(album, 0), true);
    const heard: string[] = [];
    while (q) {
      heard.push(current(q)!);
      q = advance(q);
    }
    expect(heard[0]).toBe('a');
    expect([...heard].sort()).toEqual(album);
  });

  it('jumps to a track, adds tracks at the end and one to play next', () => {
    let q = jumpTo(queueOf(album), 2);
    expect(current(q)).toBe('c');
    q = enqueue(q, ['e', 'f']);
    expect(fromHere(q)).toEqual(['c', 'd', 'e', 'f']);
    q = playNext(q, 'x');
    expect(fromHere(q)).toEqual(['c', 'x', 'd', 'e', 'f']);
    expect(upNext(q)).toBe('x');
    expect(current(playNext(queueOf<string>([]), 'solo'))).toBe('solo');
    expect(current(enqueue(queueOf<string>([]), ['first']))).toBe('first');
  });

  it('drops tracks that went away: the playing one stays if kept, else the next kept one plays', () => {
    const q = queueOf(album, 1);
    const withoutA = retain(q, (t) => t !== 'a');
    expect(current(withoutA)).toBe('b');
    expect(fromHere(withoutA)).toEqual(['b', 'c', 'd']);
    const withoutB = retain(q, (t) => t !== 'b');
    expect(current(withoutB)).toBe('c');
    const atEnd = retain(queueOf(album, 3), (t) => t !== 'd');
    expect(current(atEnd)).toBe('c');
    const none = retain(q, () => false);
    expect(current(none)).toBeNull();
    expect(next(none)).toBeNull();
    expect(advance(none)).toBeNull();
  });

  it('an empty queue plays nothing, and a start outside the list is clamped', () => {
    const empty = queueOf<string>([]);
    expect(current(empty)).toBeNull();
    expect(upNext(empty)).toBeNull();
    expect(current(queueOf(album, 99))).toBe('d');
    expect(current(queueOf(album, -5))).toBe('a');
  });

  it('the repeat button cycles off, all, one', () => {
    expect([cycleRepeat('off'), cycleRepeat('all'), cycleRepeat('one')]).toEqual(['all', 'one', 'off']);
  });
});

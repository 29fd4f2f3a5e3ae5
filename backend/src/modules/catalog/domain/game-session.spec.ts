import { GameSession } from './game-session.js';
import { maxScore, periodKey, periodsOf, sharedRanks, averageRating } from './game.js';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + ms);
const target = { id: 'game-target', maxPointsPerSecond: 25, durationSeconds: 30 };
const reflex = { id: 'game-reflex', maxPointsPerSecond: 10, durationSeconds: 30 };
const start = (game = target) => GameSession.start(game, 'player', at(0));
const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

describe('GameSession: the plausibility rule', () => {
  it('runs 30 seconds from its start and takes one score', () => {
    const s = start();
    expect(s.endsAt).toEqual(at(30_000));
    s.submit(target, 'player', 120, at(30_000));
    expect(s).toMatchObject({ score: 120, submittedAt: at(30_000) });
    expect(codeOf(() => s.submit(target, 'player', 10, at(31_000)))).toBe('GAMING.SESSION_USED');
    expect(s.score).toBe(120);
  });

  it("is not found for another player or another game (someone else's session is not revealed)", () => {
    expect(codeOf(() => start().submit(target, 'someone-else', 1, at(30_000)))).toBe('GAMING.SESSION_NOT_FOUND');
    expect(codeOf(() => start().submit({ ...target, id: 'other-game' }, 'player', 1, at(30_000)))).toBe('GAMING.SESSION_NOT_FOUND');
  });

  it('takes a score from 1 s before the end to 2 minutes after it, not earlier or later', () => {
    expect(codeOf(() => start().submit(target, 'player', 1, at(28_999)))).toBe('GAMING.GAME_RUNNING');
    expect(codeOf(() => start().submit(target, 'player', 1, at(29_000)))).toBeUndefined();
    expect(codeOf(() => start().submit(target, 'player', 1, at(150_000)))).toBeUndefined();
    expect(codeOf(() => start().submit(target, 'player', 1, at(150_001)))).toBe('GAMING.SESSION_EXPIRED');
  });

  it("refuses more than the game's points per second times its duration, and anything but a whole number of at least 0", () => {
    expect(maxScore(target)).toBe(750);
    expect(codeOf(() => start().submit(target, 'player', 750, at(30_000)))).toBeUndefined();
    expect(codeOf(() => start().submit(target, 'player', 0, at(30_000)))).toBeUndefined();
    expect(() => start().submit(target, 'player', 751, at(30_000))).toThrow('Score is not plausible: at most 750 points in 30 seconds');
    expect(() => start(reflex).submit(reflex, 'player', 301, at(30_000))).toThrow('Score is not plausible: at most 300 points in 30 seconds');
    for (const bad of [-1, 1.5, Number.NaN]) expect(codeOf(() => start().submit(target, 'player', bad, at(30_000)))).toBe('VALIDATION_FAILED');
  });

  it('a refused score leaves the session unused', () => {
    const s = start();
    expect(codeOf(() => s.submit(target, 'player', 9999, at(30_000)))).toBe('GAMING.IMPLAUSIBLE_SCORE');
    s.submit(target, 'player', 40, at(30_000));
    expect(s.score).toBe(40);
  });
});

describe('game periods, ranks and ratings', () => {
  it('today is the UTC day, week starts on Monday (ISO), all is all time', () => {
    const wed = new Date('2026-11-25T23:59:59Z');
    expect(periodKey('today', wed)).toEqual({ kind: 'day', start: '2026-11-25' });
    expect(periodKey('week', wed)).toEqual({ kind: 'week', start: '2026-11-23' });
    expect(periodKey('week', new Date('2026-11-23T00:00:00Z'))).toEqual({ kind: 'week', start: '2026-11-23' });
    expect(periodKey('week', new Date('2026-11-29T23:59:59Z'))).toEqual({ kind: 'week', start: '2026-11-23' });
    expect(periodKey('week', new Date('2026-11-30T00:00:00Z'))).toEqual({ kind: 'week', start: '2026-11-30' });
    expect(periodKey('week', new Date('2027-01-01T10:00:00Z'))).toEqual({ kind: 'week', start: '2026-12-28' });
    expect(periodsOf(wed).map((p) => p.kind)).toEqual(['day', 'week', 'all']);
  });

  it('ties share a rank (1, 1, 3)', () => {
    expect(sharedRanks([90, 90, 80, 70, 70, 70, 10])).toEqual([1, 1, 3, 4, 4, 4, 7]);
    expect(sharedRanks([])).toEqual([]);
  });

  it('the average rating has one decimal, null when nobody rated', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
  });
});

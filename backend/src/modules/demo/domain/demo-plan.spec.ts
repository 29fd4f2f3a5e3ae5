import { DEMO_GAME_IDS, DEMO_GAMING, demoPlan, demoPlayTime } from './demo-plan.js';

describe('demoPlayTime', () => {
  const day = (iso: string) => new Date(iso);

  it('puts today’s plays between UTC midnight and now, this week’s between Monday and today, the others before the week', () => {
    const now = day('2026-11-26T15:00:00Z'); // a Thursday
    for (const f of [0, 0.5, 0.99]) {
      const today = demoPlayTime('today', f, now);
      expect(today.getTime()).toBeGreaterThanOrEqual(day('2026-11-26T00:00:00Z').getTime());
      expect(today.getTime()).toBeLessThan(now.getTime());
      const week = demoPlayTime('week', f, now);
      expect(week.getTime()).toBeGreaterThanOrEqual(day('2026-11-23T00:00:00Z').getTime());
      expect(week.getTime()).toBeLessThan(day('2026-11-26T00:00:00Z').getTime());
      const earlier = demoPlayTime('earlier', f, now);
      expect(earlier.getTime()).toBeLessThan(day('2026-11-23T00:00:00Z').getTime());
    }
  });

  it('on a Monday, this week is today (still this week, never last week)', () => {
    const now = day('2026-11-23T00:10:00Z');
    const week = demoPlayTime('week', 0.5, now);
    expect(week.getTime()).toBeGreaterThanOrEqual(day('2026-11-23T00:00:00Z').getTime());
    expect(week.getTime()).toBeLessThan(now.getTime());
  });
});

describe('the gaming demo plan', () => {
  it('plays only built-in games with scores they allow (25 points a second for the target games, 10 for Reflex, 30 s)', () => {
    const max: Record<string, number> = { 'Target Rush': 750, 'Pixel Sniper': 750, Reflex: 300 };
    for (const p of DEMO_GAMING.plays) {
      expect(DEMO_GAME_IDS[p.game]).toBeDefined();
      expect(p.score).toBeLessThanOrEqual(max[p.game]);
    }
    // Every game has a play today, this week and before; every rating follows a play of the rater's.
    for (const game of Object.keys(DEMO_GAME_IDS)) expect(new Set(DEMO_GAMING.plays.filter((p) => p.game === game).map((p) => p.when)).size).toBe(3);
    for (const r of DEMO_GAMING.ratings) expect(DEMO_GAMING.plays.some((p) => p.player === r.player && p.game === r.game)).toBe(true);
    // Everyone named is a demo creator.
    const names = new Set(demoPlan(100).creators.map((c) => c.username));
    for (const t of DEMO_GAMING.tournaments) for (const n of [t.organizer, ...t.players, ...(t.champion ? [t.champion] : [])]) expect(names.has(n)).toBe(true);
    expect(demoPlan(0).gaming).toBeNull();
  });
});

describe('the podcast demo plan', () => {
  it('has two shows of two creators, numbered episodes (at least two of each show however small), subscribers other than the owner', () => {
    const owners = new Map<string, string>();
    for (const scale of [5, 100]) {
      const episodes = demoPlan(scale).media.filter((m) => m.kind === 'episode');
      const shows = new Set(episodes.map((e) => e.episode!.show));
      expect(shows.size).toBe(2);
      for (const show of shows) {
        const of = episodes.filter((e) => e.episode!.show === show);
        expect(of.length).toBeGreaterThanOrEqual(2);
        expect(new Set(of.map((e) => e.creator)).size).toBe(1);
        owners.set(show, of[0].creator);
        expect(new Set(of.map((e) => `${e.episode!.season}:${e.episode!.number}`)).size).toBe(of.length);
        for (const e of of) expect(e.sound).toBe('speech');
      }
    }
    expect(new Set(owners.values()).size).toBe(2);
    expect(demoPlan(100).media.filter((m) => m.kind === 'episode')).toHaveLength(5);
    for (const [subscriber, show] of demoPlan(100).subscriptions) {
      expect(owners.has(show)).toBe(true);
      expect(subscriber).not.toBe(owners.get(show));
    }
  });
});

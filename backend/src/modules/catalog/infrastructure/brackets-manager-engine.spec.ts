import { BracketsManagerEngine } from './brackets-manager-engine.js';
import type { BracketState } from '../domain/bracket.js';

const engine = new BracketsManagerEngine();
const players = (n: number) => Array.from({ length: n }, (_, i) => `u${i + 1}`);
const firstRound = (s: BracketState) => engine.rounds(s)[0].matches;

/** Plays every ready match, the first player winning, until the final is decided. */
async function playOut(state: BracketState): Promise<BracketState> {
  let s = state;
  for (let guard = 0; guard < 300 && !engine.champion(s); guard++) {
    const m = engine.rounds(s).flatMap((r) => r.matches).find((x) => x.status === 'ready')!;
    s = await engine.recordWinner(s, m.id, m.player1!, 1, 0);
  }
  return s;
}

describe('BracketsManagerEngine (single elimination)', () => {
  it.each([
    [2, 1, 0],
    [3, 2, 1],
    [4, 2, 0],
    [5, 3, 3],
    [8, 3, 0],
    [13, 4, 3],
    [16, 4, 0],
    [17, 5, 15],
  ])('%i players: %i rounds, %i byes to the best seeds', async (n, rounds, byes) => {
    const s = await engine.create(players(n));
    const r = engine.rounds(s);
    expect(r.map((x) => x.number)).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
    const size = 2 ** rounds;
    expect(r.map((x) => x.matches.length)).toEqual(Array.from({ length: rounds }, (_, i) => size / 2 ** (i + 1)));
    const byeMatches = firstRound(s).filter((m) => m.bye);
    expect(byeMatches).toHaveLength(byes);
    expect(byeMatches.map((m) => m.winnerId).sort((a, b) => Number(a!.slice(1)) - Number(b!.slice(1)))).toEqual(players(byes));
    for (const m of byeMatches) expect(m.status).toBe('completed');
    // No match of two byes; every player once in round 1; ids unique.
    for (const m of firstRound(s)) expect(m.player1 ?? m.player2).not.toBeNull();
    expect(firstRound(s).flatMap((m) => [m.player1, m.player2]).filter(Boolean).sort()).toEqual(players(n).sort());
    const ids = r.flatMap((x) => x.matches.map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(engine.champion(s)).toBeNull();
    // Seed 1 meets the lowest seed first when it plays in round 1.
    if (byes === 0) expect(firstRound(s)[0]).toMatchObject({ player1: 'u1', player2: `u${n}` });
    const done = await playOut(s);
    expect(engine.champion(done)).toBe('u1');
  });

  it('moves a winner on with the scores, survives a JSON round trip, and keeps the earlier state as it was', async () => {
    const s = JSON.parse(JSON.stringify(await engine.create(players(4)))) as BracketState;
    const [m1, m2] = firstRound(s);
    expect(m1).toMatchObject({ status: 'ready', bye: false, winnerId: null, score1: null, score2: null });
    const next = JSON.parse(JSON.stringify(await engine.recordWinner(s, m1.id, m1.player2!, 1, 3))) as BracketState;
    expect(firstRound(next)[0]).toMatchObject({ status: 'completed', winnerId: m1.player2, score1: 1, score2: 3 });
    const final = engine.rounds(next)[1].matches[0];
    expect(final).toMatchObject({ status: 'waiting', player1: m1.player2, player2: null, bye: false });
    expect(firstRound(s)[0].status).toBe('ready');
    const both = await engine.recordWinner(next, m2.id, m2.player1!, null, null);
    expect(engine.rounds(both)[1].matches[0]).toMatchObject({ status: 'ready', player1: m1.player2, player2: m2.player1 });
    expect(firstRound(both)[1]).toMatchObject({ score1: null, score2: null, winnerId: m2.player1 });
    const champ = await engine.recordWinner(both, engine.rounds(both)[1].matches[0].id, m2.player1!, 2, 0);
    expect(engine.champion(champ)).toBe(m2.player1);
  });
});

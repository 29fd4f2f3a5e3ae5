import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import bracketsManager from 'brackets-manager';
import bracketsMemoryDb from 'brackets-memory-db';
import type { BracketEngine, BracketMatch, BracketMatchStatus, BracketRound, BracketState } from '../domain/bracket.js';

const { BracketsManager } = bracketsManager;
const { InMemoryDatabase } = bracketsMemoryDb;

/** brackets-manager's Status: Locked, Waiting, Ready, Running, Completed, Archived. */
const COMPLETED = 4;
const ARCHIVED = 5;

interface Side {
  id: number | null;
  position?: number;
  score?: number;
  result?: 'win' | 'loss' | 'draw';
}
interface BmMatch {
  id: number;
  stage_id: number;
  group_id: number;
  round_id: number;
  number: number;
  status: number;
  opponent1: Side | null;
  opponent2: Side | null;
}
interface BmData {
  participant: { id: number; name: string; user_id: string; seed: number }[];
  stage: unknown[];
  group: unknown[];
  round: { id: number; number: number }[];
  match: BmMatch[];
  match_game: unknown[];
}
/** What is kept in the tournament's row: the manager's whole data, and the match ids the API shows. */
interface State {
  engine: 'brackets-manager';
  data: BmData;
  /** brackets-manager's match id -> ours. */
  matchIds: Record<string, string>;
}

const asState = (s: BracketState) => s as unknown as State;

/**
 * Single elimination with brackets-manager on its in-memory storage, the storage's whole data kept as the bracket's
 * state (loaded again to apply a result, under the tournament's row lock). Players are padded with byes (null) to the
 * next power of two and placed 'inner_outer' (1 v N, 2 v N-1 ...), so the byes go to the best seeds; without
 * balanceByes, which would spread the byes over the bracket and give one to a lower seed instead of seed 2.
 */
@Injectable()
export class BracketsManagerEngine implements BracketEngine {
  async create(seededUserIds: string[]): Promise<BracketState> {
    const size = Math.max(2, 2 ** Math.ceil(Math.log2(Math.max(seededUserIds.length, 2))));
    const seeding = Array.from({ length: size }, (_, i) => (i < seededUserIds.length ? { name: seededUserIds[i], user_id: seededUserIds[i], seed: i + 1 } : null));
    const storage = new InMemoryDatabase();
    const manager = new BracketsManager(storage);
    await manager.create.stage({ tournamentId: 0, name: 'Main', type: 'single_elimination', seeding, settings: { seedOrdering: ['inner_outer'], balanceByes: false } });
    const data = (await manager.export()) as unknown as BmData;
    const matchIds: Record<string, string> = {};
    for (const m of data.match) matchIds[String(m.id)] = randomUUID();
    return { engine: 'brackets-manager', data, matchIds } satisfies State as unknown as BracketState;
  }

  async recordWinner(state: BracketState, matchId: string, winnerUserId: string, score1: number | null, score2: number | null): Promise<BracketState> {
    const s = asState(state);
    const bmId = Object.entries(s.matchIds).find(([, id]) => id === matchId)?.[0];
    if (bmId === undefined) throw new Error(`no match ${matchId} in this bracket`);
    const storage = new InMemoryDatabase();
    storage.setData(structuredClone(s.data) as never);
    const manager = new BracketsManager(storage);
    const match = s.data.match.find((m) => String(m.id) === bmId)!;
    const winnerIs1 = this.userOf(s, match.opponent1) === winnerUserId;
    const side = (won: boolean, score: number | null) => ({ ...(score !== null ? { score } : {}), ...(won ? { result: 'win' as const } : {}) });
    await manager.update.match({ id: match.id, opponent1: side(winnerIs1, score1), opponent2: side(!winnerIs1, score2) });
    return { ...s, data: (await manager.export()) as unknown as BmData } satisfies State as unknown as BracketState;
  }

  rounds(state: BracketState): BracketRound[] {
    const s = asState(state);
    return [...s.data.round]
      .sort((a, b) => a.number - b.number)
      .map((r) => ({
        number: r.number,
        matches: s.data.match
          .filter((m) => m.round_id === r.id)
          .sort((a, b) => a.number - b.number)
          .map((m) => this.toMatch(s, m, r.number)),
      }));
  }

  champion(state: BracketState): string | null {
    const rounds = this.rounds(state);
    const final = rounds[rounds.length - 1]?.matches[0];
    return final?.status === 'completed' ? final.winnerId : null;
  }

  private userOf(s: State, side: Side | null): string | null {
    if (!side || side.id === null || side.id === undefined) return null;
    return s.data.participant.find((p) => p.id === side.id)?.user_id ?? null;
  }

  private toMatch(s: State, m: BmMatch, round: number): BracketMatch {
    const player1 = this.userOf(s, m.opponent1);
    const player2 = this.userOf(s, m.opponent2);
    // A bye: brackets-manager leaves the side null (a TBD side is { id: null }).
    const bye = m.opponent1 === null || m.opponent2 === null;
    let status: BracketMatchStatus;
    let winnerId: string | null = null;
    if (bye) {
      winnerId = player1 ?? player2;
      status = winnerId ? 'completed' : 'waiting';
    } else if (m.status === COMPLETED || m.status === ARCHIVED) {
      status = 'completed';
      winnerId = m.opponent1?.result === 'win' ? player1 : m.opponent2?.result === 'win' ? player2 : null;
    } else {
      status = player1 && player2 ? 'ready' : 'waiting';
    }
    return {
      id: s.matchIds[String(m.id)],
      round,
      number: m.number,
      player1,
      player2,
      bye,
      status,
      winnerId,
      score1: bye ? null : (m.opponent1?.score ?? null),
      score2: bye ? null : (m.opponent2?.score ?? null),
    };
  }
}

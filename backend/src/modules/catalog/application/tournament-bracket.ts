import { Inject, Injectable } from '@nestjs/common';
import { BRACKET_ENGINE, type BracketEngine } from '../domain/bracket.js';
import type { Tournament } from '../domain/tournament.js';
import { TOURNAMENTS, type TournamentRepository } from '../domain/tournament.ports.js';

/**
 * Starting a tournament's bracket (the organizer's start and the scheduler's): the players seeded (most tournaments won
 * first, then the order they joined), the bracket created and kept in the row. Call inside the transaction holding the
 * tournament's row lock, after Tournament.start.
 */
@Injectable()
export class TournamentBracket {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(BRACKET_ENGINE) private readonly engine: BracketEngine,
  ) {}

  async begin(t: Tournament): Promise<void> {
    const players = await this.tournaments.participants(t.id);
    const wins = await this.tournaments.winsOf(players.map((p) => p.userId));
    // participants() is in join order; the sort is stable.
    const seeded = [...players].sort((a, b) => (wins.get(b.userId) ?? 0) - (wins.get(a.userId) ?? 0)).map((p) => p.userId);
    await this.tournaments.setSeeds(t.id, seeded);
    await this.tournaments.saveBracket(t.id, await this.engine.create(seeded));
  }
}

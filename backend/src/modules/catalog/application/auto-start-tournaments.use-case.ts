import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { TOURNAMENT_LIMITS } from '../domain/tournament.rules.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentBracket } from './tournament-bracket.js';

const BATCH = 50;

/**
 * The scheduler's part: each open tournament whose start date has passed starts by itself with at least 2 players,
 * else is cancelled ('Not enough participants'). One transaction per tournament, its row locked and re-checked, so a
 * concurrent organizer's start or cancel, or another process, is never undone. Returns how many it changed.
 */
@Injectable()
export class AutoStartTournamentsUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly bracket: TournamentBracket,
  ) {}

  async execute(): Promise<{ started: string[]; cancelled: string[] }> {
    const started: string[] = [];
    const cancelled: string[] = [];
    for (;;) {
      const now = this.clock.now();
      const due = await this.tournaments.dueToStart(now, BATCH);
      let changed = 0;
      for (const id of due) {
        const outcome = await this.uow.inTransaction(async () => {
          const t = await this.tournaments.find(id, { lock: true });
          if (!t || t.status !== 'open' || t.startDate.getTime() > now.getTime()) return null;
          if (t.participantsCount >= TOURNAMENT_LIMITS.participantsMin) {
            t.start(null, now);
            await this.bracket.begin(t);
          } else {
            t.cancelForLackOfPlayers(now);
          }
          await this.tournaments.save(t);
          this.changes.changed(t.id);
          return t.status as 'in_progress' | 'cancelled';
        });
        if (outcome === 'in_progress') started.push(id);
        if (outcome === 'cancelled') cancelled.push(id);
        if (outcome) changed += 1;
      }
      if (due.length < BATCH || changed === 0) break;
    }
    return { started, cancelled };
  }
}

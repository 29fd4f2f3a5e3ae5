import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { tournamentErrors } from '../domain/tournament.errors.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentViews, type TournamentView } from './tournament-views.js';

/**
 * Joins an open tournament, once, while it has places: under the tournament's row lock, so that concurrent joins are
 * counted one after the other (a full tournament takes nobody more; the primary key keeps one row per user).
 */
@Injectable()
export class JoinTournamentUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, tournamentId: string): Promise<TournamentView> {
    const t = await this.uow.inTransaction(async () => {
      const t = await this.tournaments.find(tournamentId, { lock: true });
      if (!t) throw tournamentErrors.notFound();
      t.join(await this.tournaments.isParticipant(t.id, userId));
      await this.tournaments.addParticipant(t.id, userId, this.clock.now());
      await this.tournaments.save(t);
      this.changes.changed(t.id);
      return t;
    });
    return this.views.one(t, userId);
  }
}

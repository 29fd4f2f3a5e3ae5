import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { tournamentErrors } from '../domain/tournament.errors.js';
import { TOURNAMENT_CHANGES, TOURNAMENTS, type TournamentChanges, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentViews, type TournamentView } from './tournament-views.js';

/** Leaves a tournament the user joined, while it is open (under the row lock, like joining). */
@Injectable()
export class LeaveTournamentUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, tournamentId: string): Promise<TournamentView> {
    const t = await this.uow.inTransaction(async () => {
      const t = await this.tournaments.find(tournamentId, { lock: true });
      if (!t) throw tournamentErrors.notFound();
      t.leave(await this.tournaments.isParticipant(t.id, userId));
      await this.tournaments.removeParticipant(t.id, userId);
      await this.tournaments.save(t);
      this.changes.changed(t.id);
      return t;
    });
    return this.views.one(t, userId);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { tournamentErrors } from '../domain/tournament.errors.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentViews, type TournamentDetailView } from './tournament-views.js';

/** The organizer cancels a tournament that has not started, with an optional reason. */
@Injectable()
export class CancelTournamentUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, tournamentId: string, reason: string | null): Promise<TournamentDetailView> {
    const t = await this.uow.inTransaction(async () => {
      const t = await this.tournaments.find(tournamentId, { lock: true });
      if (!t) throw tournamentErrors.notFound();
      t.cancel(userId, reason, this.clock.now());
      await this.tournaments.save(t);
      this.changes.changed(t.id);
      return t;
    });
    return this.views.detail(t, userId);
  }
}

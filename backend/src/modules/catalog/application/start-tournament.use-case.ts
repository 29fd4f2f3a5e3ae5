import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { tournamentErrors } from '../domain/tournament.errors.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentBracket } from './tournament-bracket.js';
import { TournamentViews, type TournamentDetailView } from './tournament-views.js';

/** The organizer starts an open tournament with at least 2 players: joining closes and the bracket is drawn. */
@Injectable()
export class StartTournamentUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly bracket: TournamentBracket,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, tournamentId: string): Promise<TournamentDetailView> {
    const t = await this.uow.inTransaction(async () => {
      const t = await this.tournaments.find(tournamentId, { lock: true });
      if (!t) throw tournamentErrors.notFound();
      t.start(userId, this.clock.now());
      await this.bracket.begin(t);
      await this.tournaments.save(t);
      this.changes.changed(t.id);
      return t;
    });
    return this.views.detail(t, userId);
  }
}

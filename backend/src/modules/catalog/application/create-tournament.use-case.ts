import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { Tournament, type CreateTournamentInput } from '../domain/tournament.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';
import { TournamentViews, type TournamentDetailView } from './tournament-views.js';

/** A signed-in user organizes a tournament (open, nobody joined yet: the organizer joins like anyone if they play). */
@Injectable()
export class CreateTournamentUseCase {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
    private readonly views: TournamentViews,
  ) {}

  async execute(userId: string, input: CreateTournamentInput): Promise<TournamentDetailView> {
    const t = Tournament.create(userId, input, this.clock.now());
    await this.uow.inTransaction(async () => {
      await this.tournaments.add(t);
      this.changes.changed(t.id);
    });
    return this.views.detail(t, userId);
  }
}

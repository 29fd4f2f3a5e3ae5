import { Inject, Injectable } from '@nestjs/common';
import type { TournamentStatus } from '../domain/tournament.js';
import { TOURNAMENTS, type TournamentRepository } from '../domain/tournament.ports.js';
import { TournamentViews, type TournamentView } from './tournament-views.js';

export const TOURNAMENT_LIST_LIMIT = 100;

/** Tournaments (of one status, or all): open first by start date, then in progress, then the rest newest first. */
@Injectable()
export class ListTournamentsQuery {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    private readonly views: TournamentViews,
  ) {}

  async execute(status: TournamentStatus | null, viewerId: string | null): Promise<TournamentView[]> {
    return this.views.many(await this.tournaments.list(status, TOURNAMENT_LIST_LIMIT), viewerId);
  }
}

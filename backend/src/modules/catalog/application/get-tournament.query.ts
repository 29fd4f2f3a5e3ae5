import { Inject, Injectable } from '@nestjs/common';
import { tournamentErrors } from '../domain/tournament.errors.js';
import { TOURNAMENTS, type TournamentRepository } from '../domain/tournament.ports.js';
import { TournamentViews, type TournamentDetailView } from './tournament-views.js';

/** One tournament with its participants and bracket, as the viewer sees it (anyone may: tournaments are public). */
@Injectable()
export class GetTournamentQuery {
  constructor(
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    private readonly views: TournamentViews,
  ) {}

  async execute(id: string, viewerId: string | null): Promise<TournamentDetailView> {
    const t = await this.tournaments.find(id);
    if (!t) throw tournamentErrors.notFound();
    return this.views.detail(t, viewerId);
  }
}

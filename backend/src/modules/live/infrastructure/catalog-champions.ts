import { Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import type { TournamentChampion, TournamentChampions } from '../domain/gaming-ports.js';

/** Tournament champions from the catalog's completed tournaments, through its facade. */
@Injectable()
export class CatalogTournamentChampions implements TournamentChampions {
  constructor(private readonly catalog: CatalogFacade) {}

  top(limit: number): Promise<TournamentChampion[]> {
    return this.catalog.tournamentChampions(limit);
  }
}

import { Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { TournamentChanges, TournamentClock, TournamentPlayerNames } from '../domain/tournament.ports.js';

/** The machine's time. Tests replace it (`app.get(TOURNAMENT_CLOCK)`) to move time without sleeping. */
@Injectable()
export class SystemTournamentClock implements TournamentClock {
  now(): Date {
    return new Date();
  }
}

/** Players' and organizers' display names, through identity's facade. */
@Injectable()
export class IdentityTournamentNames implements TournamentPlayerNames {
  constructor(private readonly identity: IdentityFacade) {}

  usernames(userIds: string[]): Promise<Map<string, string>> {
    return this.identity.usernames(userIds);
  }
}

/** `catalog.tournament-changed`, a durable event recorded in the caller's transaction (search reindexes the tournament). */
@Injectable()
export class DurableTournamentChanges implements TournamentChanges {
  constructor(private readonly durable: DurableEvents) {}

  changed(tournamentId: string): void {
    this.durable.record('catalog.tournament-changed', { tournamentId });
  }
}

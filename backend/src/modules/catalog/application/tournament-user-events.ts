import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { VIEWER_ENTITLEMENTS, type ViewerEntitlements } from '../domain/ports.js';
import { ORGANIZER_GONE_REASON } from '../domain/tournament.rules.js';
import { TOURNAMENT_CHANGES, TOURNAMENT_CLOCK, TOURNAMENTS, type TournamentChanges, type TournamentClock, type TournamentRepository } from '../domain/tournament.ports.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/**
 * A deleted user's open tournaments: the ones they organize are cancelled ('The organizer deleted their account'),
 * and they leave the ones they joined (their place is free again). Tournaments already played keep their history.
 * Idempotent: run again, it finds nothing left.
 */
@Injectable()
export class TournamentUserEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    @Inject(VIEWER_ENTITLEMENTS) private readonly users: ViewerEntitlements,
    @Inject(TOURNAMENTS) private readonly tournaments: TournamentRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(TOURNAMENT_CLOCK) private readonly clock: TournamentClock,
    @Inject(TOURNAMENT_CHANGES) private readonly changes: TournamentChanges,
  ) {}

  onModuleInit(): void {
    this.durable.on('identity.user-changed', ({ userId }) => this.forgetDeletedUser(userId));
  }

  async forgetDeletedUser(userId: string): Promise<void> {
    if (await this.users.exists(userId)) return;
    for (const id of await this.tournaments.openOf(userId)) {
      await this.uow.inTransaction(async () => {
        const t = await this.tournaments.find(id, { lock: true });
        if (!t || t.status !== 'open') return;
        if (await this.tournaments.isParticipant(t.id, userId)) {
          t.leave(true);
          await this.tournaments.removeParticipant(t.id, userId);
        }
        if (t.organizerId === userId) t.cancel(null, ORGANIZER_GONE_REASON, this.clock.now());
        await this.tournaments.save(t);
        this.changes.changed(t.id);
      });
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../domain/ports.js';
import { USER_RECORDS, type UserRecords } from '../domain/user-records.port.js';
import { PrincipalCache } from './principal-cache.js';

/** Ends premium for everyone whose time is over; returns who lost it. Safe when several processes run it. */
@Injectable()
export class ExpirePremiumsUseCase {
  constructor(
    @Inject(USER_RECORDS) private readonly users: UserRecords,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly events: DurableEvents,
    private readonly principals: PrincipalCache,
  ) {}

  async execute(now: Date): Promise<string[]> {
    const ids = await this.uow.inTransaction(async () => {
      const expired = await this.users.expirePremiums(now);
      for (const userId of expired) this.events.record('identity.user-changed', { userId });
      return expired;
    });
    for (const id of ids) await this.principals.invalidate(id);
    return ids;
  }
}

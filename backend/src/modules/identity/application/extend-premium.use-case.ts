import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { USER_RECORDS, type UserRecords } from '../domain/user-records.port.js';

/**
 * Extends a user's premium by `days` from the later of now and their current expiry. Runs inside the caller's
 * transaction (a payment's fulfilment); returns the period it adds, or null when the user is gone (deleted after
 * paying: the payment still counts, there is no one to give premium to).
 */
@Injectable()
export class ExtendPremiumUseCase {
  constructor(
    @Inject(USER_RECORDS) private readonly users: UserRecords,
    private readonly events: DurableEvents,
  ) {}

  async execute(userId: string, days: number): Promise<{ startsAt: Date; endsAt: Date } | null> {
    const period = await this.users.extendPremium(userId, days);
    if (!period) return null;
    this.events.record('identity.user-changed', { userId });
    return period;
  }
}

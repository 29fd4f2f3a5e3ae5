import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { Payout } from '../domain/payout.js';
import { PAYOUTS, type PayoutRepository } from '../domain/ports.js';

/** Creator payouts waiting for an admin, oldest first, with the creators' names. */
@Injectable()
export class ListPendingPayoutsQuery {
  constructor(
    @Inject(PAYOUTS) private readonly payouts: PayoutRepository,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(limit: number): Promise<{ payout: Payout; username: string | null }[]> {
    const rows = await this.payouts.pending(limit);
    const names = await this.identity.usernames(rows.map((r) => r.userId));
    return rows.map((payout) => ({ payout, username: names.get(payout.userId) ?? null }));
  }
}

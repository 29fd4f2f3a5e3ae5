import { Injectable } from '@nestjs/common';
import { MonetizationFacade } from '../../monetization/monetization.facade.js';

/** Cents. */
export interface FounderEarnings {
  availableCents: number;
  pendingCents: number;
  lifetimeCents: number;
  withdrawnCents: number;
  minimumCents: number;
  canWithdraw: boolean;
}

/**
 * The platform's earnings in the ledger (the Owner's account, as GET /api/platform/earnings): available, still
 * pending (7 days), everything it ever kept, withdrawn; a withdrawal needs a bank account and the minimum available.
 */
@Injectable()
export class FounderEarningsQuery {
  constructor(private readonly money: MonetizationFacade) {}

  async execute(): Promise<FounderEarnings> {
    const e = await this.money.platformEarnings();
    const minimum = this.money.platformMinimumWithdrawalCents;
    return {
      availableCents: e.availableCents,
      pendingCents: e.pendingCents,
      lifetimeCents: e.totalRevenueCents,
      withdrawnCents: e.withdrawnCents,
      minimumCents: minimum,
      canWithdraw: !!e.bank && e.availableCents >= minimum,
    };
  }
}

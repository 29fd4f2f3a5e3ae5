import { Inject, Injectable } from '@nestjs/common';
import { Accounts, LEDGER, monthStart, type Ledger, type RevenueSource } from '../domain/ledger.js';
import { PLATFORM_SOURCES, type BankAccountView } from '../domain/platform.js';
import { PLATFORM_TREASURY, type PlatformTreasury } from '../domain/ports.js';

export interface PlatformEarnings {
  availableCents: number;
  pendingCents: number;
  totalRevenueCents: number;
  withdrawnCents: number;
  bySource: Record<RevenueSource, number>;
  monthCents: number;
  bank: BankAccountView | null;
}

/** The platform owner's earnings (what the platform keeps of every payment), by source, and the bank account. */
@Injectable()
export class GetPlatformEarningsQuery {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PLATFORM_TREASURY) private readonly treasury: PlatformTreasury,
  ) {}

  async execute(): Promise<PlatformEarnings> {
    const pending = PLATFORM_SOURCES.map((s) => Accounts.platformPending(s));
    const b = await this.ledger.balances([...pending, Accounts.platformAvailable, Accounts.platformWithdrawn]);
    const bySource = Object.fromEntries(PLATFORM_SOURCES.map((s) => [s, b.get(Accounts.platformPending(s))!.credited])) as Record<RevenueSource, number>;
    const total = Object.values(bySource).reduce((a, c) => a + c, 0);
    return {
      availableCents: b.get(Accounts.platformAvailable)!.balance,
      pendingCents: pending.reduce((a, id) => a + b.get(id)!.balance, 0),
      totalRevenueCents: total,
      withdrawnCents: b.get(Accounts.platformWithdrawn)!.balance,
      bySource,
      monthCents: await this.ledger.creditedSince(pending, monthStart()),
      bank: await this.treasury.bankAccount(),
    };
  }
}

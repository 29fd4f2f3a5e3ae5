import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LEDGER, monthStart, type Ledger, type RevenueLine } from '../domain/ledger.js';
import { creatorAccounts, creatorBalances, type CreatorBalances, type Payout } from '../domain/payout.js';
import type { ActiveStrike } from '../domain/partner-application.js';
import { GUIDELINE_STANDING, PAYOUTS, type GuidelineStanding, type PayoutRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

export interface CreatorEarnings {
  balances: CreatorBalances;
  /** This month's revenue transactions, newest first. */
  revenue: RevenueLine[];
  payouts: Payout[];
  /** Payout requests are held while this strike is in force. */
  activeStrike: ActiveStrike | null;
}

/** A creator's balances, this month's revenue and payouts, from the ledger: their own (admins may read anyone's). */
@Injectable()
export class GetCreatorEarningsQuery {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PAYOUTS) private readonly payouts: PayoutRepository,
    @Inject(GUIDELINE_STANDING) private readonly guidelines: GuidelineStanding,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(viewerId: string, rawUserId: string): Promise<CreatorEarnings> {
    const id = isUuid(rawUserId) ? rawUserId.toLowerCase() : '';
    if (id !== viewerId && !(await this.identity.isAdmin(viewerId))) throw moneyErrors.notYours();
    if (!id || !(await this.identity.exists(id))) throw moneyErrors.userNotFound();
    const [balances, revenue, payouts, activeStrike] = await Promise.all([
      this.ledger.balances(creatorAccounts(id)).then((b) => creatorBalances(id, b)),
      this.ledger.revenueSince(id, monthStart(), 100),
      this.payouts.listOf(id, 20),
      this.guidelines.activeStrike(id),
    ]);
    return { balances, revenue, payouts, activeStrike };
  }
}

import { Injectable } from '@nestjs/common';
import { MonetizationFacade } from '../../monetization/monetization.facade.js';
import { FounderAuditLog } from './founder-audit-log.js';

/**
 * The founder withdraws platform earnings to the bank account (the ledger's rules: at least $100, at most what is
 * available, a bank account first); audit-logged with the amount and the account's last four digits.
 */
@Injectable()
export class FounderWithdrawUseCase {
  constructor(
    private readonly money: MonetizationFacade,
    private readonly audit: FounderAuditLog,
  ) {}

  async execute(founderId: string, rawAmount: unknown, address: string): Promise<{ id: string; amountCents: number }> {
    const w = await this.money.withdrawPlatformEarnings({ kind: 'founder', id: founderId }, rawAmount);
    await this.audit.record({ action: 'platform.withdrawal_requested', target: w.id, detail: { amount: w.amountCents / 100, account_last4: w.accountLast4 }, address });
    return { id: w.id, amountCents: w.amountCents };
  }
}

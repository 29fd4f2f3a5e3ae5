import { Injectable } from '@nestjs/common';
import { MonetizationFacade, type BankAccountView } from '../../monetization/monetization.facade.js';
import { FounderAuditLog } from './founder-audit-log.js';

/** The founder saves (replaces) the platform's bank account; audit-logged with the bank's name and the last four digits only. */
@Injectable()
export class SaveFounderBankAccountUseCase {
  constructor(
    private readonly money: MonetizationFacade,
    private readonly audit: FounderAuditLog,
  ) {}

  async execute(input: { bank_name?: unknown; account_number?: unknown; routing_number?: unknown; account_holder_name?: unknown }, address: string): Promise<BankAccountView> {
    const bank = await this.money.savePlatformBankAccount(input);
    await this.audit.record({ action: 'bank_account.saved', detail: { bank_name: bank.bankName, account_last4: bank.accountLast4 }, address });
    return bank;
  }
}

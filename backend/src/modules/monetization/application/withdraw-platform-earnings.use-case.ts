import { Inject, Injectable } from '@nestjs/common';
import { Accounts, InsufficientFunds, LEDGER, type Ledger } from '../domain/ledger.js';
import { PlatformWithdrawal, type PlatformActor } from '../domain/platform.js';
import { MONEY_UNIT_OF_WORK, PLATFORM_TREASURY, type MoneyUnitOfWork, type PlatformTreasury } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/**
 * A withdrawal of the platform's available earnings to its bank account: at least $100, at most what is available
 * (checked under the account's row lock). One transaction: the posting and the withdrawal. The actor is an
 * administrator (the Owner earnings) or the founder (the founder dashboard): the same platform account.
 */
@Injectable()
export class WithdrawPlatformEarningsUseCase {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(PLATFORM_TREASURY) private readonly treasury: PlatformTreasury,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
  ) {}

  async execute(actor: PlatformActor, rawAmount: unknown): Promise<{ id: string; amountCents: number; accountLast4: string }> {
    const amountCents = PlatformWithdrawal.amountOf(rawAmount);
    const bank = await this.treasury.bankAccount();
    if (!bank) throw moneyErrors.noBankAccount();
    const withdrawal = PlatformWithdrawal.request(actor, amountCents, bank);
    await this.uow
      .inTransaction(async () => {
        withdrawal.checkAvailable(await this.ledger.lockBalance(Accounts.platformAvailable));
        await this.ledger.post(withdrawal.posting());
        await this.treasury.addWithdrawal(withdrawal);
      })
      .catch((e: unknown) => {
        throw e instanceof InsufficientFunds ? moneyErrors.invalidWithdrawal() : e;
      });
    return { id: withdrawal.id, amountCents, accountLast4: withdrawal.accountLast4 };
  }
}

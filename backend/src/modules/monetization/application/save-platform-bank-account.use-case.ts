import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { seal } from '../../../common/crypto/at-rest.js';
import { BankAccountDetails, type BankAccountView } from '../domain/platform.js';
import { PLATFORM_TREASURY, type PlatformTreasury } from '../domain/ports.js';

/** Saves (or replaces) the platform's bank account; the numbers are encrypted at rest and only the last four digits are ever shown. */
@Injectable()
export class SavePlatformBankAccountUseCase {
  constructor(
    @Inject(PLATFORM_TREASURY) private readonly treasury: PlatformTreasury,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(input: { bank_name?: unknown; account_number?: unknown; routing_number?: unknown; account_holder_name?: unknown }): Promise<BankAccountView> {
    const details = BankAccountDetails.parse(input);
    const key = this.config.money.encryptionKey;
    await this.treasury.saveBankAccount({
      bankName: details.bankName,
      accountHolder: details.accountHolder,
      accountNumberSealed: seal(key, details.accountNumber),
      routingNumberSealed: seal(key, details.routingNumber),
      accountLast4: details.last4,
    });
    return (await this.treasury.bankAccount())!;
  }
}

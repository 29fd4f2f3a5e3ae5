import { Injectable } from '@nestjs/common';
import { MonetizationFacade, type BankAccountView } from '../../monetization/monetization.facade.js';

/** The platform's bank account (the same one as the Owner earnings'), as it is ever shown: the last four digits. */
@Injectable()
export class FounderBankAccountQuery {
  constructor(private readonly money: MonetizationFacade) {}

  async execute(): Promise<BankAccountView | null> {
    return (await this.money.platformEarnings()).bank;
  }
}

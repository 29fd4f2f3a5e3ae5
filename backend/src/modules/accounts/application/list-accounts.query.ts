import { Inject, Injectable } from '@nestjs/common';
import type { Account } from '../domain/account.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from '../domain/ports.js';

@Injectable()
export class ListAccountsQuery {
  constructor(@Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository) {}

  async execute(userId: string): Promise<{ accounts: Account[]; active: Account }> {
    const accounts = await this.accounts.listOf(userId);
    const active = accounts.find((a) => a.isActive) ?? accounts.find((a) => a.isPrimary) ?? accounts[0];
    return { accounts, active };
  }
}

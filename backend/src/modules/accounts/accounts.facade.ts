import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Account, handleCandidates } from './domain/account.js';

/** What other contexts may ask of Accounts. Writes join the caller's unit of work (no flush here). */
@Injectable()
export class AccountsFacade {
  constructor(private readonly em: EntityManager) {}

  /** The first account of a new user: type creator, handle from the display name, primary and active. */
  async createPrimaryAccount(input: { userId: string; displayName: string }): Promise<Account> {
    const candidates = handleCandidates(input.displayName);
    const taken = new Set(
      (await this.em.find(Account, { handle: { $in: candidates } }, { fields: ['handle'] })).map((a) => a.handle),
    );
    const handle = candidates.find((h) => !taken.has(h)) ?? `${candidates[0].slice(0, 20)}${Date.now().toString(36).slice(-8)}`;
    const account = Account.primary(input.userId, input.displayName, handle);
    this.em.persist(account);
    return account;
  }

  async activeAccountId(userId: string): Promise<string | null> {
    const active = await this.em.findOne(Account, { userId, isActive: true }, { fields: ['id'] });
    return active?.id ?? null;
  }
}

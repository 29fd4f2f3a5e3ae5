import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Account, handleCandidates } from './domain/account.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from './domain/ports.js';
import { AccountPurge } from './application/account-purge.js';
import { photoUrl, toAccountResponse } from './http/accounts.mapper.js';
import type { AccountResponseDto } from './http/accounts.dto.js';

/** What other contexts may ask of Accounts. Writes join the caller's unit of work (no flush here). */
@Injectable()
export class AccountsFacade {
  constructor(
    private readonly em: EntityManager,
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    private readonly purge: AccountPurge,
  ) {}

  /** The first account of a new user: type creator, handle from the display name, primary and active. */
  async createPrimaryAccount(input: { userId: string; displayName: string }): Promise<Account> {
    const candidates = handleCandidates(input.displayName);
    const handle = (await this.accounts.firstFreeHandle(candidates)) ?? `${candidates[0].slice(0, 20)}${Date.now().toString(36).slice(-8)}`;
    const account = Account.primary(input.userId, input.displayName, handle);
    this.accounts.add(account);
    return account;
  }

  async activeAccountId(userId: string): Promise<string | null> {
    const active = await this.em.findOne(Account, { userId, isActive: true, deletedAt: null }, { fields: ['id'] });
    return active?.id ?? null;
  }

  /** The account a user publishes as now: its id, who may see its media, and how it is shown. */
  async publishingAccount(userId: string): Promise<AccountSummary | null> {
    const active = (await this.accounts.listOf(userId)).find((a) => a.isActive);
    return active ? summary(active) : null;
  }

  /** The user's primary account as others see the user: private profile or not, and its photo. */
  async primaryProfile(userId: string): Promise<{ accountId: string; isPrivate: boolean; photoUrl: string | null } | null> {
    const primary = await this.em.findOne(Account, { userId, isPrimary: true, deletedAt: null });
    return primary ? { accountId: primary.id, isPrivate: primary.privacySettings.profile_visibility === 'private', photoUrl: photoUrl(primary) } : null;
  }

  /** How each account is shown next to what it published (deleted ones are absent). */
  async summaries(accountIds: string[]): Promise<Map<string, AccountSummary>> {
    const unique = [...new Set(accountIds)];
    if (!unique.length) return new Map();
    const rows = await this.em.find(Account, { id: { $in: unique }, deletedAt: null });
    return new Map(rows.map((a) => [a.id, summary(a)]));
  }

  /** The user's accounts as the API shows them, for a data export. */
  async exportFor(userId: string): Promise<AccountResponseDto[]> {
    return (await this.accounts.listOf(userId)).map(toAccountResponse);
  }

  /**
   * The user is being deleted: every account goes (the primary too), under the owner's lock so no account can be
   * created beside it. Call inside the caller's transaction. Returns ids to purge once committed.
   */
  async markAllDeleted(userId: string): Promise<string[]> {
    await this.accounts.lockOwner(userId);
    const all = await this.accounts.listOf(userId);
    const now = new Date();
    for (const a of all) a.release(now);
    return all.map((a) => a.id);
  }

  async purgeDeleted(accountIds: string[]): Promise<void> {
    for (const id of accountIds) await this.purge.schedule(id);
  }
}

export interface AccountSummary {
  accountId: string;
  userId: string;
  displayName: string;
  handle: string;
  photoUrl: string | null;
  visibility: 'public' | 'unlisted' | 'private';
}

function summary(a: Account): AccountSummary {
  return { accountId: a.id, userId: a.userId, displayName: a.displayName, handle: a.handle, photoUrl: photoUrl(a), visibility: a.mediaVisibility };
}

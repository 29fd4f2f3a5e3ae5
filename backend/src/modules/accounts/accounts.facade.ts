import { Inject, Injectable } from '@nestjs/common';
import type { Account } from './domain/account.js';
import { ACCOUNT_REPOSITORY, type AccountRepository } from './domain/ports.js';
import { AccountPurge } from './application/account-purge.js';
import { photoUrl, toAccountSummary, toAccountView, type AccountSummary, type AccountView } from './application/account-view.js';
import { CreatePrimaryAccountUseCase } from './application/create-primary-account.use-case.js';
import { ReleaseAllAccountsUseCase } from './application/release-all-accounts.use-case.js';

export type { AccountSummary } from './application/account-view.js';

/** What other contexts may ask of Accounts. Writes join the caller's unit of work (no flush here). */
@Injectable()
export class AccountsFacade {
  constructor(
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    private readonly createPrimary: CreatePrimaryAccountUseCase,
    private readonly releaseAll: ReleaseAllAccountsUseCase,
    private readonly purge: AccountPurge,
  ) {}

  /** The first account of a new user: type creator, handle from the display name, primary and active. */
  createPrimaryAccount(input: { userId: string; displayName: string }): Promise<Account> {
    return this.createPrimary.execute(input);
  }

  async activeAccountId(userId: string): Promise<string | null> {
    return (await this.accounts.activeOf(userId))?.id ?? null;
  }

  /** The account a user publishes as now: its id, who may see its media, and how it is shown. */
  async publishingAccount(userId: string): Promise<AccountSummary | null> {
    const active = (await this.accounts.listOf(userId)).find((a) => a.isActive);
    return active ? toAccountSummary(active) : null;
  }

  /** The user's primary account as others see the user: private profile or not, and its photo. */
  async primaryProfile(userId: string): Promise<{ accountId: string; isPrivate: boolean; photoUrl: string | null } | null> {
    const primary = await this.accounts.primaryOf(userId);
    return primary ? { accountId: primary.id, isPrivate: primary.privacySettings.profile_visibility === 'private', photoUrl: photoUrl(primary) } : null;
  }

  /** Who may comment on what the account published (null when it no longer exists). */
  async commentPermission(accountId: string): Promise<'everyone' | 'subscribers' | 'none' | null> {
    return (await this.accounts.findMany([accountId]))[0]?.privacySettings.comment_permissions ?? null;
  }

  /** How each account is shown next to what it published (deleted ones are absent). */
  async summaries(accountIds: string[]): Promise<Map<string, AccountSummary>> {
    const rows = await this.accounts.findMany([...new Set(accountIds)]);
    return new Map(rows.map((a) => [a.id, toAccountSummary(a)]));
  }

  /** The user's accounts as the API shows them, for a data export. */
  async exportFor(userId: string): Promise<AccountView[]> {
    return (await this.accounts.listOf(userId)).map(toAccountView);
  }

  /**
   * The user is being deleted: every account goes (the primary too), under the owner's lock so no account can be
   * created beside it. Call inside the caller's transaction. Returns ids to purge once committed.
   */
  markAllDeleted(userId: string): Promise<string[]> {
    return this.releaseAll.execute(userId);
  }

  async purgeDeleted(accountIds: string[]): Promise<void> {
    for (const id of accountIds) await this.purge.schedule(id);
  }
}

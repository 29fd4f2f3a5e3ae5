import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BankAccountView, PlatformWithdrawal, SealedBankAccount } from '../domain/platform.js';
import type { PlatformTreasury } from '../domain/ports.js';

/** The platform's bank account (one row, id 1) and withdrawals (SQL-owned tables `platform_bank_accounts`, `platform_withdrawals`). */
@Injectable()
export class PgPlatformTreasury implements PlatformTreasury {
  constructor(private readonly em: EntityManager) {}

  async bankAccount(): Promise<BankAccountView | null> {
    const rows = await this.em.execute<{ bank_name: string; account_holder: string; account_last_4: string; is_verified: boolean }[]>(
      'select bank_name, account_holder, account_last_4, is_verified from platform_bank_accounts where id = 1',
    );
    const r = rows[0];
    return r ? { bankName: r.bank_name, accountHolder: r.account_holder, accountLast4: r.account_last_4, isVerified: r.is_verified } : null;
  }

  async saveBankAccount(a: SealedBankAccount): Promise<void> {
    await this.em.execute(
      `insert into platform_bank_accounts (id, bank_name, account_holder, account_number_enc, routing_number_enc, account_last_4, is_verified, updated_at) values (1, ?, ?, ?, ?, ?, false, now())
       on conflict (id) do update set bank_name = excluded.bank_name, account_holder = excluded.account_holder, account_number_enc = excluded.account_number_enc,
         routing_number_enc = excluded.routing_number_enc, account_last_4 = excluded.account_last_4, is_verified = false, updated_at = now()`,
      [a.bankName, a.accountHolder, a.accountNumberSealed, a.routingNumberSealed, a.accountLast4],
    );
  }

  async addWithdrawal(w: PlatformWithdrawal): Promise<void> {
    await this.em.execute('insert into platform_withdrawals (id, amount_cents, requested_by, requested_by_kind, account_last_4) values (?, ?, ?, ?, ?)',
      [w.id, w.amountCents, w.requestedBy.id, w.requestedBy.kind, w.accountLast4],);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { Money } from '../../../common/money.js';
import { seal } from '../domain/bank-crypto.js';
import { Accounts, InsufficientFunds, LEDGER, type Ledger, type RevenueSource } from '../domain/ledger.js';
import { moneyErrors, OWNER_MIN_WITHDRAWAL_CENTS } from '../domain/rules.js';
import { monthStart } from './earnings.service.js';

export interface BankAccountView {
  bankName: string;
  accountHolder: string;
  accountLast4: string;
  isVerified: boolean;
}

const SOURCES: RevenueSource[] = ['premium', 'ads', 'membership', 'super_chat'];

/** The platform owner's earnings (what the platform keeps of every payment), bank account and withdrawals. */
@Injectable()
export class PlatformService {
  constructor(
    private readonly em: EntityManager,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async earnings(): Promise<{
    availableCents: number;
    pendingCents: number;
    totalRevenueCents: number;
    withdrawnCents: number;
    bySource: Record<RevenueSource, number>;
    monthCents: number;
    bank: BankAccountView | null;
  }> {
    const pending = SOURCES.map((s) => Accounts.platformPending(s));
    const b = await this.ledger.balances([...pending, Accounts.platformAvailable, Accounts.platformWithdrawn]);
    const bySource = Object.fromEntries(SOURCES.map((s) => [s, b.get(Accounts.platformPending(s))!.credited])) as Record<RevenueSource, number>;
    const total = Object.values(bySource).reduce((a, c) => a + c, 0);
    return {
      availableCents: b.get(Accounts.platformAvailable)!.balance,
      pendingCents: pending.reduce((a, id) => a + b.get(id)!.balance, 0),
      totalRevenueCents: total,
      withdrawnCents: b.get(Accounts.platformWithdrawn)!.balance,
      bySource,
      monthCents: await this.ledger.creditedSince(pending, monthStart()),
      bank: await this.bankAccount(),
    };
  }

  async bankAccount(): Promise<BankAccountView | null> {
    const rows = await this.em.execute<{ bank_name: string; account_holder: string; account_last_4: string; is_verified: boolean }[]>('select bank_name, account_holder, account_last_4, is_verified from platform_bank_accounts where id = 1');
    const r = rows[0];
    return r ? { bankName: r.bank_name, accountHolder: r.account_holder, accountLast4: r.account_last_4, isVerified: r.is_verified } : null;
  }

  /** Saves (or replaces) the bank account; the numbers are encrypted at rest and only the last four digits are ever shown. */
  async saveBankAccount(input: { bank_name?: unknown; account_number?: unknown; routing_number?: unknown; account_holder_name?: unknown }): Promise<BankAccountView> {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const bankName = text(input.bank_name);
    const holder = text(input.account_holder_name);
    const number = text(input.account_number).replace(/[\s-]/g, '');
    const routing = text(input.routing_number).replace(/[\s-]/g, '');
    const problems: FieldProblem[] = [];
    if (!bankName || bankName.length > 100) problems.push({ field: 'bank_name', message: 'Bank name is required (at most 100 characters)' });
    if (!holder || holder.length > 100) problems.push({ field: 'account_holder_name', message: 'Account holder name is required (at most 100 characters)' });
    if (!/^\d{4,17}$/.test(number)) problems.push({ field: 'account_number', message: 'Account number must be 4 to 17 digits' });
    if (!/^\d{9}$/.test(routing)) problems.push({ field: 'routing_number', message: 'Routing number must be 9 digits' });
    if (problems.length) throw new ValidationError(problems);
    const key = this.config.money.encryptionKey;
    await this.em.execute(
      `insert into platform_bank_accounts (id, bank_name, account_holder, account_number_enc, routing_number_enc, account_last_4, is_verified, updated_at) values (1, ?, ?, ?, ?, ?, false, now())
       on conflict (id) do update set bank_name = excluded.bank_name, account_holder = excluded.account_holder, account_number_enc = excluded.account_number_enc,
         routing_number_enc = excluded.routing_number_enc, account_last_4 = excluded.account_last_4, is_verified = false, updated_at = now()`,
      [bankName, holder, seal(key, number), seal(key, routing), number.slice(-4)],
    );
    return (await this.bankAccount())!;
  }

  /** A withdrawal of the platform's available earnings to its bank account: at least $100, at most what is available. */
  async withdraw(adminUserId: string, rawAmount: unknown): Promise<{ id: string; amountCents: number; accountLast4: string }> {
    const amount = Money.parsePositive(rawAmount);
    if (!amount) throw moneyErrors.invalidWithdrawal();
    if (amount.cents < OWNER_MIN_WITHDRAWAL_CENTS) throw moneyErrors.belowWithdrawalMinimum();
    const bank = await this.bankAccount();
    if (!bank) throw moneyErrors.noBankAccount();
    const id = randomUUID();
    await this.em
      .transactional(async () => {
        const available = await this.ledger.lockBalance(Accounts.platformAvailable);
        if (amount.cents > available) throw moneyErrors.invalidWithdrawal();
        await this.ledger.post({
          idempotencyKey: `withdrawal:${id}`,
          kind: 'withdrawal',
          memo: `Withdrawal to the account ending ${bank.accountLast4}`,
          userId: null,
          entries: [
            { accountId: Accounts.platformAvailable, cents: -amount.cents },
            { accountId: Accounts.platformWithdrawn, cents: amount.cents },
          ],
        });
        await this.em.execute('insert into platform_withdrawals (id, amount_cents, requested_by, account_last_4) values (?, ?, ?, ?)', [id, amount.cents, adminUserId, bank.accountLast4]);
      })
      .catch((e: unknown) => {
        throw e instanceof InsufficientFunds ? moneyErrors.invalidWithdrawal() : e;
      });
    return { id, amountCents: amount.cents, accountLast4: bank.accountLast4 };
  }
}

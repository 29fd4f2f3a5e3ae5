import type { components } from '../../api/schema';
import { errorBody, http } from '../../mocks/http';
import { caller, problem, SESSION_INVALID } from '../../mocks/mediaHelpers';
import { MOCK_MONEY_RULES, dollars, earningsDb, parseCents, type MockPlatformBank } from '../../mocks/earningsDb';

type PlatformBankAccountDto = components['schemas']['PlatformBankAccountDto'];

const unauthenticated = () => problem(401, 'IDENTITY.SESSION_INVALID', SESSION_INVALID);
const adminOnly = () => errorBody(403, 'MONEY.ADMIN_ONLY', 'Only administrators can do this');

function bankDto(bank: MockPlatformBank): PlatformBankAccountDto {
  return {
    bank_name: bank.bankName,
    account_last_4: bank.accountLast4,
    account_holder: bank.accountHolder,
    is_verified: bank.isVerified,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The server's answers for the platform owner's earnings (admins only), backed by the in-memory money. */
export const ownerHandlers = [
  http.get('/api/platform/earnings', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(unauthenticated());
    if (!me.user.is_admin) return response(403).json(adminOnly());
    const p = earningsDb.platform;
    return response(200).json({
      earnings: {
        available_balance: dollars(p.availableCents),
        pending_balance: dollars(p.pendingCents),
        total_revenue: dollars(p.availableCents + p.pendingCents + p.withdrawnCents),
        total_withdrawn: dollars(p.withdrawnCents),
        premium_revenue: dollars(p.bySource.premium),
        ad_revenue: dollars(p.bySource.ads),
        membership_fees: dollars(p.bySource.membership),
        super_chat_fees: dollars(p.bySource.super_chat),
        minimum_payout: dollars(MOCK_MONEY_RULES.ownerMinWithdrawalCents),
      },
      monthly_revenue: dollars(p.monthCents),
      bank_account: p.bank ? bankDto(p.bank) : null,
      can_withdraw: p.bank !== null && p.availableCents >= MOCK_MONEY_RULES.ownerMinWithdrawalCents,
    });
  }),

  http.post('/api/platform/bank-account', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(unauthenticated());
    if (!me.user.is_admin) return response(403).json(adminOnly());
    const body = (await request.json()) as Partial<Record<string, unknown>>;
    const bankName = text(body.bank_name);
    const holder = text(body.account_holder_name);
    const number = text(body.account_number).replace(/[\s-]/g, '');
    const routing = text(body.routing_number).replace(/[\s-]/g, '');
    const problems: { field: string; message: string }[] = [];
    if (!bankName || bankName.length > 100) problems.push({ field: 'bank_name', message: 'Bank name is required (at most 100 characters)' });
    if (!holder || holder.length > 100) {
      problems.push({ field: 'account_holder_name', message: 'Account holder name is required (at most 100 characters)' });
    }
    if (!/^\d{4,17}$/.test(number)) problems.push({ field: 'account_number', message: 'Account number must be 4 to 17 digits' });
    if (!/^\d{9}$/.test(routing)) problems.push({ field: 'routing_number', message: 'Routing number must be 9 digits' });
    if (problems.length) return response(400).json(errorBody(400, 'VALIDATION_FAILED', problems[0].message, problems));
    earningsDb.platform.bank = { bankName, accountHolder: holder, accountLast4: number.slice(-4), isVerified: false };
    return response(200).json({
      success: true,
      message: 'Bank account added successfully!',
      bank_account: bankDto(earningsDb.platform.bank),
    });
  }),

  http.post('/api/platform/withdraw', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(unauthenticated());
    if (!me.user.is_admin) return response(403).json(adminOnly());
    const body = (await request.json()) as Partial<Record<string, unknown>>;
    const invalid = () => errorBody(400, 'MONEY.INVALID_WITHDRAWAL', 'Invalid withdrawal amount', [{ field: 'amount', message: 'Invalid withdrawal amount' }]);
    const cents = parseCents(body.amount);
    if (cents === null) return response(400).json(invalid());
    if (cents < MOCK_MONEY_RULES.ownerMinWithdrawalCents) {
      const detail = 'Minimum withdrawal amount is $100';
      return response(400).json(errorBody(400, 'MONEY.BELOW_MINIMUM', detail, [{ field: 'amount', message: detail }]));
    }
    const p = earningsDb.platform;
    if (!p.bank) return response(409).json(errorBody(409, 'MONEY.NO_BANK_ACCOUNT', 'Add a bank account before withdrawing'));
    if (cents > p.availableCents) return response(400).json(invalid());
    p.availableCents -= cents;
    p.withdrawnCents += cents;
    return response(200).json({ success: true, message: 'Withdrawal request submitted successfully!', amount: dollars(cents) });
  }),
];

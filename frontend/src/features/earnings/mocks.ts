import type { components } from '../../api/schema';
import { errorBody, http } from '../../mocks/http';
import { caller, problem, sessionInvalid } from '../../mocks/mediaHelpers';
import { activeStrikeOf, strikeExpiresAt } from '../../mocks/moderationDb';
import {
  MOCK_MONEY_RULES,
  addPayout,
  balancesOf,
  dollars,
  earningsDb,
  parseCents,
  type MockPayout,
} from '../../mocks/earningsDb';

type PayoutDto = components['schemas']['PayoutDto'];

/** A payout as the API shows it. */
export function payoutDto(payout: MockPayout): PayoutDto {
  return {
    id: payout.id,
    amount: dollars(payout.amountCents),
    requested_date: payout.requestedAt,
    payment_method: payout.method,
    status: payout.status,
    failure_reason: payout.failureReason,
  };
}

const invalid = (code: string, field: string, detail: string) => errorBody(400, code, detail, [{ field, message: detail }]);

const PAYOUT_ERRORS = {
  badAmount: () =>
    invalid('MONEY.BAD_AMOUNT', 'amount', 'Amount must be a number of dollars greater than 0 with at most two decimals'),
  belowMinimum: () => invalid('MONEY.BELOW_MINIMUM', 'amount', 'Minimum payout amount is $50.00'),
  aboveAvailable: () => invalid('MONEY.ABOVE_AVAILABLE', 'amount', 'Amount exceeds your available balance'),
  badMethod: () => invalid('MONEY.BAD_METHOD', 'payment_method', 'Payment method must be bank_transfer, paypal or crypto'),
  badBankDetails: () =>
    invalid(
      'MONEY.BAD_BANK_DETAILS',
      'bank_details',
      'Bank transfers need bank_details with account_type checking or savings and a two-letter country',
    ),
};

const METHODS = ['bank_transfer', 'paypal', 'crypto'] as const;

/** The server's answers for a creator's earnings and payout requests, backed by the in-memory money. */
export const earningsHandlers = [
  http.get('/api/revenue/creator/{userId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    if (params.userId !== me.user.id && !me.user.is_admin) {
      return response(403).json(errorBody(403, 'MONEY.NOT_YOURS', 'You can only see your own earnings'));
    }
    const b = balancesOf(params.userId);
    const strike = activeStrikeOf(params.userId);
    return response(200).json({
      earnings: {
        available_balance: dollars(b.availableCents),
        pending_balance: dollars(b.pendingCents),
        lifetime_earnings: dollars(b.lifetimeCents),
        total_withdrawn: dollars(b.paidOutCents),
        in_transit: dollars(b.inTransitCents),
        minimum_payout: dollars(MOCK_MONEY_RULES.creatorMinPayoutCents),
      },
      can_request_payout: b.availableCents >= MOCK_MONEY_RULES.creatorMinPayoutCents && !strike,
      payouts_on_hold_until: strike ? strikeExpiresAt(strike) : null,
      current_month_revenue: earningsDb.revenue
        .filter((line) => line.userId === params.userId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((line) => ({
          revenue_type: line.kind,
          payment_date: line.createdAt,
          creator_share: dollars(line.creatorCents),
          platform_fee: dollars(line.platformCents),
        })),
      payout_history: earningsDb.payouts
        .filter((payout) => payout.userId === params.userId)
        .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
        .map(payoutDto),
    });
  }),

  http.post('/api/payout/request', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = (await request.json()) as Partial<Record<string, unknown>>;
    const cents = parseCents(body.amount);
    if (cents === null) return response(400).json(PAYOUT_ERRORS.badAmount());
    const method = body.payment_method;
    if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
      return response(400).json(PAYOUT_ERRORS.badMethod());
    }
    let bankDetails: MockPayout['bankDetails'] = null;
    if (method === 'bank_transfer') {
      const details = body.bank_details as { account_type?: unknown; country?: unknown } | null | undefined;
      const type = details?.account_type;
      const country = details?.country;
      if (typeof type !== 'string' || !['checking', 'savings'].includes(type) || typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) {
        return response(400).json(PAYOUT_ERRORS.badBankDetails());
      }
      bankDetails = { account_type: type, country };
    }
    if (cents < MOCK_MONEY_RULES.creatorMinPayoutCents) return response(400).json(PAYOUT_ERRORS.belowMinimum());
    const balances = balancesOf(me.user.id);
    if (cents > balances.availableCents) return response(400).json(PAYOUT_ERRORS.aboveAvailable());
    // Held while the channel has an active guideline strike (the funds stay where they are).
    const strike = activeStrikeOf(me.user.id);
    if (strike) {
      const until = strikeExpiresAt(strike).slice(0, 10);
      return response.untyped(
        problem(409, 'MONEY.PAYOUTS_ON_HOLD', `Payouts are on hold while your channel has an active guideline strike (until ${until}).`),
      );
    }
    balances.availableCents -= cents;
    balances.inTransitCents += cents;
    const payout = addPayout({
      userId: me.user.id,
      amountCents: cents,
      method: method as MockPayout['method'],
      status: 'pending',
      requestedAt: new Date().toISOString(),
      failureReason: null,
      bankDetails,
    });
    return response(200).json({
      success: true,
      message: 'Payout request submitted successfully! Payouts take 3-5 business days.',
      payout: payoutDto(payout),
    });
  }),
];

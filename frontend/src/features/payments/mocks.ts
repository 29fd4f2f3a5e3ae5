import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { caller, sessionInvalid } from '../../mocks/mediaHelpers';
import {
  paymentsDb,
  paymentsId,
  type MockCheckoutOutcome,
  type MockPaymentPurpose,
  type MockPaymentSession,
} from '../../mocks/paymentsDb';
import { activeTiers, extendMembership, membershipErrors, mockChannel } from '../memberships/mocks';
import { fulfilMockSuperChat } from '../live/mocks';
import type { PaymentType } from './types';

const DAY_MS = 86_400_000;

/** Seed 001 §9 and the server's packages (backend monetization/domain/rules.ts). */
const PREMIUM_PACKAGES = {
  monthly: { cents: 699, days: 30, name: 'Premium Monthly' },
  yearly: { cents: 6999, days: 365, name: 'Premium Yearly' },
} as const;

const RETURN_TYPE: Record<MockPaymentPurpose, PaymentType> = { premium: 'premium', membership: 'membership', super_chat: 'super_chat' };

const badPackage = () =>
  errorBody(400, 'MONEY.BAD_PACKAGE', 'package_type must be monthly or yearly', [
    { field: 'package_type', message: 'package_type must be monthly or yearly' },
  ]);
const badTier = () =>
  errorBody(400, 'MONEY.BAD_TIER', "Choose one of the channel's membership tiers", [
    { field: 'package_type', message: "Choose one of the channel's membership tiers" },
  ]);
const ownChannel = () => errorBody(400, 'MONEY.OWN_CHANNEL', 'You cannot join your own channel');
const badReturnUrl = () =>
  errorBody(400, 'PAYMENTS.BAD_ORIGIN_URL', 'origin_url must be an address of this site', [
    { field: 'origin_url', message: 'origin_url must be an address of this site' },
  ]);
const sessionNotFound = () => errorBody(404, 'PAYMENTS.SESSION_NOT_FOUND', 'Payment session not found');

/** The return address, if it belongs to this site (no open redirect through a payment page), without old parameters. */
export function returnOrigin(originUrl: unknown, request: Request): URL | undefined {
  let url: URL;
  try {
    url = new URL(String(originUrl ?? ''));
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(request.url).origin) return undefined;
  for (const name of ['session_id', 'type', 'cancelled']) url.searchParams.delete(name);
  url.hash = '';
  return url;
}

/**
 * A checkout session of `userId`. The mock's stand-in for the hosted page: by default the visitor pays, and the first
 * status check still finds the session open (so QA mode shows "Payment is being processed..." once).
 */
export function mockPaymentSession(
  fields: Pick<MockPaymentSession, 'userId' | 'purpose' | 'package' | 'packageName' | 'amountCents'> & {
    outcome?: MockCheckoutOutcome;
    checksBeforeOutcome?: number;
  },
): MockPaymentSession {
  const session: MockPaymentSession = {
    id: paymentsId('cs_mock'),
    status: 'open',
    paymentStatus: 'unpaid',
    outcome: 'pay',
    checksBeforeOutcome: 1,
    checks: 0,
    fulfilled: false,
    ...fields,
  };
  paymentsDb.sessions.push(session);
  return session;
}

/**
 * What the hosted checkout sends the browser back to. The mock has no checkout page of its own (its worker does not
 * answer page loads), so the browser goes straight back to the app with the session, as after paying.
 */
export function checkoutAnswer(session: MockPaymentSession, origin: URL) {
  const back = new URL(origin);
  back.searchParams.set('session_id', session.id);
  back.searchParams.set('type', RETURN_TYPE[session.purpose]);
  return { url: back.toString(), session_id: session.id };
}

/** Premium runs `days` more from the later of now and the current expiry; a membership 30 days more. Once. */
function fulfil(session: MockPaymentSession): void {
  if (session.fulfilled || session.paymentStatus !== 'paid') return;
  session.fulfilled = true;
  if (session.purpose === 'premium') {
    const entry = mockDb.users.get(session.userId);
    const pkg = PREMIUM_PACKAGES[session.package as keyof typeof PREMIUM_PACKAGES];
    if (!entry || !pkg) return;
    const from = Math.max(Date.now(), entry.user.premium_expires ? new Date(entry.user.premium_expires).getTime() : 0);
    entry.user.is_premium = true;
    entry.user.premium_expires = new Date(from + pkg.days * DAY_MS).toISOString();
  } else if (session.purpose === 'membership') {
    const tier = paymentsDb.tiers.find((t) => t.id === session.package);
    if (tier) extendMembership(tier, session.userId);
  } else if (session.purpose === 'super_chat') {
    fulfilMockSuperChat(session.id);
  }
}

/** The caller's session brought up to date with what the visitor of the hosted page did, and fulfilled if paid. */
function checkedSession(request: Request, sessionId: string): MockPaymentSession | undefined {
  const me = caller(request);
  const session = paymentsDb.sessions.find((s) => s.id === sessionId && s.userId === me?.user.id);
  if (!session) return undefined;
  session.checks += 1;
  if (session.status === 'open' && session.paymentStatus === 'unpaid' && session.checks > session.checksBeforeOutcome) {
    if (session.outcome === 'pay') {
      session.paymentStatus = 'paid';
      session.status = 'complete';
    } else if (session.outcome === 'decline') {
      session.status = 'failed';
    } else if (session.outcome === 'expire') {
      session.status = 'expired';
    }
  }
  fulfil(session);
  return session;
}

/** The server's answers for checkouts (premium, memberships) and the status checks of a return. */
export const paymentsHandlers = [
  http.post('/api/subscriptions/premium/checkout', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = (await request.json().catch(() => ({}))) as { package_type?: unknown; origin_url?: unknown };
    const pkgName = typeof body.package_type === 'string' ? body.package_type : '';
    if (pkgName !== 'monthly' && pkgName !== 'yearly') return response(400).json(badPackage());
    const origin = returnOrigin(body.origin_url, request);
    if (!origin) return response(400).json(badReturnUrl());
    const pkg = PREMIUM_PACKAGES[pkgName];
    const session = mockPaymentSession({
      userId: me.user.id,
      purpose: 'premium',
      package: pkgName,
      packageName: pkg.name,
      amountCents: pkg.cents,
    });
    return response(200).json(checkoutAnswer(session, origin));
  }),

  http.post('/api/subscriptions/channel/{channelId}/checkout', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const channel = mockChannel(params.channelId);
    if (!channel || channel.isPrivate) return response(404).json(membershipErrors.channelNotFound());
    if (channel.ownerUserId === me.user.id) return response(400).json(ownChannel());
    const body = (await request.json().catch(() => ({}))) as { package_type?: unknown; origin_url?: unknown };
    const wanted = typeof body.package_type === 'string' ? body.package_type.trim().toLowerCase() : '';
    const tier = activeTiers(channel.accountId).find((t) => t.id === wanted || t.name.toLowerCase() === wanted);
    if (!tier) return response(400).json(badTier());
    const origin = returnOrigin(body.origin_url, request);
    if (!origin) return response(400).json(badReturnUrl());
    const session = mockPaymentSession({
      userId: me.user.id,
      purpose: 'membership',
      package: tier.id,
      packageName: `${channel.name}: ${tier.name}`,
      amountCents: tier.priceCents,
    });
    return response(200).json(checkoutAnswer(session, origin));
  }),

  http.get('/api/payments/status/{sessionId}', ({ request, params, response }) => {
    if (!caller(request)) return response(401).json(sessionInvalid());
    const session = checkedSession(request, params.sessionId);
    if (!session) return response(404).json(sessionNotFound());
    return response(200).json({ payment_status: session.paymentStatus, status: session.status });
  }),

  http.get('/api/subscriptions/status/{sessionId}', ({ request, params, response }) => {
    if (!caller(request)) return response(401).json(sessionInvalid());
    const session = checkedSession(request, params.sessionId);
    if (!session) return response(404).json(sessionNotFound());
    return response(200).json({ payment_status: session.paymentStatus, status: session.status, package_name: session.packageName });
  }),
];

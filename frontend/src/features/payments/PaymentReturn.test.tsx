import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from '../../mocks/http';
import { paymentsDb, type MockPaymentSession } from '../../mocks/paymentsDb';
import { server } from '../../mocks/server';
import { demoUser } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { PAYMENT_POLL, PENDING_PAYMENT_KEY } from './messages';
import { mockPaymentSession } from './mocks';

/** Fakes the clock's timers; microtasks and setImmediate stay real, so MSW, React and Mantine keep working. */
const useFakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

function premiumSession(fields: Partial<MockPaymentSession> = {}): MockPaymentSession {
  return mockPaymentSession({
    userId: demoUser().user.id,
    purpose: 'premium',
    package: 'monthly',
    packageName: 'Premium Monthly',
    amountCents: 699,
    ...fields,
  });
}

/** Back from the hosted checkout, as the browser arrives: the address with its parameters, the pending checkout stored. */
function returnFromCheckout(query: string, pending?: { session_id: string; type: string }) {
  storeDemoUserToken();
  if (pending) window.localStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(pending));
  window.history.replaceState(null, '', `/${query}`);
  return renderApp();
}

/** Counts the status checks of each kind (they then go on to the mock server's answer). */
function countChecks() {
  const checks = { payments: 0, subscriptions: 0, me: 0 };
  server.use(
    http.get('/api/payments/status/{sessionId}', () => {
      checks.payments += 1;
      return undefined;
    }),
    http.get('/api/subscriptions/status/{sessionId}', () => {
      checks.subscriptions += 1;
      return undefined;
    }),
    http.get('/api/me', () => {
      checks.me += 1;
      return undefined;
    }),
  );
  return checks;
}

/** Moves the faked clock on, with React told (the toasts and the overlay change as it moves). */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const overlay = () => screen.queryByRole('dialog', { name: 'Processing payment' });

describe('payment return (seed 001 §4)', () => {
  test('premium paid on the second check: the overlay says it is being processed, then the toast, the refreshed user on the Premium page, and a clean address', async () => {
    useFakeTimers();
    const session = premiumSession({ checksBeforeOutcome: 1 });
    const checks = countChecks();
    returnFromCheckout(`?session_id=${session.id}&type=premium`, { session_id: session.id, type: 'premium' });

    const dialog = within(await screen.findByRole('dialog', { name: 'Processing payment' }));
    expect(await dialog.findByText('Payment is being processed...')).toBeInTheDocument();
    expect(checks.payments).toBe(1);
    expect(window.location.search).toBe(`?session_id=${session.id}&type=premium`);

    await advance(PAYMENT_POLL.intervalMs - 1);
    expect(checks.payments).toBe(1);
    await advance(1);

    expect(await screen.findByText('Successfully subscribed to Premium!')).toBeInTheDocument();
    expect(checks.payments).toBe(2);
    expect(checks.subscriptions).toBe(0);
    expect(checks.me).toBe(2); // on opening, and the refresh after paying
    expect(screen.getByRole('heading', { name: 'Premium', level: 1 })).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'Premium Member' }));
    expect(card.getByText(/^Your Premium membership is active until \d{1,2} \w+ \d{4}\.$/)).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  test('a membership paid: its own status call, "Successfully subscribed to {package}!", and the Memberships page shows it', async () => {
    const guru = paymentsDb.sampleChannels.find((channel) => channel.name === 'Tech Guru');
    const vip = paymentsDb.tiers.find((tier) => tier.accountId === guru?.accountId && tier.name === 'VIP');
    if (!vip) throw new Error('The mock data has no Tech Guru VIP tier');
    const session = mockPaymentSession({
      userId: demoUser().user.id,
      purpose: 'membership',
      package: vip.id,
      packageName: 'Tech Guru: VIP',
      amountCents: 699,
      checksBeforeOutcome: 0,
    });
    const checks = countChecks();
    returnFromCheckout(`?session_id=${session.id}&type=membership`, { session_id: session.id, type: 'membership' });

    expect(await screen.findByText('Successfully subscribed to Tech Guru: VIP!')).toBeInTheDocument();
    expect(checks.subscriptions).toBe(1);
    expect(checks.payments).toBe(0);
    expect(screen.getByRole('heading', { name: 'Memberships', level: 1 })).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Tech Guru' }));
    expect(card.getByText('You are a member')).toBeInTheDocument();
    expect(card.getByText(/^VIP, active until /)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Renew VIP' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Switch to Basic' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  test('without a type in the address, the stored pending checkout says which status to ask', async () => {
    const session = premiumSession({ purpose: 'membership', packageName: 'Tech Guru: Basic', checksBeforeOutcome: 0, outcome: 'expire' });
    const checks = countChecks();
    returnFromCheckout(`?session_id=${session.id}`, { session_id: session.id, type: 'membership' });

    expect(await screen.findByText('Payment session expired. Please try again.')).toBeInTheDocument();
    expect(checks.subscriptions).toBe(1);
    expect(checks.payments).toBe(0);
  });

  test('an expired session: "Payment session expired. Please try again.", no switch, the address cleared', async () => {
    const session = premiumSession({ checksBeforeOutcome: 0, outcome: 'expire' });
    const checks = countChecks();
    returnFromCheckout(`?session_id=${session.id}&type=premium`, { session_id: session.id, type: 'premium' });

    expect(await screen.findByText('Payment session expired. Please try again.')).toBeInTheDocument();
    expect(checks.payments).toBe(1);
    expect(checks.me).toBe(1);
    expect(overlay()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(demoUser().user.is_premium).toBe(false);
  });

  test('a declined payment: "Payment failed or expired. Please try again."', async () => {
    const session = premiumSession({ checksBeforeOutcome: 0, outcome: 'decline' });
    returnFromCheckout(`?session_id=${session.id}&type=premium`);

    expect(await screen.findByText('Payment failed or expired. Please try again.')).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  test('still open after 5 checks, 2 s apart: the timeout message, and no sixth check', async () => {
    useFakeTimers();
    const session = premiumSession({ outcome: 'never' });
    const checks = countChecks();
    returnFromCheckout(`?session_id=${session.id}&type=premium`, { session_id: session.id, type: 'premium' });

    const dialog = within(await screen.findByRole('dialog', { name: 'Processing payment' }));
    expect(await dialog.findByText('Payment is being processed...')).toBeInTheDocument();
    expect(checks.payments).toBe(1);

    for (let attempt = 2; attempt <= PAYMENT_POLL.maxAttempts; attempt += 1) {
      await advance(PAYMENT_POLL.intervalMs);
      await waitFor(() => expect(checks.payments).toBe(attempt));
    }
    expect(await screen.findByText('Payment status check timed out. Please check your account.')).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();

    await advance(PAYMENT_POLL.intervalMs * 3);
    expect(checks.payments).toBe(PAYMENT_POLL.maxAttempts);
  });

  test('a check the server cannot answer: "Error checking payment status. Please try again.", and no retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/payments/status/{sessionId}', ({ response }) => {
        calls += 1;
        return response.untyped(new Response('Bad gateway', { status: 502 }));
      }),
    );
    returnFromCheckout('?session_id=cs_broken&type=premium');

    expect(await screen.findByText('Error checking payment status. Please try again.')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(overlay()).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  test('a session that is not the user\'s: "Error verifying payment. Please contact support if charged."', async () => {
    returnFromCheckout('?session_id=cs_someone_else&type=premium');

    expect(await screen.findByText('Error verifying payment. Please contact support if charged.')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  test('cancelled: the info toast, back on the page the purchase started from, the stored checkout forgotten, the address cleared, no status call', async () => {
    const checks = countChecks();
    returnFromCheckout('?cancelled=true&type=premium', { session_id: 'cs_abandoned', type: 'premium' });

    expect(await screen.findByText('Payment cancelled. You can try again anytime.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Premium', level: 1 })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(checks.payments + checks.subscriptions).toBe(0);
    expect(overlay()).not.toBeInTheDocument();
  });
});

import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, http } from '../../mocks/http';
import { paymentsDb } from '../../mocks/paymentsDb';
import { server } from '../../mocks/server';
import { demoUser } from '../../test/accounts';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { PENDING_PAYMENT_KEY } from '../payments/messages';
import { browserNavigation } from '../payments/redirect';

/** Signed in (changed first by `change`), on the Premium page opened from the side navigation. */
async function openPremium(change?: Parameters<typeof storeDemoUserToken>[0]) {
  storeDemoUserToken(change);
  const app = await renderSection('premium');
  await screen.findByRole('heading', { name: 'Premium', level: 1 });
  return app;
}

/** Watches the redirect to the hosted checkout (jsdom cannot leave the page). */
const watchRedirect = () => jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});

describe('Premium (seed 001 §2)', () => {
  test('a non-member sees the monthly and yearly options at their prices, and what Premium gives', async () => {
    await openPremium();

    const monthly = within(screen.getByRole('region', { name: 'Premium Monthly' }));
    expect(monthly.getByText('$6.99')).toBeInTheDocument();
    expect(monthly.getByText('/ month')).toBeInTheDocument();
    const yearly = within(screen.getByRole('region', { name: 'Premium Yearly' }));
    expect(yearly.getByText('$69.99')).toBeInTheDocument();
    expect(yearly.getByText('/ year')).toBeInTheDocument();

    const benefits = within(screen.getByRole('list', { name: 'What Premium gives you' }));
    expect(benefits.getAllByRole('listitem')).toHaveLength(2);
    expect(benefits.getByText(/A Premium badge/)).toBeInTheDocument();
    expect(benefits.getByText(/after a platform fee of \$1\.00 per payment/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium Member' })).not.toBeInTheDocument();
  });

  test('Subscribe: both buttons wait while the checkout starts, then the browser goes to the checkout with the session stored', async () => {
    const redirect = watchRedirect();
    let sent: unknown;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/subscriptions/premium/checkout', async ({ request }) => {
        sent = await request.clone().json();
        await gate;
        return undefined;
      }),
    );
    const { user } = await openPremium();

    await user.click(screen.getByRole('button', { name: 'Subscribe yearly' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe monthly' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toBeDisabled();
    release();

    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(sent).toEqual({ package_type: 'yearly', origin_url: 'http://localhost/' });
    const session = paymentsDb.sessions.find((s) => s.userId === demoUser().user.id);
    expect(session?.packageName).toBe('Premium Yearly');
    expect(redirect).toHaveBeenCalledWith(`http://localhost/?session_id=${session?.id}&type=premium`);
    expect(JSON.parse(window.localStorage.getItem(PENDING_PAYMENT_KEY) ?? 'null')).toEqual({ session_id: session?.id, type: 'premium' });
  });

  test('a refused checkout: "Failed to process subscription: " and the server\'s detail; the buttons work again, nothing is stored', async () => {
    const redirect = watchRedirect();
    server.use(
      http.post('/api/subscriptions/premium/checkout', ({ response }) =>
        response(400).json(errorBody(400, 'PAYMENTS.BAD_ORIGIN_URL', 'origin_url must be an address of this site')),
      ),
    );
    const { user } = await openPremium();

    await user.click(screen.getByRole('button', { name: 'Subscribe monthly' }));
    expect(await screen.findByText('Failed to process subscription: origin_url must be an address of this site')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe monthly' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  test('a Premium member sees instead the Premium Member card with the expiry date', async () => {
    await openPremium((user) => {
      user.is_premium = true;
      user.premium_expires = '2030-06-01T00:00:00.000Z';
    });

    const card = within(screen.getByRole('region', { name: 'Premium Member' }));
    expect(card.getByRole('heading', { name: 'Premium Member' })).toBeInTheDocument();
    expect(card.getByText('Your Premium membership is active until 1 June 2030.')).toBeInTheDocument();
    expect(card.getByText('Premium')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium Monthly' })).not.toBeInTheDocument();
  });

  test('after Premium ran out, the options come back with the date it ended', async () => {
    await openPremium((user) => {
      user.is_premium = false;
      user.premium_expires = '2024-03-12T00:00:00.000Z';
    });

    expect(screen.getByText('Your Premium membership ended on 12 March 2024.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe monthly' })).toBeEnabled();
  });
});

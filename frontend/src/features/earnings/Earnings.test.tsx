import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { earningsDb } from '../../mocks/earningsDb';
import { moderationDb } from '../../mocks/moderationDb';
import { formatDate } from '../../shared/format';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { demoUser } from '../../test/accounts';
import { field } from '../../test/queries';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

/** Signed in as Ada, in Earnings (opened from the side navigation). */
async function openEarnings() {
  storeDemoUserToken();
  const app = await renderSection('earnings');
  await screen.findByRole('heading', { name: 'Earnings', level: 1 });
  return app;
}

const tile = (label: string) => within(screen.getByRole('group', { name: label }));
const payoutForm = () => within(screen.getByRole('form', { name: 'Payout request' }));
const requestButton = () => payoutForm().getByRole('button', { name: 'Request payout' });

/** Holds the payout request until `release()`, and keeps what was sent. */
function holdPayout() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const sent: unknown[] = [];
  server.use(
    http.post('/api/payout/request', async ({ request }) => {
      sent.push(await request.clone().json());
      await gate;
      return undefined;
    }),
  );
  return { release: () => release(), sent };
}

describe('Earnings (seed 001 §2 Creator earnings)', () => {
  test("shows the server's balances, this month's revenue and recent payouts with their status colours", async () => {
    await openEarnings();

    expect(await screen.findByRole('group', { name: 'Available balance' })).toBeInTheDocument();
    expect(tile('Available balance').getByText('$182.40')).toBeInTheDocument();
    expect(tile('Pending balance').getByText('$36.10')).toBeInTheDocument();
    expect(tile('In transit').getByText('$0.00')).toBeInTheDocument();
    expect(tile('Lifetime earnings').getByText('$368.50')).toBeInTheDocument();
    expect(tile('Total withdrawn').getByText('$150.00')).toBeInTheDocument();

    expect(payoutForm().getByText('Minimum payout: $50.00. Payouts take 3-5 business days.')).toBeInTheDocument();

    const revenue = within(screen.getByRole('table', { name: "This month's revenue" }));
    const revenueRows = revenue.getAllByRole('row').slice(1);
    expect(revenueRows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Ad revenue.*\$12\.12\$9\.92$/),
      expect.stringMatching(/^Super Chat.*\$3\.99\$1\.00$/),
      expect.stringMatching(/^Channel membership.*\$2\.09\$0\.90$/),
    ]);

    const payouts = within(screen.getByRole('table', { name: 'Recent payouts' }));
    const failed = payouts.getByText('Failed');
    expect(failed.closest('tr')).toHaveTextContent('$60.00');
    expect(failed.closest('tr')).toHaveTextContent('The wallet address was rejected');
    expect(failed.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
    const completed = payouts.getByText('Completed');
    expect(completed.closest('tr')).toHaveTextContent('$150.00');
    expect(completed.closest('tr')).toHaveTextContent('Bank transfer');
    expect(completed.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('green');
  });

  test('the request button stays disabled until an amount is entered; the amount is capped at the available balance', async () => {
    const { user } = await openEarnings();
    await screen.findByRole('group', { name: 'Available balance' });

    const amount = field(payoutForm(), 'Amount (USD)');
    expect(amount).toHaveAttribute('max', '182.4');
    expect(requestButton()).toBeDisabled();

    await user.type(amount, '60');
    expect(requestButton()).toBeEnabled();
    await user.clear(amount);
    expect(requestButton()).toBeDisabled();
  });

  test('below the minimum the server says no payout may be requested: the form is disabled and says why', async () => {
    earningsDb.balances[demoUser().user.id].availableCents = 4_999;
    await openEarnings();

    expect(await payoutForm().findByText('You can request a payout once your available balance reaches $50.00.')).toBeInTheDocument();
    expect(field(payoutForm(), 'Amount (USD)')).toBeDisabled();
    expect(requestButton()).toBeDisabled();
  });

  test('an active guideline strike holds payouts: the form says until when and is disabled', async () => {
    const createdAt = new Date(Date.now() - 86_400_000).toISOString();
    moderationDb.strikes.push({
      id: 'strike-ada',
      userId: demoUser().user.id,
      caseId: 'case-ada',
      reason: 'Spam',
      contentType: 'video',
      contentId: 'video-ada',
      contentTitle: null,
      removedWith: false,
      createdAt,
      overturned: false,
      appeal: null,
    });
    await openEarnings();

    const until = formatDate(new Date(new Date(createdAt).getTime() + 90 * 86_400_000).toISOString());
    expect(await payoutForm().findByText(new RegExp(`^Payouts are on hold while your channel has an active guideline strike \\(until ${until}\\)`))).toBeInTheDocument();
    expect(field(payoutForm(), 'Amount (USD)')).toBeDisabled();
    expect(requestButton()).toBeDisabled();
    // The balance stays where it is.
    expect(tile('Available balance').getByText('$182.40')).toBeInTheDocument();
  });

  test('a payout request is sent, the button is disabled while in flight, and the figures update', async () => {
    const { user } = await openEarnings();
    await screen.findByRole('group', { name: 'Available balance' });

    await user.type(field(payoutForm(), 'Amount (USD)'), '100');
    await user.selectOptions(payoutForm().getByRole('combobox', { name: 'Payment method' }), 'paypal');

    const { release, sent } = holdPayout();
    await user.click(requestButton());
    await waitFor(() => expect(requestButton()).toBeDisabled());
    expect(payoutForm().getByRole('combobox', { name: 'Payment method' })).toBeDisabled();
    release();

    expect(await screen.findByText('Payout request submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(tile('Available balance').getByText('$82.40')).toBeInTheDocument());
    expect(tile('In transit').getByText('$100.00')).toBeInTheDocument();
    const pending = within(screen.getByRole('table', { name: 'Recent payouts' })).getByText('Pending');
    expect(pending.closest('tr')).toHaveTextContent('$100.00');
    expect(pending.closest('tr')).toHaveTextContent('PayPal');
    expect(pending.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('yellow');
    expect(field(payoutForm(), 'Amount (USD)')).toHaveValue(null);
    expect(sent).toEqual([{ amount: '100', payment_method: 'paypal', bank_details: null }]);
  });

  test('a bank transfer sends checking account details in the US', async () => {
    const { release, sent } = holdPayout();
    release();
    const { user } = await openEarnings();
    await screen.findByRole('group', { name: 'Available balance' });

    await user.type(field(payoutForm(), 'Amount (USD)'), '75.50');
    await user.click(requestButton());

    expect(await screen.findByText('Payout request submitted successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ amount: '75.50', payment_method: 'bank_transfer', bank_details: { account_type: 'checking', country: 'US' } }]);
  });

  test("a refused request shows 'Payout request failed: ' and the server's detail", async () => {
    const { user } = await openEarnings();
    await screen.findByRole('group', { name: 'Available balance' });

    await user.type(field(payoutForm(), 'Amount (USD)'), '20');
    await user.click(requestButton());

    expect(await screen.findByText('Payout request failed: Minimum payout amount is $50.00')).toBeInTheDocument();
    expect(tile('Available balance').getByText('$182.40')).toBeInTheDocument();
    expect(requestButton()).toBeEnabled();
  });

  test("'Failed to load earnings data' when the figures cannot be read, and Try again loads them", async () => {
    server.use(
      http.get('/api/revenue/creator/{userId}', ({ response }) =>
        response(403).json(errorBody(403, 'MONEY.NOT_YOURS', 'You can only see your own earnings')),
      ),
    );
    const { user } = await openEarnings();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load earnings data');
    expect(screen.queryByRole('group', { name: 'Available balance' })).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Available balance' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load earnings data')).not.toBeInTheDocument();
  });
});

import { describe, expect, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { earningsDb } from '../../mocks/earningsDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

/** Signed in as Ada made an admin, in Updates (opened from the side navigation). */
async function openUpdates() {
  storeDemoUserToken((user) => {
    user.is_admin = true;
  });
  const app = await renderSection('updates');
  await screen.findByRole('heading', { name: 'Platform earnings', level: 1 });
  await screen.findByRole('group', { name: 'Available balance' });
  return app;
}

function withBankAccount() {
  earningsDb.platform.bank = { bankName: 'First Federal', accountHolder: 'Scriven Ltd', accountLast4: '6789', isVerified: true };
}

const tile = (label: string) => within(screen.getByRole('group', { name: label }));
const bankForm = () => within(screen.getByRole('form', { name: /bank account$/ }));
const withdrawal = () => within(screen.getByRole('form', { name: 'Withdrawal' }));
const withdrawButton = () => withdrawal().getByRole('button', { name: 'Withdraw' });

describe('Updates: platform owner earnings (seed 001 §2 Owner, §5, §8)', () => {
  test("the Owner page shows the server's cards and revenue sources; without a bank account there is no withdrawal", async () => {
    await openUpdates();

    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(tile('Available balance').getByText('$1,284.50')).toBeInTheDocument();
    expect(tile('This month').getByText('$318.20')).toBeInTheDocument();
    expect(tile('Total revenue').getByText('$1,996.80')).toBeInTheDocument();
    expect(tile('Total withdrawn').getByText('$500.00')).toBeInTheDocument();

    const sources = within(screen.getByRole('table', { name: 'Revenue sources' }));
    expect(sources.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Premium subscriptions$640.00',
      'Video ad revenue$912.30',
      'Channel membership fees$301.50',
      'Super Chat fees$143.00',
    ]);

    expect(screen.getByText(/No bank account yet/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Withdrawal' })).not.toBeInTheDocument();
  });

  test('the bank form needs all four fields before anything is sent', async () => {
    let calls = 0;
    server.use(
      http.post('/api/platform/bank-account', () => {
        calls += 1;
        return undefined;
      }),
    );
    const { user } = await openUpdates();

    await fill(user, field(bankForm(), 'Bank name'), 'First Federal');
    await user.click(bankForm().getByRole('button', { name: 'Save bank account' }));

    expect(bankForm().getByText('Account holder name is required')).toBeInTheDocument();
    expect(bankForm().getByText('Account number is required')).toBeInTheDocument();
    expect(bankForm().getByText('Routing number is required')).toBeInTheDocument();
    expect(bankForm().queryByText('Bank name is required')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test("a refused bank account shows 'Failed to add bank account: ' and the server's detail", async () => {
    const { user } = await openUpdates();

    await fill(user, field(bankForm(), 'Bank name'), 'First Federal');
    await fill(user, field(bankForm(), 'Account holder name'), 'Scriven Ltd');
    await fill(user, field(bankForm(), 'Account number'), '000123456789');
    await fill(user, field(bankForm(), 'Routing number'), '12345');
    await user.click(bankForm().getByRole('button', { name: 'Save bank account' }));

    expect(await screen.findByText('Failed to add bank account: Routing number must be 9 digits')).toBeInTheDocument();
    expect(field(bankForm(), 'Routing number')).toHaveValue('12345');
  });

  test('a saved bank account shows masked, and the withdrawal section appears', async () => {
    const { user } = await openUpdates();

    await fill(user, field(bankForm(), 'Bank name'), 'First Federal');
    await fill(user, field(bankForm(), 'Account holder name'), 'Scriven Ltd');
    await fill(user, field(bankForm(), 'Account number'), '000123456789');
    await fill(user, field(bankForm(), 'Routing number'), '021000021');
    await user.click(bankForm().getByRole('button', { name: 'Save bank account' }));

    expect(await screen.findByText('Bank account added successfully!')).toBeInTheDocument();
    const saved = within(await screen.findByRole('group', { name: 'Saved bank account' }));
    expect(saved.getByText('First Federal •••• 6789')).toBeInTheDocument();
    expect(saved.getByText('Scriven Ltd')).toBeInTheDocument();
    expect(screen.queryByText(/000123456789/)).not.toBeInTheDocument();
    expect(field(bankForm(), 'Account number')).toHaveValue('');
    expect(await screen.findByRole('form', { name: 'Withdrawal' })).toBeInTheDocument();
  });

  test('withdrawal rules: an amount is needed, capped at the balance, at least $100, and positive', async () => {
    withBankAccount();
    const { user } = await openUpdates();

    expect(within(screen.getByRole('group', { name: 'Saved bank account' })).getByText('First Federal •••• 6789')).toBeInTheDocument();
    const amount = field(withdrawal(), 'Withdrawal amount (USD)');
    expect(amount).toHaveAttribute('max', '1284.5');
    expect(withdrawButton()).toBeDisabled();

    await user.type(amount, '2000');
    await user.click(withdrawButton());
    expect(await screen.findByText('Invalid withdrawal amount')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(withdrawButton());
    await waitFor(() => expect(screen.getAllByText('Invalid withdrawal amount')).toHaveLength(2));

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(withdrawButton());
    expect(await screen.findByText('Minimum withdrawal amount is $100')).toBeInTheDocument();
    expect(tile('Available balance').getByText('$1,284.50')).toBeInTheDocument();
  });

  test('a withdrawal is sent with the button disabled in flight, and the balances update', async () => {
    withBankAccount();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: unknown[] = [];
    server.use(
      http.post('/api/platform/withdraw', async ({ request }) => {
        sent.push(await request.clone().json());
        await gate;
        return undefined;
      }),
    );
    const { user } = await openUpdates();

    await user.type(field(withdrawal(), 'Withdrawal amount (USD)'), '200');
    await user.click(withdrawButton());
    await waitFor(() => expect(withdrawButton()).toBeDisabled());
    act(() => release());

    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(tile('Available balance').getByText('$1,084.50')).toBeInTheDocument());
    expect(tile('Total withdrawn').getByText('$700.00')).toBeInTheDocument();
    expect(field(withdrawal(), 'Withdrawal amount (USD)')).toHaveValue(null);
    expect(sent).toEqual([{ amount: '200' }]);
  });

  test('when the server says no withdrawal may be made, the button stays disabled with an amount entered', async () => {
    withBankAccount();
    earningsDb.platform.availableCents = 9_999;
    const { user } = await openUpdates();

    expect(withdrawal().getByText('Withdrawals open once the available balance reaches $100.00.')).toBeInTheDocument();
    await user.type(field(withdrawal(), 'Withdrawal amount (USD)'), '99');
    expect(withdrawButton()).toBeDisabled();
  });

  test("a refused withdrawal shows 'Withdrawal failed: ' and the server's detail", async () => {
    withBankAccount();
    server.use(
      http.post('/api/platform/withdraw', ({ response }) =>
        response(409).json(errorBody(409, 'MONEY.NO_BANK_ACCOUNT', 'Add a bank account before withdrawing')),
      ),
    );
    const { user } = await openUpdates();

    await user.type(field(withdrawal(), 'Withdrawal amount (USD)'), '150');
    await user.click(withdrawButton());

    expect(await screen.findByText('Withdrawal failed: Add a bank account before withdrawing')).toBeInTheDocument();
  });

  test('the earnings calculator shows $5-$15 per 1,000 views for the views entered', async () => {
    const { user } = await openUpdates();

    const calculator = within(screen.getByRole('group', { name: 'Earnings calculator' }));
    expect(calculator.getByText(/\$5-\$15 per 1,000 views/)).toBeInTheDocument();
    expect(calculator.getByText('$500.00 - $1,500.00')).toBeInTheDocument();

    await user.clear(field(calculator, 'Views'));
    await user.type(field(calculator, 'Views'), '2500');
    expect(calculator.getByText('$12.50 - $37.50')).toBeInTheDocument();
    expect(calculator.getByText('$5.63 - $16.88')).toBeInTheDocument();
  });

  test('someone who is not an admin sees no Updates entry, and the section refuses them', async () => {
    storeDemoUserToken();
    const { store } = renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('button', { name: 'Updates' })).not.toBeInTheDocument();

    act(() => store.ui.setSection('updates'));
    expect(await screen.findByText('The Updates section is for administrators.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Available balance' })).not.toBeInTheDocument();
  });
});

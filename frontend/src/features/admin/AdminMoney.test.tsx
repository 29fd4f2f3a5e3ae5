import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { addApplication } from '../../mocks/earningsDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { TOKEN_KEYS } from '../../shared/storage';
import { demoUser } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';

/** The admin console, signed in with a stored admin token, on one of its tabs. */
async function openConsole(tab: 'payouts' | 'partners') {
  mockDb.adminTokens.set('stored-admin-token', 'admin');
  window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
  const app = renderApp({ route: `/admin?tab=${tab}` });
  await screen.findByText('Signed in as admin');
  return app;
}

const payoutsPanel = () => within(screen.getByRole('region', { name: 'Creator payouts' }));
const applicationsPanel = () => within(screen.getByRole('region', { name: 'Partner applications' }));

describe('admin console: tabs', () => {
  test('opens on Status; a tab shows its panel only, and the URL keeps it', async () => {
    mockDb.adminTokens.set('stored-admin-token', 'admin');
    window.localStorage.setItem(TOKEN_KEYS.admin, 'stored-admin-token');
    const { user } = renderApp({ route: '/admin' });
    await screen.findByText('Signed in as admin');
    expect(screen.getByRole('tab', { name: 'Status', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Creator payouts' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    expect(await payoutsPanel().findByRole('row', { name: 'Payout to mira' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=payouts');
  });
});

describe('admin console: creator payouts', () => {
  test('lists pending payouts; Complete marks one sent and it leaves the list', async () => {
    const { user } = await openConsole('payouts');

    const row = within(await payoutsPanel().findByRole('row', { name: 'Payout to mira' }));
    expect(row.getByText('$75.00')).toBeInTheDocument();
    expect(row.getByText('PayPal')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Payout to mira marked completed')).toBeInTheDocument();
    expect(payoutsPanel().queryByRole('row', { name: 'Payout to mira' })).not.toBeInTheDocument();
    expect(payoutsPanel().getByText('No payouts are waiting.')).toBeInTheDocument();
  });

  test('Fail asks for a reason, sends it, and the payout leaves the list', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/admin/payouts/{id}/fail', async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = await openConsole('payouts');

    const row = within(await payoutsPanel().findByRole('row', { name: 'Payout to mira' }));
    await user.click(row.getByRole('button', { name: 'Fail' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Mark payout as failed' }));
    expect(dialog.getByText("The $75.00 go back to mira's available balance.")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Mark failed' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'PayPal account closed');
    await user.click(dialog.getByRole('button', { name: 'Mark failed' }));

    expect(await screen.findByText("Payout to mira marked failed; the funds are back in their available balance")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payoutsPanel().queryByRole('row', { name: 'Payout to mira' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'PayPal account closed' }]);
  });

  test("a refused decision shows the server's detail and the payout stays", async () => {
    server.use(
      http.post('/api/admin/payouts/{id}/complete', ({ response }) =>
        response(409).json(errorBody(409, 'MONEY.PAYOUT_DECIDED', 'This payout has already been completed or failed')),
      ),
    );
    const { user } = await openConsole('payouts');

    const row = within(await payoutsPanel().findByRole('row', { name: 'Payout to mira' }));
    await user.click(row.getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Failed to complete payout: This payout has already been completed or failed')).toBeInTheDocument();
    expect(payoutsPanel().getByRole('row', { name: 'Payout to mira' })).toBeInTheDocument();
  });
});

describe('admin console: partner applications', () => {
  test('Approve makes the creator a partner: the application moves from Pending to Approved', async () => {
    const { user } = await openConsole('partners');

    const row = within(await applicationsPanel().findByRole('row', { name: 'Application of mira' }));
    expect(row.getByText('1,080')).toBeInTheDocument();
    expect(row.getByText('4,025')).toBeInTheDocument();
    expect(row.getByText('Confirmed original content')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('mira is now a partner')).toBeInTheDocument();
    expect(await applicationsPanel().findByText('No applications here.')).toBeInTheDocument();

    await user.click(applicationsPanel().getByRole('radio', { name: 'Approved' }));
    const approved = within(await applicationsPanel().findByRole('row', { name: 'Application of mira' }));
    expect(approved.getByText('approved')).toBeInTheDocument();
    expect(approved.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(approved.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  test('Reject asks for a reason, which then shows with the rejected application', async () => {
    const { user } = await openConsole('partners');

    const row = within(await applicationsPanel().findByRole('row', { name: 'Application of mira' }));
    await user.click(row.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Reused clips');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText("mira's application was rejected")).toBeInTheDocument();
    await user.click(applicationsPanel().getByRole('radio', { name: 'Rejected' }));
    const rejected = within(await applicationsPanel().findByRole('row', { name: 'Application of mira' }));
    expect(rejected.getByText('Reason: Reused clips')).toBeInTheDocument();
    expect(rejected.queryByRole('button')).not.toBeInTheDocument();
  });

  test('Suspend takes an approved partner out of the program, with a reason', async () => {
    addApplication({
      userId: demoUser().user.id,
      status: 'approved',
      originalContent: true,
      followers: 1_240,
      watchHours: 4_310,
      submittedAt: '2025-02-01T10:00:00.000Z',
      decidedAt: '2025-02-10T10:00:00.000Z',
      reason: null,
    });
    const { user } = await openConsole('partners');
    await applicationsPanel().findByRole('row', { name: 'Application of mira' });

    await user.click(applicationsPanel().getByRole('radio', { name: 'Approved' }));
    const row = within(await applicationsPanel().findByRole('row', { name: 'Application of ada' }));
    await user.click(row.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend partner' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Repeated policy violations');
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('ada is suspended from the partner program')).toBeInTheDocument();
    await waitFor(() => expect(applicationsPanel().queryByRole('row', { name: 'Application of ada' })).not.toBeInTheDocument());
    expect(demoUser().user.creator_program).toBe(false);
  });
});

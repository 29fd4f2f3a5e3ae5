import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { addApplication, earningsDb, type MockPartnerApplication } from '../../mocks/earningsDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { demoUser } from '../../test/accounts';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const adaId = () => demoUser().user.id;

/** Ada outside the creator program, with an application in `status` (or none). */
function adaWith(status: MockPartnerApplication['status'] | null, fields: Partial<MockPartnerApplication> = {}) {
  demoUser().user.creator_program = status === 'approved';
  if (!status) return;
  addApplication({
    userId: adaId(),
    status,
    originalContent: true,
    followers: 1_240,
    watchHours: 4_310.5,
    submittedAt: '2025-03-01T10:00:00.000Z',
    decidedAt: status === 'pending' ? null : '2025-03-20T10:00:00.000Z',
    reason: null,
    ...fields,
  });
}

/** Signed in as Ada, in the partner program page (opened from the side navigation). */
async function openPartnerProgram() {
  storeDemoUserToken();
  const app = await renderSection('monetization');
  await screen.findByRole('heading', { name: 'Partner program', level: 1 });
  return app;
}

const badge = () => screen.findByLabelText(/^Status: /);
const requirement = (name: RegExp) => screen.getByRole('listitem', { name });

describe('Partner program (seed 001 §2, §4, §5)', () => {
  test('a creator in the program is Monetizing: requirements with progress, channel tiles, estimates; no apply button', async () => {
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Monetizing');
    expect(screen.getByText(/you can turn on monetization for your uploads/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /apply/i })).not.toBeInTheDocument();

    expect(screen.getByText('3 of 4 requirements met')).toBeInTheDocument();
    expect(requirement(/^1,000 subscribers: met$/)).toHaveTextContent('1,240 of 1,000');
    expect(screen.getByRole('progressbar', { name: '1,000 subscribers progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(requirement(/^4,000 watch hours in the past 12 months: met$/)).toHaveTextContent('4,310.5 of 4,000');
    expect(requirement(/^No active Community Guidelines strikes: met$/)).toBeInTheDocument();
    expect(requirement(/^Original content: not met$/)).toHaveTextContent('You confirm this when you apply.');

    expect(within(screen.getByRole('group', { name: 'Total views' })).getByText('18,420')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Subscribers' })).getByText('1,240')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Videos' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Average view duration' })).getByText('4:05')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Earned this month' })).getByText('$18.20')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Your ad revenue share' })).getByText('55%')).toBeInTheDocument();

    expect(screen.getByText(/An estimate range, not earnings: ads earn about \$5-\$15 per 1,000 views, of which you receive 55%/)).toBeInTheDocument();
    const potential = within(screen.getByRole('table', { name: 'Revenue potential (estimates)' }));
    const row = potential.getByRole('cell', { name: '100,000' }).closest('tr');
    expect(row).toHaveTextContent('$500.00 - $1,500.00');
    expect(row).toHaveTextContent('$275.00 - $825.00');
  });

  test('pending: Under Review, up to 30 days, with no way to apply again', async () => {
    adaWith('pending');
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Under Review');
    expect(screen.getByText('Your application is under review. This takes up to 30 days.')).toBeInTheDocument();
    expect(screen.getByText('Applied on 1 March 2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /apply/i })).not.toBeInTheDocument();
  });

  test('rejected and eligible: Not Approved, with the reason and an enabled Reapply', async () => {
    adaWith('rejected', { reason: 'Reused clips from other channels' });
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Not Approved');
    expect(screen.getByText('Reason: Reused clips from other channels')).toBeInTheDocument();
    expect(screen.getByText(/You meet the requirements, so you may reapply/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reapply' })).toBeEnabled();
  });

  test('rejected and no longer eligible: Reapply is disabled', async () => {
    adaWith('rejected');
    earningsDb.stats[adaId()].watchHours = 3_100;
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Not Approved');
    expect(screen.getByRole('button', { name: 'Reapply' })).toBeDisabled();
    expect(requirement(/^4,000 watch hours in the past 12 months: not met$/)).toHaveTextContent('3,100 of 4,000');
    expect(screen.getByRole('progressbar', { name: '4,000 watch hours in the past 12 months progress' })).toHaveAttribute(
      'aria-valuenow',
      '77',
    );
  });

  test('suspended: the Suspended badge, and no apply button', async () => {
    adaWith('suspended', { reason: 'Repeated policy violations' });
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Suspended');
    expect(screen.getByText('Reason: Repeated policy violations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /apply/i })).not.toBeInTheDocument();
  });

  test('not applied and not eligible: Not Applied, and Apply is disabled', async () => {
    adaWith(null);
    earningsDb.stats[adaId()].followers = 200;
    await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Not Applied');
    expect(screen.getByText('Meet the requirements below to apply.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply to the partner program' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: '1,000 subscribers progress' })).toHaveAttribute('aria-valuenow', '20');
  });

  test('applying sends the original-content confirmation, says the review takes 30 days, and shows Under Review', async () => {
    adaWith(null);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/creator/partner-program/apply', async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = await openPartnerProgram();

    expect(await badge()).toHaveTextContent('Not Applied');
    expect(screen.getByText('You meet the requirements: you can apply now.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'My content is original' }));
    await user.click(screen.getByRole('button', { name: 'Apply to the partner program' }));

    expect(await screen.findByText('Application submitted! We review applications within 30 days.')).toBeInTheDocument();
    await waitFor(async () => expect(await badge()).toHaveTextContent('Under Review'));
    expect(screen.queryByRole('button', { name: /apply/i })).not.toBeInTheDocument();
    expect(sent).toEqual([{ original_content: true }]);
  });

  test("a refused application shows 'Failed to apply: ' and the server's detail", async () => {
    adaWith(null);
    const { user } = await openPartnerProgram();

    await user.click(await screen.findByRole('button', { name: 'Apply to the partner program' }));

    expect(await screen.findByText('Failed to apply: Confirm that your content is original')).toBeInTheDocument();
    expect(await badge()).toHaveTextContent('Not Applied');
    expect(screen.getByRole('button', { name: 'Apply to the partner program' })).toBeEnabled();
  });

  test("'Failed to load monetization data' when the status cannot be read", async () => {
    server.use(
      http.get('/api/creator/partner-program-status', ({ response }) =>
        response(401).json(errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.')),
      ),
    );
    await openPartnerProgram();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load monetization data');
    expect(screen.queryByLabelText(/^Status: /)).not.toBeInTheDocument();
  });
});

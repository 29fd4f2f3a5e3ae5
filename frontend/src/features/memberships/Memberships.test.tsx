import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { paymentsDb, paymentsId, type MockTier } from '../../mocks/paymentsDb';
import { server } from '../../mocks/server';
import { demoUser } from '../../test/accounts';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { PENDING_PAYMENT_KEY } from '../payments/messages';
import { browserNavigation } from '../payments/redirect';
import { extendMembership } from './mocks';

const DAY_MS = 86_400_000;

/** Signed in, on the Memberships page opened from the side navigation. */
async function openMemberships() {
  storeDemoUserToken();
  const app = await renderSection('memberships');
  await screen.findByRole('heading', { name: 'Memberships', level: 1 });
  return app;
}

const sampleTier = (channel: string, tier: string): MockTier => {
  const accountId = paymentsDb.sampleChannels.find((c) => c.name === channel)?.accountId;
  const found = paymentsDb.tiers.find((t) => t.accountId === accountId && t.name === tier);
  if (!found) throw new Error(`The mock data has no ${channel} ${tier} tier`);
  return found;
};

/** Gives the demo user's active channel a tier, as if they had added it before. */
function adaOffers(name: string, priceCents: number): MockTier {
  const tier: MockTier = {
    id: paymentsId('tier'),
    accountId: demoUser().user.active_account_id ?? '',
    name,
    description: 'Notes before anyone else.',
    priceCents,
    active: true,
    created_at: new Date().toISOString(),
  };
  paymentsDb.tiers.push(tier);
  return tier;
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('Memberships (seed 001 §2)', () => {
  test('the sample channels with their tiers at their prices per month, and Join for each', async () => {
    await openMemberships();

    const channels = within(screen.getByRole('region', { name: 'Channels' }));
    await channels.findByRole('article', { name: 'Tech Guru' });
    expect(channels.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual([
      'Gaming Stream',
      'Music Creator',
      'Tech Guru',
    ]);
    const guru = await card('Tech Guru');
    expect(guru.getByText('@techguru · 0 members')).toBeInTheDocument();
    const tiers = within(guru.getByRole('list', { name: 'Tiers of Tech Guru' }));
    expect(tiers.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Basic', 'VIP']);
    expect(within(tiers.getByRole('listitem', { name: 'Basic' })).getByText('$2.99/month')).toBeInTheDocument();
    expect(within(tiers.getByRole('listitem', { name: 'VIP' })).getByText('$6.99/month')).toBeInTheDocument();
    expect(guru.getByRole('button', { name: 'Join Basic' })).toBeEnabled();
    expect(guru.getByRole('button', { name: 'Join VIP' })).toBeEnabled();
    expect((await card('Music Creator')).getByText('$1.99/month')).toBeInTheDocument();
    expect((await card('Gaming Stream')).getByText('$4.99/month')).toBeInTheDocument();
  });

  test('Join: the checkout for that tier, the session and its type stored, and the browser sent to the checkout', async () => {
    const redirect = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    let sent: unknown;
    server.use(
      http.post('/api/subscriptions/channel/{channelId}/checkout', async ({ request }) => {
        sent = await request.clone().json();
        return undefined;
      }),
    );
    const { user } = await openMemberships();

    const guru = await card('Tech Guru');
    await user.click(guru.getByRole('button', { name: 'Join VIP' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(sent).toEqual({ package_type: 'VIP', origin_url: 'http://localhost/' });
    const session = paymentsDb.sessions.find((s) => s.userId === demoUser().user.id);
    expect(session?.packageName).toBe('Tech Guru: VIP');
    expect(redirect).toHaveBeenCalledWith(`http://localhost/?session_id=${session?.id}&type=membership`);
    expect(JSON.parse(window.localStorage.getItem(PENDING_PAYMENT_KEY) ?? 'null')).toEqual({ session_id: session?.id, type: 'membership' });
    // Every Join waits while the browser leaves.
    expect((await card('Music Creator')).getByRole('button', { name: 'Join Music Lover' })).toBeDisabled();
  });

  test('a refused Join: "Failed to process membership: " and the server\'s detail', async () => {
    const redirect = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(
      http.post('/api/subscriptions/channel/{channelId}/checkout', ({ response }) =>
        response(400).json(errorBody(400, 'MONEY.BAD_TIER', "Choose one of the channel's membership tiers")),
      ),
    );
    const { user } = await openMemberships();

    await user.click((await card('Gaming Stream')).getByRole('button', { name: 'Join Gamer' }));
    expect(await screen.findByText("Failed to process membership: Choose one of the channel's membership tiers")).toBeInTheDocument();
    expect((await card('Gaming Stream')).getByRole('button', { name: 'Join Gamer' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
  });

  test('a member sees their tier with its expiry, Renew for it and Switch for the others; a lapsed one sees when it ended', async () => {
    extendMembership(sampleTier('Tech Guru', 'Basic'), demoUser().user.id);
    paymentsDb.memberships.push({
      accountId: sampleTier('Music Creator', 'Music Lover').accountId,
      userId: demoUser().user.id,
      tierId: sampleTier('Music Creator', 'Music Lover').id,
      started_at: '2024-01-01T00:00:00.000Z',
      expires_at: '2024-01-31T00:00:00.000Z',
    });
    await openMemberships();

    const guru = await card('Tech Guru');
    expect(guru.getByText('You are a member')).toBeInTheDocument();
    const expiry = new Date(Date.now() + 30 * DAY_MS).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    expect(guru.getByText(`Basic, active until ${expiry}. Renewing adds 30 days.`)).toBeInTheDocument();
    expect(guru.getByText('@techguru · 1 member')).toBeInTheDocument();
    expect(guru.getByRole('button', { name: 'Renew Basic' })).toBeInTheDocument();
    expect(guru.getByRole('button', { name: 'Switch to VIP' })).toBeInTheDocument();
    expect(guru.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();

    const music = await card('Music Creator');
    expect(music.getByText('Your membership ended')).toBeInTheDocument();
    expect(music.getByText('Music Lover, ended on 31 January 2024.')).toBeInTheDocument();
    expect(music.getByRole('button', { name: 'Join Music Lover' })).toBeInTheDocument();
  });

  test('no channel with tiers of your own: your active channel offers a first tier; the server\'s refusal shows in the form, then the tier is added', async () => {
    const { user } = await openMemberships();

    const start = within(await screen.findByRole('region', { name: 'Memberships for ada' }));
    expect(start.getByText('Your active channel has no membership tiers.', { exact: false })).toBeInTheDocument();
    await user.click(start.getByRole('button', { name: 'Add tier' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Add a membership tier to ada' }));
    await fill(user, field(dialog, 'Tier name'), 'Supporter');
    await user.type(field(dialog, 'Price per month (USD)'), '0.50');
    await fill(user, dialog.getByLabelText('Description'), 'Notes before anyone else.');
    await user.click(dialog.getByRole('button', { name: 'Add tier' }));

    expect(await dialog.findByText('Price must be between $0.99 and $499.99 a month')).toBeInTheDocument();
    const price = field(dialog, 'Price per month (USD)');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('Price must be between $0.99 and $499.99 a month'));
    expect(field(dialog, 'Tier name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(paymentsDb.tiers.some((tier) => tier.name === 'Supporter')).toBe(false);

    await user.clear(field(dialog, 'Price per month (USD)'));
    await user.type(field(dialog, 'Price per month (USD)'), '3.50');
    await user.click(dialog.getByRole('button', { name: 'Add tier' }));

    expect(await screen.findByText('Tier Supporter added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a membership tier to ada' })).not.toBeInTheDocument());
    const mine = within(screen.getByRole('region', { name: 'Your channels' }));
    const ada = within(await mine.findByRole('article', { name: 'ada' }));
    expect(ada.getByText('Your channel')).toBeInTheDocument();
    expect(within(ada.getByRole('listitem', { name: 'Supporter' })).getByText('$3.50/month')).toBeInTheDocument();
    expect(ada.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Memberships for ada' })).not.toBeInTheDocument();
    expect(paymentsDb.tiers.find((tier) => tier.name === 'Supporter')?.priceCents).toBe(350);
  });

  test('an owner: Add tier shows the server\'s conflict; Members lists who joined; Retire takes the tier off', async () => {
    const supporter = adaOffers('Supporter', 350);
    const mira = [...mockDb.users.values()].find((entry) => entry.user.display_name === 'mira');
    if (!mira) throw new Error('The mock data has no mira');
    extendMembership(supporter, mira.user.id);
    const { user } = await openMemberships();

    const ada = within(await screen.findByRole('article', { name: 'ada' }));
    expect(ada.getByText('@ada · 1 member')).toBeInTheDocument();
    expect(ada.queryByRole('button', { name: 'Join Supporter' })).not.toBeInTheDocument();

    await user.click(ada.getByRole('button', { name: 'Add tier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a membership tier to ada' }));
    await fill(user, field(dialog, 'Tier name'), 'supporter');
    await user.type(field(dialog, 'Price per month (USD)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Add tier' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This channel already has a tier with that name');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(ada.getByRole('button', { name: 'Members' }));
    const members = within(await screen.findByRole('dialog', { name: 'Members of ada' }));
    const table = within(await members.findByRole('table', { name: 'Members' }));
    const row = within(table.getAllByRole('row')[1]);
    expect(row.getByText('mira')).toBeInTheDocument();
    expect(row.getByText('Supporter')).toBeInTheDocument();
    expect(row.getByText('$3.50/month')).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(ada.getByRole('button', { name: 'Retire Supporter' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Retire tier' }));
    expect(confirm.getByText('Retire Supporter?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Retire tier' }));

    expect(await screen.findByText('Tier Supporter retired')).toBeInTheDocument();
    expect(supporter.active).toBe(false);
    // Its only tier gone, the channel offers no memberships: the first-tier card is back.
    expect(await screen.findByRole('region', { name: 'Memberships for ada' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'ada' })).not.toBeInTheDocument();
  });

  test('no channel offers memberships: the page says so, and still offers your channel a first tier', async () => {
    paymentsDb.tiers = [];
    await openMemberships();

    expect(await screen.findByText('No channel offers memberships yet.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Memberships for ada' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('a failed load: "Failed to load memberships" and Try again', async () => {
    let fail = true;
    server.use(
      http.get('/api/memberships/channels', ({ response }) =>
        fail ? response.untyped(new Response('Bad gateway', { status: 502 })) : undefined,
      ),
    );
    const { user } = await openMemberships();

    expect(await screen.findAllByText('Failed to load memberships')).not.toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Tech Guru' })).toBeInTheDocument();
  });
});

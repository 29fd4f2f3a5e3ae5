import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { RootStore } from '../../stores/RootStore';
import { renderApp, renderSection } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';
import { formatDollars } from '../../shared/format';
import { AdsStore, summarize, toCampaign } from './AdsStore';
import { SAMPLE_CAMPAIGNS, SAMPLE_REVENUE_PER_CONVERSION, type SampleCampaign } from './sampleCampaigns';
import { ADS_MESSAGES } from './messages';
import { formatShortDate } from './format';

/** The sample's totals worked out here, independently of the store. */
function expectedTotals(samples: readonly SampleCampaign[] = SAMPLE_CAMPAIGNS) {
  let budgetCents = 0;
  let spentCents = 0;
  let impressions = 0;
  let clicks = 0;
  let conversions = 0;
  for (const c of samples) {
    budgetCents += Math.round(c.budget * 100);
    spentCents += Math.round(c.spent * 100);
    impressions += c.impressions;
    clicks += c.clicks;
    conversions += c.conversions;
  }
  return { budget: budgetCents / 100, spent: spentCents / 100, impressions, clicks, conversions, ctr: (clicks / impressions) * 100 };
}

const n = (value: number) => value.toLocaleString('en-US');

function openAds(route = '/ads', { signedIn = true } = {}) {
  if (signedIn) storeDemoUserToken();
  return renderApp({ route, store: new RootStore() });
}

describe('Ads Manager section', () => {
  test('the three tabs of seed 002 §2.13; the tab is in the URL; the sample notice is on every tab', async () => {
    const { user } = openAds('/ads?tab=campaigns');
    expect(await screen.findByRole('heading', { name: 'Ads Manager', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Campaigns', 'Analytics']);
    expect(screen.getByRole('tab', { name: 'Campaigns', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Ad campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Sample data' })).toHaveTextContent(ADS_MESSAGES.sampleNotice);

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ads?tab=analytics');
    expect(screen.getByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Spend vs budget' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Sample data' })).toHaveTextContent('Scriven does not run ad campaigns yet');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ads?tab=overview');
    expect(screen.getByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Sample data' })).toBeInTheDocument();
  });

  test('an unknown ?tab= opens Overview', async () => {
    openAds('/ads?tab=billing');
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
  });

  test('signed in: Ads Manager is in the Creator Studio group and opens the section', async () => {
    const { user } = openAds('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    const studio = within(nav.getByRole('group', { name: 'Creator Studio' }));
    expect(studio.getAllByRole('button').map((b) => b.textContent)).toContain('Ads Manager');
    await user.click(studio.getByRole('button', { name: 'Ads Manager' }));
    expect(await screen.findByRole('heading', { name: 'Ads Manager', level: 1 })).toBeInTheDocument();
    expect(studio.getByRole('button', { name: 'Ads Manager' })).toHaveAttribute('aria-current', 'page');
  });

  test('visitors: no Ads Manager in the navigation', async () => {
    openAds('/', { signedIn: false });
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    expect(nav.getByRole('button', { name: 'Home' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Ads Manager' })).not.toBeInTheDocument();
  });

  test('a visitor opening /ads?tab=analytics is sent to sign in, returning there', async () => {
    openAds('/ads?tab=analytics', { signedIn: false });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/ads?tab=analytics')}`);
    expect(screen.queryByRole('heading', { name: 'Ads Manager' })).not.toBeInTheDocument();
  });
});

describe('Overview', () => {
  test("the summary cards are the campaigns' totals, and revenue is labelled as sample", async () => {
    storeDemoUserToken();
    await renderSection('ads', { tab: 'overview' });
    const totals = expectedTotals();
    const card = (label: string) => within(screen.getByRole('group', { name: label }));

    expect(card('Total budget').getByTestId('summary-Total budget')).toHaveTextContent(formatDollars(totals.budget));
    expect(card('Total budget').getByText(`${SAMPLE_CAMPAIGNS.length} campaigns, ${SAMPLE_CAMPAIGNS.filter((c) => c.status === 'Active').length} active`)).toBeInTheDocument();
    expect(card('Total spent').getByTestId('summary-Total spent')).toHaveTextContent(formatDollars(totals.spent));
    expect(card('Impressions').getByTestId('summary-Impressions')).toHaveTextContent(n(totals.impressions));
    expect(card('Clicks').getByTestId('summary-Clicks')).toHaveTextContent(n(totals.clicks));
    expect(card('Average CTR').getByTestId('summary-Average CTR')).toHaveTextContent(`${totals.ctr.toFixed(2)}%`);
    expect(card('Conversions').getByTestId('summary-Conversions')).toHaveTextContent(n(totals.conversions));

    const revenue = card('Revenue generated');
    expect(revenue.getByTestId('summary-Revenue generated')).toHaveTextContent(formatDollars(totals.conversions * SAMPLE_REVENUE_PER_CONVERSION));
    expect(revenue.getByText('Sample')).toBeInTheDocument();
    expect(revenue.getByText(/Not the platform's ad revenue/)).toBeInTheDocument();
  });

  test('top campaigns are the three with the most conversions, with their status', async () => {
    storeDemoUserToken();
    await renderSection('ads', { tab: 'overview' });
    const top = within(screen.getByRole('region', { name: 'Top campaigns' }));
    const expected = [...SAMPLE_CAMPAIGNS].sort((a, b) => b.conversions - a.conversions).slice(0, 3);
    const rows = top.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(expected.map((c) => c.name));
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(expected.map((c) => c.status));
  });
});

describe('Campaigns', () => {
  test('every campaign with its figures; Active badges are green, Paused grey, and nothing offers to change them', async () => {
    storeDemoUserToken();
    await renderSection('ads', { tab: 'campaigns' });
    const table = within(screen.getByRole('table', { name: 'Ad campaigns' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SAMPLE_CAMPAIGNS.length);

    for (const sample of SAMPLE_CAMPAIGNS) {
      const row = rows.find((r) => within(r).queryByText(sample.name));
      expect(row).toBeDefined();
      const cells = within(row!).getAllByRole('cell');
      const badge = within(cells[1]!).getByText(sample.status);
      const colour = badge.closest('.mantine-Badge-root')!.getAttribute('style') ?? '';
      expect(colour).toContain(sample.status === 'Active' ? 'green' : 'gray');
      expect(cells[2]).toHaveTextContent(formatDollars(sample.budget));
      expect(cells[3]).toHaveTextContent(formatDollars(sample.spent));
      expect(cells[6]).toHaveTextContent(`${((sample.clicks / sample.impressions) * 100).toFixed(2)}%`);
      expect(cells[7]).toHaveTextContent(formatDollars(sample.spent / sample.clicks));
      expect(cells[9]).toHaveTextContent(`${formatShortDate(sample.startDate)} – ${formatShortDate(sample.endDate)}`);
      // Display only: no switch, checkbox or button in a campaign's row.
      expect(within(row!).queryAllByRole('button')).toHaveLength(0);
      expect(within(row!).queryAllByRole('switch')).toHaveLength(0);
      expect(within(row!).queryAllByRole('checkbox')).toHaveLength(0);
    }
    expect(screen.getByText(ADS_MESSAGES.statusDisplayOnly)).toBeInTheDocument();
  });

  test('a column heading sorts the table, and again the other way', async () => {
    storeDemoUserToken();
    const { user } = await renderSection('ads', { tab: 'campaigns' });
    const table = within(screen.getByRole('table', { name: 'Ad campaigns' }));
    const names = () => table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    const byClicks = [...SAMPLE_CAMPAIGNS].sort((a, b) => b.clicks - a.clicks).map((c) => c.name);

    await user.click(table.getByRole('button', { name: 'Clicks' }));
    expect(names()).toEqual(byClicks);
    expect(table.getByRole('columnheader', { name: 'Clicks' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(table.getByRole('button', { name: 'Clicks' }));
    expect(names()).toEqual([...byClicks].reverse());
    expect(table.getByRole('columnheader', { name: 'Clicks' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(table.getByRole('button', { name: 'Campaign' }));
    expect(names()).toEqual(SAMPLE_CAMPAIGNS.map((c) => c.name).sort((a, b) => a.localeCompare(b)));
    expect(table.getByRole('columnheader', { name: 'Clicks' })).toHaveAttribute('aria-sort', 'none');
  });
});

describe('Analytics', () => {
  test('spend vs budget and CTR per campaign, and the funnel of the totals', async () => {
    storeDemoUserToken();
    await renderSection('ads', { tab: 'analytics' });
    const totals = expectedTotals();
    const spend = within(screen.getByRole('list', { name: 'Spend vs budget' }));
    expect(spend.getAllByRole('listitem')).toHaveLength(SAMPLE_CAMPAIGNS.length);
    const first = SAMPLE_CAMPAIGNS[0]!;
    expect(spend.getByRole('listitem', { name: `${first.name}: ${formatDollars(first.spent)} of ${formatDollars(first.budget)}` })).toBeInTheDocument();

    const ctr = within(screen.getByRole('list', { name: 'CTR per campaign' }));
    expect(ctr.getByRole('listitem', { name: `${first.name}: ${((first.clicks / first.impressions) * 100).toFixed(2)}%` })).toBeInTheDocument();

    const funnel = within(screen.getByRole('list', { name: 'Funnel stages' }));
    expect(funnel.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Impressions: ${n(totals.impressions)}`,
      `Clicks: ${n(totals.clicks)} (${totals.ctr.toFixed(2)}% of impressions)`,
      `Conversions: ${n(totals.conversions)} (${((totals.conversions / totals.clicks) * 100).toFixed(2)}% of clicks)`,
    ]);
  });
});

describe('AdsStore', () => {
  test('the summary follows the campaigns: another sample gives other totals', () => {
    const samples: SampleCampaign[] = [
      { ...SAMPLE_CAMPAIGNS[0]!, id: 'a', budget: 100.1, spent: 50.2, impressions: 1_000, clicks: 30, conversions: 3 },
      { ...SAMPLE_CAMPAIGNS[1]!, id: 'b', budget: 200.2, spent: 0.1, impressions: 3_000, clicks: 10, conversions: 1 },
    ];
    const store = new AdsStore(new RootStore(), samples);
    expect(store.summary).toEqual({
      total_budget: 300.3,
      total_spent: 50.3,
      total_impressions: 4_000,
      total_clicks: 40,
      average_ctr: 1,
      total_conversions: 4,
      revenue_generated: 4 * SAMPLE_REVENUE_PER_CONVERSION,
    });
    // Average CTR is all clicks over all impressions, not the mean of the campaigns' CTRs (3% and 0.33%).
    expect(store.campaigns.map((c) => c.ctr)).toEqual([3, (10 / 3_000) * 100]);
  });

  test('no campaign: zeros, not NaN', () => {
    expect(summarize([])).toEqual({
      total_budget: 0,
      total_spent: 0,
      total_impressions: 0,
      total_clicks: 0,
      average_ctr: 0,
      total_conversions: 0,
      revenue_generated: 0,
    });
    expect(toCampaign({ ...SAMPLE_CAMPAIGNS[0]!, impressions: 0, clicks: 0 })).toMatchObject({ ctr: 0, cost_per_click: 0 });
  });

  test('the sample is 6–8 campaigns, Active or Paused, spending within budget over valid dates', () => {
    expect(SAMPLE_CAMPAIGNS.length).toBeGreaterThanOrEqual(6);
    expect(SAMPLE_CAMPAIGNS.length).toBeLessThanOrEqual(8);
    for (const c of SAMPLE_CAMPAIGNS) {
      expect(['Active', 'Paused']).toContain(c.status);
      expect(c.spent).toBeLessThanOrEqual(c.budget);
      expect(c.clicks).toBeLessThanOrEqual(c.impressions);
      expect(c.conversions).toBeLessThanOrEqual(c.clicks);
      expect(c.startDate < c.endDate).toBe(true);
    }
  });
});

describe('formatShortDate', () => {
  test('a calendar date reads the same day whatever the time zone', () => {
    expect(formatShortDate('2026-08-20')).toBe('20 Aug 2026');
    expect(formatShortDate('not a date')).toBe('not a date');
  });
});

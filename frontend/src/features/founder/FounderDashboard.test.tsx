import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { errorBody } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { founderMock, mockRevenue } from './mocks';
import { loadDashboardCode, openDashboard, useFounderMock } from './testing';

beforeAll(loadDashboardCode, 30_000);

beforeEach(() => {
  useFounderMock();
});

// By label, not by role: the dashboard is a big page, and role queries compute every element's name.
const figure = (label: string) => within(screen.getByLabelText(label, { selector: '[role=group]' }));
const table = (label: string) => screen.getByLabelText(label, { selector: 'table' });
const rows = (label: string) =>
  [...table(label).querySelectorAll('tbody tr')].map((row) => row.textContent);

function withBankAccount() {
  founderMock.bank = { bank_name: 'First Federal', account_holder_name: 'Scriven Ltd', account_number_masked: '•••• 6789', account_type: 'checking', currency: 'USD' };
}

describe('Founder dashboard: Analytics (seed 001 §2)', () => {
  test('shows the server’s figures, and "Not measured" / "No data yet" where the server has none', async () => {
    await openDashboard();

    expect(figure('Total users').getByText('573')).toBeInTheDocument();
    expect(figure('Total videos').getByText('903')).toBeInTheDocument();
    expect(figure('Total music').getByText('Not measured')).toBeInTheDocument();
    expect(figure('Net profit').getByText('$498.30')).toBeInTheDocument();
    expect(figure('Total revenue').getByText('$1,107.34')).toBeInTheDocument();
    expect(figure('Creator payouts').getByText('$609.04')).toBeInTheDocument();
    expect(figure('Revenue per user').getByText('$1.93')).toBeInTheDocument();
    expect(figure('User growth rate').getByText('25%')).toBeInTheDocument();
    expect(figure('Engagement rate').getByText('No data yet')).toBeInTheDocument();
    expect(figure('Server status').getByText('healthy')).toBeInTheDocument();
    expect(figure('Uptime').getByText('3d 4h 12m')).toBeInTheDocument();
    expect(figure('Storage usage').getByText('42.5%')).toBeInTheDocument();
    expect(figure('CDN performance').getByText('Not measured: no CDN configured')).toBeInTheDocument();

    // The chart's text alternative, and the table of every month (views not measured in the first two).
    expect(screen.getByLabelText(/^Monthly trend from .*: 573 new users and 903 new videos in all/, { selector: '[role=img]' })).toBeInTheDocument();
    const trend = rows('Monthly trend');
    expect(trend).toHaveLength(12);
    expect(trend[0]).toMatch(/1230Not measured\$0\.00$/);
    expect(trend[11]).toMatch(/10513413,400\$221\.76$/);
  });
});

describe('Founder dashboard: Revenue', () => {
  test('shows totals, this month against last, the projection, sources and every month', async () => {
    await openDashboard('revenue');

    await screen.findByLabelText('Revenue sources', { selector: 'table' });
    expect(figure('Monthly revenue').getByText('$221.76')).toBeInTheDocument();
    expect(figure('Monthly revenue').getByText('Up 17.3% on last month')).toBeInTheDocument();
    expect(figure('Total revenue').getByText('$1,107.34')).toBeInTheDocument();
    expect(figure('Platform revenue').getByText('$498.30')).toBeInTheDocument();
    expect(figure('Projected annual').getByText('$2,262.76')).toBeInTheDocument();
    expect(rows('Revenue sources')).toEqual([
      'Premium subscriptions$709.2964.1%',
      'Video ads$308.3527.9%',
      'Channel memberships$69.006.2%',
      'Super Chat$20.701.9%',
    ]);
    expect(screen.getByLabelText(/^Revenue sources of \$1,107\.34: Premium subscriptions \$709\.29 \(64\.1%\)/, { selector: '[role=img]' })).toBeInTheDocument();
    expect(rows('Monthly revenue')).toHaveLength(12);
    expect(rows('Monthly revenue')[11]).toMatch(/\$139\.86\$61\.20\$15\.00\$5\.70\$221\.76$/);
     expect(rows('Top earners')).toEqual(['ava_createsPartner$212.40', 'milo_makesCreator$58.75']);
  });

  test("no top earners: 'No earnings yet'", async () => {
    server.use(http.get('/api/founder/revenue-breakdown', () => HttpResponse.json({ ...mockRevenue(), top_earners: [] })));
    await openDashboard('revenue');

    await screen.findByLabelText('Revenue sources', { selector: 'table' });
    expect(screen.getByText('No earnings yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Top earners', { selector: 'table' })).not.toBeInTheDocument();
  });

  test("a failed load says 'Failed to load revenue data' with Try again", async () => {
    server.use(http.get('/api/founder/revenue-breakdown', () => HttpResponse.json(errorBody(500, 'INTERNAL', 'Something went wrong'), { status: 500 })));
    await openDashboard('revenue');

    expect(await screen.findByText('Failed to load revenue data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Founder dashboard: Banking (seed 001 §5)', () => {
  test('the bank form needs all four fields before anything is sent', async () => {
    let calls = 0;
    server.use(
      http.post('/api/founder/bank-account', () => {
        calls += 1;
        return undefined;
      }),
    );
    const { user } = await openDashboard('bank');
    const form = within(await screen.findByRole('form', { name: 'Save bank account' }));

    await fill(user, field(form, 'Bank name'), 'First Federal');
    await user.click(form.getByRole('button', { name: 'Save bank account' }));

    expect(form.getByText('Account holder name is required')).toBeInTheDocument();
    expect(form.getByText('Account number is required')).toBeInTheDocument();
    expect(form.getByText('Routing number is required')).toBeInTheDocument();
    expect(form.queryByText('Bank name is required')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test("a refused account shows 'Failed to save bank account: ' with the server's detail; a good one is saved and shown masked", async () => {
    const { user } = await openDashboard('bank');
    expect(await screen.findByText(/No bank account yet/)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Save bank account' }));

    await fill(user, field(form, 'Bank name'), 'First Federal');
    await fill(user, field(form, 'Account holder name'), 'Scriven Ltd');
    await fill(user, field(form, 'Account number'), '000123456789');
    await fill(user, field(form, 'Routing number'), '12345');
    await user.click(form.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Failed to save bank account: Routing number must be 9 digits')).toBeInTheDocument();

    await fill(user, field(form, 'Routing number'), '021000021');
    await user.click(form.getByRole('button', { name: 'Save bank account' }));

    expect(await screen.findByText('Bank account saved')).toBeInTheDocument();
    const saved = within(await screen.findByLabelText('Saved bank account', { selector: 'table' }));
    expect(saved.getByText('First Federal')).toBeInTheDocument();
    expect(saved.getByText('Scriven Ltd')).toBeInTheDocument();
    expect(saved.getByText('•••• 6789')).toBeInTheDocument();
    expect(saved.getByText('USD')).toBeInTheDocument();
    expect(screen.queryByText(/000123456789/)).not.toBeInTheDocument();
    expect(field(form, 'Account number')).toHaveValue('');
  });

  test('the earnings panel shows the balances; the withdraw rules: invalid amounts, the minimum, in flight, done', async () => {
    withBankAccount();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    server.use(
      http.post('/api/founder/withdraw', async ({ request }) => {
        sent.push(String((await request.clone().formData()).get('amount')));
        await gate;
        return undefined;
      }),
    );
    const { user } = await openDashboard('bank');
    await screen.findByLabelText('Available balance', { selector: '[role=group]' });

    expect(figure('Available balance').getByText('$482.15')).toBeInTheDocument();
    expect(figure('Pending balance').getByText('$65.40')).toBeInTheDocument();
    expect(figure('Lifetime earnings').getByText('$797.55')).toBeInTheDocument();
    expect(figure('Total withdrawn').getByText('$250.00')).toBeInTheDocument();
    expect(figure('Minimum payout').getByText('$100.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw platform earnings' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
    const confirm = () => user.click(dialog.getByRole('button', { name: 'Confirm withdrawal' }));

    await confirm();
    expect(await dialog.findByText('Invalid withdrawal amount')).toBeInTheDocument();
    await fill(user, amount, '0');
    await confirm();
    expect(await dialog.findByText('Invalid withdrawal amount')).toBeInTheDocument();
    await fill(user, amount, '500');
    await confirm();
    expect(await dialog.findByText('Invalid withdrawal amount')).toBeInTheDocument();
    await fill(user, amount, '50');
    await confirm();
    expect(await dialog.findByText('Minimum withdrawal amount is $100')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(user, amount, '150');
    await confirm();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Confirm withdrawal' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Withdraw', hidden: true })).toBeDisabled();
    act(() => release());

    expect(await screen.findByText('Withdrawal request submitted')).toBeInTheDocument();
    await waitFor(() => expect(figure('Available balance').getByText('$332.15')).toBeInTheDocument());
    expect(figure('Total withdrawn').getByText('$400.00')).toBeInTheDocument();
    expect(sent).toEqual(['150']);
  });

  test('below the minimum the withdraw button is disabled and says so', async () => {
    withBankAccount();
    founderMock.availableCents = 9_999;
    await openDashboard('bank');

    await screen.findByLabelText('Available balance', { selector: '[role=group]' });
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByText('Minimum withdrawal amount is $100')).toBeInTheDocument();
  });

  test("a refused withdrawal shows 'Withdrawal failed: ' with the server's detail", async () => {
    const { user } = await openDashboard('bank');
    await screen.findByLabelText('Available balance', { selector: '[role=group]' });

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw platform earnings' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Amount (USD)' }), '120');
    await user.click(dialog.getByRole('button', { name: 'Confirm withdrawal' }));

    expect(await dialog.findByText('Withdrawal failed: Add a bank account before withdrawing')).toBeInTheDocument();
  });
});

describe('Founder dashboard: App Logo (seed 001 §2, §5)', () => {
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  /** A file as a browser hands it over (Node's File, which fetch and FormData send as a file). */
  const file = (bits: (string | Uint8Array)[], name: string, options: { type: string }) => new NodeFile(bits, name, options) as unknown as File;
  const choose = (chosen: File) => fireEvent.change(fileInput(), { target: { files: [chosen] } });

  test('shows the current logo and the icon previews at 72, 96, 144 and 192 px', async () => {
    await openDashboard('logo');

    const current = within(await screen.findByLabelText('Current logo', { selector: 'table' }));
    expect(current.getByText('Default text logo')).toBeInTheDocument();
    expect(current.getByText('Using the default text logo')).toBeInTheDocument();
    expect(current.getByText('11 generated')).toBeInTheDocument();
    const previews = within(screen.getByRole('list', { name: 'Icon previews' }));
    expect(previews.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/api/app/icons/default/icon-72.png',
      '/api/app/icons/default/icon-96.png',
      '/api/app/icons/default/icon-144.png',
      '/api/app/icons/default/icon-192.png',
    ]);
    expect(screen.getByText('A square image, 512×512 px or larger.')).toBeInTheDocument();
    expect(screen.getByText('A PNG with a transparent background works best.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset to default text logo' })).toBeDisabled();
  });

  test("the client's checks: not an image, and over 5 MB; nothing is sent", async () => {
    let calls = 0;
    server.use(
      http.post('/api/founder/upload-logo', () => {
        calls += 1;
        return undefined;
      }),
    );
    await openDashboard('logo');
    await screen.findByLabelText('Current logo', { selector: 'table' });

    choose(file(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeDisabled();

    choose(file([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('Image must be smaller than 5MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeDisabled();
    expect(calls).toBe(0);
  });

  test('an upload disables the input while icons are generated, then shows the new icons; reset asks first', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/founder/upload-logo', async () => {
        await gate;
        return undefined;
      }),
    );
    const { user, store } = await openDashboard('logo');
    await screen.findByLabelText('Current logo', { selector: 'table' });

    choose(file([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByText('Generating app icons…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logo image' })).toBeDisabled();
    act(() => release());

    expect(await screen.findByText('Logo updated and app icons regenerated')).toBeInTheDocument();
    const current = within(table('Current logo'));
    expect(current.getByText('Custom logo')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Icon previews' })).getAllByRole('img')[0]).toHaveAttribute('src', '/api/app/icons/v1/icon-72.png');
    // The header's logo and the favicon follow.
    await waitFor(() => expect(store.branding.logoUrl).toBe('/api/app/icons/v1/logo.png'));
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/api/app/icons/v1/favicon-32.png');
    expect(screen.getByRole('button', { name: 'Logo image' })).not.toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset to default text logo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset the logo' }));
    await user.click(dialog.getByRole('button', { name: 'Reset logo' }));

    expect(await screen.findByText('Logo reset to default text logo')).toBeInTheDocument();
    expect(within(table('Current logo')).getByText('Default text logo')).toBeInTheDocument();
    await waitFor(() => expect(store.branding.logoUrl).toBeNull());
  });

  test("failures say 'Failed to upload logo: ' and 'Failed to reset logo: ' with the server's detail", async () => {
    founderMock.logo = { ...founderMock.logo, has_custom_logo: true };
    server.use(
      http.post('/api/founder/upload-logo', () => HttpResponse.json(errorBody(400, 'BRANDING.NOT_AN_IMAGE', 'Please select an image file'), { status: 400 })),
      http.post('/api/founder/reset-logo', () => HttpResponse.json(errorBody(500, 'INTERNAL', 'The icons could not be written'), { status: 500 })),
    );
    const { user } = await openDashboard('logo');
    await screen.findByLabelText('Current logo', { selector: 'table' });

    choose(file(['not really'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByText('Failed to upload logo: Please select an image file')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset to default text logo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset the logo' })).getByRole('button', { name: 'Reset logo' }));
    expect(await screen.findByText('Failed to reset logo: The icons could not be written')).toBeInTheDocument();
  });
});

describe('Founder dashboard: System', () => {
  test('shows server, database and security figures, and says the CDN is not measured', async () => {
    await openDashboard('system');

    expect(await screen.findByLabelText('CPU usage', { selector: '[role=group]' })).toHaveTextContent('23.4%');
    expect(figure('Memory usage').getByText('61.2%')).toBeInTheDocument();
    expect(figure('Disk usage').getByText('42.5%')).toBeInTheDocument();
    expect(figure('Connection pool').getByText('2 in use')).toBeInTheDocument();
    expect(figure('Connection pool').getByText('8 idle of 10')).toBeInTheDocument();
    expect(figure('Query performance').getByText('1.8 ms')).toBeInTheDocument();
    expect(figure('Storage size').getByText('46 MB')).toBeInTheDocument();
    expect(screen.getByText(/^Not measured: no CDN configured\./)).toBeInTheDocument();
    expect(figure('Security score').getByText('80/100')).toBeInTheDocument();
    expect(figure('Security score').getByText('4 of 5 checks passed')).toBeInTheDocument();
    expect(figure('Failed sign-ins (24 h)').getByText('7')).toBeInTheDocument();
    expect(figure('Blocked addresses').getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Security checks' })).getByText(/The public URL is not HTTPS/)).toBeInTheDocument();
  });

  test("a failed load says 'Failed to load system data'", async () => {
    server.use(http.get('/api/founder/platform-health', () => HttpResponse.json(errorBody(500, 'INTERNAL', 'Something went wrong'), { status: 500 })));
    await openDashboard('system');

    expect(await screen.findByText('Failed to load system data')).toBeInTheDocument();
  });
});

describe('Founder dashboard: Controls (seed 001 §2, §4, §7)', () => {
  test('status badges and insights come from the data; the controls map is shown', async () => {
    await openDashboard('controls');

    const status = (name: string) => within(screen.getByLabelText(`${name} status`, { selector: '[role=group]' }));
    await waitFor(() => expect(status('Backup').getByText('Up to date')).toBeInTheDocument());
    await waitFor(() => expect(status('Payments').getByText('No bank account')).toBeInTheDocument());
    expect(status('Server').getByText('Healthy')).toBeInTheDocument();
    expect(status('Database').getByText('Healthy')).toBeInTheDocument();
    expect(status('CDN').getByText('Not configured')).toBeInTheDocument();
    expect(status('Security').getByText('Score 80/100')).toBeInTheDocument();

    const insights = within(await screen.findByRole('list', { name: 'Insights' }));
    expect(await insights.findByText('Revenue is up 17.3% on last month ($221.76 against $188.98).')).toBeInTheDocument();
    expect(insights.getByText('New sign-ups are up 25% on last month.')).toBeInTheDocument();
    expect(insights.getByText('7 failed sign-ins in the last 24 hours; 1 address is blocked by the rate limits now.')).toBeInTheDocument();
    expect(insights.getByText('Security checks to fix: HTTPS.')).toBeInTheDocument();

    expect(rows('System controls')).toEqual(
      expect.arrayContaining(['Maintenance modeOff', 'Uploads disabledOff', 'Registration enabledOn', 'Backup runningOff']),
    );
  });

  test('an emergency action asks for a reason, posts it and shows the result; an empty reason cancels', async () => {
    const sent: [string, FormDataEntryValue][][] = [];
    server.use(
      http.post('/api/founder/emergency-action', async ({ request }) => {
        sent.push([...(await request.clone().formData())]);
        return undefined;
      }),
    );
    const { user } = await openDashboard('controls');
    await screen.findByLabelText('System controls', { selector: 'table' });

    await user.click(screen.getByRole('button', { name: 'Turn on maintenance mode' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Toggle maintenance mode' }));
    await user.click(dialog.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Emergency action cancelled: a reason is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Turn on maintenance mode' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Toggle maintenance mode' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Reason' }), 'Database migration');
    await user.click(dialog.getByRole('button', { name: 'Execute' }));

    expect((await screen.findAllByText('Emergency action executed: maintenance mode on')).length).toBeGreaterThan(0);
    expect(sent).toEqual([
      [
        ['action', 'MAINTENANCE_MODE'],
        ['reason', 'Database migration'],
      ],
    ]);
    expect(rows('System controls')).toContain('Maintenance modeOn');
    expect(screen.getByRole('button', { name: 'Turn off maintenance mode' })).toBeInTheDocument();
  });

  test("a refused emergency action says 'Failed to execute emergency action'", async () => {
    founderMock.controls.backup_running = false;
    server.use(http.post('/api/founder/emergency-action', () => HttpResponse.json(errorBody(409, 'SYSTEM.BACKUP_RUNNING', 'A backup is already running'), { status: 409 })));
    const { user } = await openDashboard('controls');
    await screen.findByLabelText('System controls', { selector: 'table' });

    await user.click(screen.getByRole('button', { name: 'Force backup' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Force backup' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Reason' }), 'Before the upgrade');
    await user.click(dialog.getByRole('button', { name: 'Execute' }));

    expect(await screen.findByText('Failed to execute emergency action: A backup is already running')).toBeInTheDocument();
  });

  test('Run diagnostics measures the platform again and lists the checks', async () => {
    let healthCalls = 0;
    server.use(
      http.get('/api/founder/platform-health', () => {
        healthCalls += 1;
        return undefined;
      }),
    );
    const { user } = await openDashboard('controls');
    await screen.findByLabelText('System controls', { selector: 'table' });
    await waitFor(() => expect(healthCalls).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Run diagnostics' }));

    const diagnostics = within(await screen.findByRole('region', { name: 'Diagnostics' }));
    expect(diagnostics.getByText(/4 of 5 checks passed/)).toBeInTheDocument();
    expect(diagnostics.getByText(/The public URL is not HTTPS/)).toBeInTheDocument();
    expect(healthCalls).toBe(2);
  });

  test('Force sync reads every tab again', async () => {
    const read: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET') read.push(new URL(request.url).pathname);
    });
    const { user } = await openDashboard('controls');
    await screen.findByLabelText('System controls', { selector: 'table' });
    read.length = 0;

    await user.click(screen.getByRole('button', { name: 'Force sync' }));

    expect(await screen.findByText('Every tab’s figures were read again')).toBeInTheDocument();
    expect([...new Set(read.filter((path) => path.startsWith('/api/founder/')))].sort()).toEqual([
      '/api/founder/analytics',
      '/api/founder/bank-account',
      '/api/founder/current-logo',
      '/api/founder/platform-earnings',
      '/api/founder/platform-health',
      '/api/founder/revenue-breakdown',
      '/api/founder/system-controls',
    ]);
    server.events.removeAllListeners();
  });
});

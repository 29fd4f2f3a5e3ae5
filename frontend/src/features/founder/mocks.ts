import { HttpResponse } from 'msw';
import { errorBody, http } from '../../mocks/http';
import { resetMockBranding, setMockBranding } from '../branding/mocks';
import type {
  EmergencyActionName,
  FounderAnalytics,
  FounderBankAccount,
  FounderEarnings,
  LogoIcon,
  LogoInfo,
  PlatformHealth,
  RevenueBreakdown,
  SystemControls,
} from './types';

/** The founder of the mock instance (QA mode and the tests), as `npm run cli -- founder:setup` would have set it up. */
export const FOUNDER_DEMO = {
  email: 'founder@example.com',
  phone: '+1 555 010 0200',
  license_number: 'D1234-5678',
  username: 'founder',
  master_key: 'founder-master-key',
} as const;

const LOCK_AFTER = 5;
const MINIMUM_PAYOUT_CENTS = 10_000;
const ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512, 1024];

/** The last 12 months as 'YYYY-MM', oldest first, ending with this one (UTC). */
function lastTwelveMonths(now = new Date()): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

const NEW_USERS = [12, 18, 25, 31, 28, 40, 52, 47, 61, 70, 84, 105];
const NEW_VIDEOS = [30, 41, 38, 55, 60, 72, 80, 77, 95, 101, 120, 134];
const VIEWS = [null, null, 1_200, 2_400, 3_100, 4_800, 6_200, 5_900, 8_400, 9_100, 11_800, 13_400];
const PREMIUM = [0, 0, 19.98, 29.97, 39.96, 49.95, 59.94, 69.93, 79.92, 99.9, 119.88, 139.86];
const ADS = [0, 4.2, 8.75, 12.1, 15.3, 22.4, 28.65, 26.1, 35.8, 41.25, 52.6, 61.2];
const MEMBERSHIP = [0, 0, 0, 1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12, 15];
const SUPER_CHAT = [0, 0, 0, 0, 0.6, 1.2, 0.9, 2.1, 2.4, 3.3, 4.5, 5.7];

const round2 = (value: number) => Math.round(value * 100) / 100;
const sum = (values: number[]) => round2(values.reduce((a, b) => a + b, 0));

function defaultIcons(version: string): LogoIcon[] {
  return [
    ...ICON_SIZES.map((size) => ({ size, purpose: 'any' as const, url: `/api/app/icons/${version}/icon-${size}.png` })),
    ...[192, 512].map((size) => ({ size, purpose: 'maskable' as const, url: `/api/app/icons/${version}/maskable-${size}.png` })),
  ];
}

const defaultLogo = (): LogoInfo => ({
  has_custom_logo: false,
  logo_path: null,
  message: 'Using the default text logo',
  updated_at: null,
  icons: defaultIcons('default'),
});

interface FounderMockState {
  tokens: Set<string>;
  failures: number;
  issued: number;
  bank: FounderBankAccount | null;
  availableCents: number;
  pendingCents: number;
  withdrawnCents: number;
  logo: LogoInfo;
  logoVersion: number;
  controls: SystemControls;
  audit: { action: string; reason?: string }[];
}

function initialState(): FounderMockState {
  return {
    tokens: new Set(),
    failures: 0,
    issued: 0,
    bank: null,
    availableCents: 48_215,
    pendingCents: 6_540,
    withdrawnCents: 25_000,
    logo: defaultLogo(),
    logoVersion: 0,
    controls: {
      maintenance_mode: false,
      uploads_disabled: false,
      registration_enabled: true,
      live_enabled: true,
      reels_enabled: true,
      gaming_enabled: true,
      super_chat_enabled: true,
      daily_backup_enabled: true,
      last_backup: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      backup_running: false,
    },
    audit: [],
  };
}

/** The founder side of the mock server: tokens, lockout, bank account, balances, logo and controls. */
export const founderMock: FounderMockState = initialState();

/** Back to a fresh instance (each test starts from it). */
export function resetFounderMock(): void {
  Object.assign(founderMock, initialState());
  resetMockBranding();
}

/** A live founder token, as if the founder had signed in before this page load. */
export function issueFounderToken(): string {
  founderMock.issued += 1;
  const token = `mock-founder-token-${founderMock.issued}`;
  founderMock.tokens.add(token);
  return token;
}

export function mockAnalytics(): FounderAnalytics {
  const months = lastTwelveMonths();
  const revenue = months.map((_, i) => round2(PREMIUM[i] + ADS[i] + MEMBERSHIP[i] + SUPER_CHAT[i]));
  const totalRevenue = sum(revenue);
  const creatorPayouts = round2(totalRevenue * 0.55);
  const totalUsers = NEW_USERS.reduce((a, b) => a + b, 0);
  return {
    platform_overview: {
      total_users: totalUsers,
      total_videos: NEW_VIDEOS.reduce((a, b) => a + b, 0),
      total_music: null,
      total_reels: 214,
      total_movies: 12,
      total_live_streams: 37,
    },
    financial_metrics: {
      net_profit: round2(totalRevenue - creatorPayouts),
      total_revenue: totalRevenue,
      creator_payouts: creatorPayouts,
      revenue_per_user: round2(totalRevenue / totalUsers),
    },
    growth_metrics: {
      user_growth_rate: 25,
      engagement_rate: null,
      monthly_trend: months.map((month, i) => ({ month, new_users: NEW_USERS[i], new_videos: NEW_VIDEOS[i], views: VIEWS[i], revenue: revenue[i] })),
    },
    system_health: {
      server_status: 'healthy',
      database_status: 'healthy',
      uptime: 3 * 86_400 + 4 * 3_600 + 12 * 60,
      storage_usage: 42.5,
      cdn_performance: null,
    },
    generated_at: new Date().toISOString(),
  };
}

export function mockRevenue(): RevenueBreakdown {
  const months = lastTwelveMonths();
  const monthly = months.map((month, i) => ({
    month,
    premium: PREMIUM[i],
    ads: ADS[i],
    membership: MEMBERSHIP[i],
    super_chat: SUPER_CHAT[i],
    total: round2(PREMIUM[i] + ADS[i] + MEMBERSHIP[i] + SUPER_CHAT[i]),
  }));
  const amounts = { premium: sum(PREMIUM), ads: sum(ADS), membership: sum(MEMBERSHIP), super_chat: sum(SUPER_CHAT) };
  const total = sum(Object.values(amounts));
  const share = (amount: number) => round2((amount / total) * 100);
  const creatorPayouts = round2(total * 0.55);
  return {
    total_revenue: total,
    platform_revenue: round2(total - creatorPayouts),
    creator_payouts: creatorPayouts,
    sources: [
      { source: 'premium', label: 'Premium subscriptions', amount: amounts.premium, share: share(amounts.premium) },
      { source: 'ads', label: 'Video ads', amount: amounts.ads, share: share(amounts.ads) },
      { source: 'membership', label: 'Channel memberships', amount: amounts.membership, share: share(amounts.membership) },
      { source: 'super_chat', label: 'Super Chat', amount: amounts.super_chat, share: share(amounts.super_chat) },
    ],
    monthly,
    top_earners: [
      { user_id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', username: 'ava_creates', tier: 'partner', earnings: 212.4 },
      { user_id: '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', username: 'milo_makes', tier: 'creator', earnings: 58.75 },
    ],
  };
}

export function mockHealth(): PlatformHealth {
  return {
    server_metrics: { cpu_usage: 23.4, memory_usage: 61.2, disk_usage: 42.5 },
    database_metrics: { connection_pool: { in_use: 2, idle: 8, size: 10 }, query_performance: 1.8, storage_size: 48_234_496 },
    cdn_metrics: { configured: false, cache_hit_rate: null, bandwidth_usage: null, global_latency: null },
    security_status: {
      security_score: 80,
      checks: [
        { name: 'token_secret', passed: true, detail: 'Not the development default' },
        { name: 'at_rest_encryption', passed: true, detail: 'At-rest encryption key is set' },
        { name: 'recent_backup', passed: true, detail: 'The last backup was made 2 days ago' },
        { name: 'founder_set_up', passed: true, detail: 'A founder account exists' },
        { name: 'https', passed: false, detail: 'The public URL is not HTTPS' },
      ],
      failed_login_attempts: 7,
      blocked_ips: 1,
    },
    measured_at: new Date().toISOString(),
  };
}

function earnings(): FounderEarnings {
  const m = founderMock;
  return {
    earnings: {
      available_balance: m.availableCents / 100,
      pending_balance: m.pendingCents / 100,
      lifetime_earnings: (m.availableCents + m.pendingCents + m.withdrawnCents) / 100,
      total_withdrawn: m.withdrawnCents / 100,
      minimum_payout: MINIMUM_PAYOUT_CENTS / 100,
    },
    can_withdraw: m.bank !== null && m.availableCents >= MINIMUM_PAYOUT_CENTS,
  };
}

const json = (status: number, body: unknown, headers?: Record<string, string>) => HttpResponse.json(body as never, { status, headers });

/** 401 without a founder token, 403 with another audience's token; null when the caller is the founder. */
function refusal(request: Request): Response | null {
  const header = request.headers.get('Authorization');
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  if (token && founderMock.tokens.has(token)) return null;
  if (token && !token.startsWith('mock-founder-token-')) {
    return json(403, errorBody(403, 'FOUNDER.ACCESS_REQUIRED', 'Founder access required'));
  }
  return json(401, errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your founder session has expired. Please sign in again.'));
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

const digits = (value: string) => value.replace(/\D/g, '');

function signIn(ok: boolean, denied: string): Response {
  if (founderMock.failures >= LOCK_AFTER) {
    return json(429, errorBody(429, 'FOUNDER.LOCKED', 'Founder sign-in is locked for 15 minutes after repeated failures'), { 'Retry-After': '900' });
  }
  if (!ok) {
    founderMock.failures += 1;
    return json(401, errorBody(401, 'FOUNDER.INVALID_CREDENTIALS', denied));
  }
  founderMock.failures = 0;
  return json(200, { access_token: issueFounderToken(), token_type: 'bearer', expires_in: 1800, message: 'Founder access granted' });
}

async function formOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** The founder API (/api/founder/*) as the mock server answers it. */
export const founderHandlers = [
  http.post('/api/founder/personal-login', async ({ request, response }) => {
    const form = await formOf(request);
    const ok =
      text(form, 'email').toLowerCase() === FOUNDER_DEMO.email &&
      digits(text(form, 'phone')) === digits(FOUNDER_DEMO.phone) &&
      text(form, 'license_number').toUpperCase().replace(/[\s-]/g, '') === FOUNDER_DEMO.license_number.replace(/[\s-]/g, '');
    return response.untyped(signIn(ok, 'Access Denied: Invalid personal credentials'));
  }),

  http.post('/api/founder/login', async ({ request, response }) => {
    const form = await formOf(request);
    const ok = text(form, 'username') === FOUNDER_DEMO.username && form.get('password') === FOUNDER_DEMO.master_key;
    return response.untyped(signIn(ok, 'Access Denied: Invalid founder credentials'));
  }),

  http.get('/api/founder/analytics', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(mockAnalytics());
  }),

  http.get('/api/founder/revenue-breakdown', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(mockRevenue());
  }),

  http.get('/api/founder/bank-account', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json({ bank_account: founderMock.bank });
  }),

  http.post('/api/founder/bank-account', async ({ request, response }) => {
    const refused = refusal(request);
    if (refused) return response.untyped(refused);
    const form = await formOf(request);
    const bankName = text(form, 'bank_name');
    const holder = text(form, 'account_holder_name');
    const number = text(form, 'account_number').replace(/[\s-]/g, '');
    const routing = text(form, 'routing_number').replace(/[\s-]/g, '');
    const problems: { field: string; message: string }[] = [];
    if (!bankName) problems.push({ field: 'bank_name', message: 'Bank name is required' });
    if (!holder) problems.push({ field: 'account_holder_name', message: 'Account holder name is required' });
    if (!/^\d{4,17}$/.test(number)) problems.push({ field: 'account_number', message: 'Account number must be 4 to 17 digits' });
    if (!/^\d{9}$/.test(routing)) problems.push({ field: 'routing_number', message: 'Routing number must be 9 digits' });
    if (problems.length) return response.untyped(json(400, errorBody(400, 'VALIDATION_FAILED', problems[0].message, problems)));
    founderMock.bank = {
      bank_name: bankName,
      account_holder_name: holder,
      account_number_masked: `•••• ${number.slice(-4)}`,
      account_type: 'checking',
      currency: 'USD',
    };
    return response(200).json({ success: true, message: 'Bank account saved', bank_account: founderMock.bank });
  }),

  http.get('/api/founder/platform-earnings', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(earnings());
  }),

  http.post('/api/founder/withdraw', async ({ request, response }) => {
    const refused = refusal(request);
    if (refused) return response.untyped(refused);
    const raw = text(await formOf(request), 'amount');
    const invalid = () => response.untyped(json(400, errorBody(400, 'MONEY.INVALID_WITHDRAWAL', 'Invalid withdrawal amount')));
    if (!/^\d+(\.\d{1,2})?$/.test(raw)) return invalid();
    const cents = Math.round(Number(raw) * 100);
    if (cents <= 0) return invalid();
    if (cents < MINIMUM_PAYOUT_CENTS) return response.untyped(json(400, errorBody(400, 'MONEY.BELOW_MINIMUM', 'Minimum withdrawal amount is $100')));
    if (cents > founderMock.availableCents) return invalid();
    if (!founderMock.bank) return response.untyped(json(409, errorBody(409, 'MONEY.NO_BANK_ACCOUNT', 'Add a bank account before withdrawing')));
    founderMock.availableCents -= cents;
    founderMock.withdrawnCents += cents;
    return response(200).json({ success: true, message: 'Withdrawal request submitted', amount: cents / 100 });
  }),

  http.get('/api/founder/current-logo', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(founderMock.logo);
  }),

  http.post('/api/founder/upload-logo', async ({ request, response }) => {
    const refused = refusal(request);
    if (refused) return response.untyped(refused);
    const file = (await formOf(request)).get('logo_file');
    if (!file || typeof file === 'string' || !file.type.startsWith('image/')) {
      return response.untyped(json(400, errorBody(400, 'BRANDING.NOT_AN_IMAGE', 'Please select an image file')));
    }
    if (file.size > 5 * 1024 * 1024) return response.untyped(json(413, errorBody(413, 'BRANDING.TOO_LARGE', 'Image must be smaller than 5MB')));
    founderMock.logoVersion += 1;
    const version = `v${founderMock.logoVersion}`;
    founderMock.logo = {
      has_custom_logo: true,
      logo_path: `/api/app/icons/${version}/logo.png`,
      message: 'Custom logo in use',
      updated_at: new Date().toISOString(),
      icons: defaultIcons(version),
    };
    // The header and the favicon follow (GET /api/app/branding).
    setMockBranding({
      has_custom_logo: true,
      logo_url: founderMock.logo.logo_path,
      icon_version: version,
      favicon_url: `/api/app/icons/${version}/favicon-32.png`,
      apple_touch_icon_url: `/api/app/icons/${version}/apple-touch-icon.png`,
    });
    return response(200).json({ success: true, message: 'Logo updated and app icons regenerated', logo: founderMock.logo });
  }),

  http.post('/api/founder/reset-logo', ({ request, response }) => {
    const refused = refusal(request);
    if (refused) return response.untyped(refused);
    founderMock.logo = defaultLogo();
    resetMockBranding();
    return response(200).json({ success: true, message: 'Logo reset to default text logo', logo: founderMock.logo });
  }),

  http.get('/api/founder/platform-health', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(mockHealth());
  }),

  http.get('/api/founder/system-controls', ({ request, response }) => {
    const refused = refusal(request);
    return refused ? response.untyped(refused) : response(200).json(founderMock.controls);
  }),

  http.post('/api/founder/emergency-action', async ({ request, response }) => {
    const refused = refusal(request);
    if (refused) return response.untyped(refused);
    const form = await formOf(request);
    const action = text(form, 'action') as EmergencyActionName;
    const reason = text(form, 'reason');
    if (!reason) return response.untyped(json(400, errorBody(400, 'VALIDATION_FAILED', 'A reason is required')));
    const c = founderMock.controls;
    let description: string;
    let state: 'on' | 'off' | 'started';
    if (action === 'MAINTENANCE_MODE') {
      c.maintenance_mode = !c.maintenance_mode;
      state = c.maintenance_mode ? 'on' : 'off';
      description = `maintenance mode ${state}`;
    } else if (action === 'DISABLE_UPLOADS') {
      c.uploads_disabled = !c.uploads_disabled;
      state = c.uploads_disabled ? 'on' : 'off';
      description = c.uploads_disabled ? 'uploads disabled' : 'uploads enabled';
    } else if (action === 'FORCE_BACKUP') {
      if (c.backup_running === true) return response.untyped(json(409, errorBody(409, 'SYSTEM.BACKUP_RUNNING', 'A backup is already running')));
      c.backup_running = true;
      state = 'started';
      description = 'backup started';
    } else {
      return response.untyped(json(400, errorBody(400, 'VALIDATION_FAILED', 'Unknown emergency action')));
    }
    founderMock.audit.push({ action, reason });
    return response(200).json({ success: true, message: `Emergency action executed: ${description}`, action, state, controls: { ...c } });
  }),
];

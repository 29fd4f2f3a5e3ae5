import type { components } from '../api/schema';
import { resetMediaDb, restoreMediaDb, snapshotMediaDb } from './mediaDb';
import { resetSocialDb, restoreSocialDb, snapshotSocialDb } from './socialDb';
import { resetSearchDb, restoreSearchDb, snapshotSearchDb } from './searchDb';
import { resetPaymentsDb, restorePaymentsDb, snapshotPaymentsDb } from './paymentsDb';
import { resetEarningsDb, restoreEarningsDb, snapshotEarningsDb } from './earningsDb';
import { resetLiveDb, restoreLiveDb, snapshotLiveDb } from './liveDb';
import { resetGamesDb, restoreGamesDb, snapshotGamesDb } from './gamesDb';
import { resetCommentsDb, restoreCommentsDb, snapshotCommentsDb, type CommentAuthors } from './commentsDb';
import { resetModerationDb, restoreModerationDb, snapshotModerationDb, type ModerationPerson } from './moderationDb';

type UserDto = components['schemas']['UserResponseDto'];
type AccountDto = components['schemas']['AccountResponseDto'];
type ConsentStatus = components['schemas']['ParentalConsentResponseDto']['status'];

export type MockAccountStatus = 'active' | 'pending_parental_consent' | 'denied';

export interface MockUser {
  user: UserDto;
  password: string;
  status: MockAccountStatus;
}

export interface MockConsent {
  token: string;
  userId: string;
  status: ConsentStatus;
  expiresAt: string;
}

/** An account (channel) and the user who owns it. */
export interface MockAccount {
  userId: string;
  account: AccountDto;
}

export interface MockFeedback {
  id: string;
  /** Null once the author deleted themselves. */
  userId: string | null;
  message: string;
  created_at: string;
}

/** Sign-in details of the demo data, for QA mode. */
export const DEMO_CREDENTIALS = {
  user: { display_name: 'ada', email: 'ada@example.com', password: 'password123' },
  admin: { username: 'admin', password: 'admin-password' },
  consentToken: 'demo-consent-token',
} as const;

const DAY_MS = 86_400_000;
let sequence = 0;

/** A unique id for mock records and tokens. */
export function mockId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

function makeUser(fields: Partial<UserDto> & Pick<UserDto, 'display_name' | 'first_name' | 'last_name'>): UserDto {
  return {
    id: mockId('user'),
    email: null,
    phone_number: null,
    is_admin: false,
    creator_program: false,
    is_premium: false,
    premium_expires: null,
    active_account_id: mockId('account'),
    created_at: new Date().toISOString(),
    ...fields,
  };
}

/**
 * The in-memory data behind the mock API (QA mode and tests): users, their tokens, consent requests
 * and admin sessions. `resetMockDb()` puts the demo data back.
 */
export const mockDb = {
  users: new Map<string, MockUser>(),
  /** user token → user id */
  tokens: new Map<string, string>(),
  /** admin token → admin username */
  adminTokens: new Map<string, string>(),
  consents: new Map<string, MockConsent>(),
  /** account id → account, in creation order */
  accounts: new Map<string, MockAccount>(),
  feedback: [] as MockFeedback[],
  startedAt: Date.now(),
};

export function resetMockDb(): void {
  mockDb.users.clear();
  mockDb.tokens.clear();
  mockDb.adminTokens.clear();
  mockDb.consents.clear();
  mockDb.accounts.clear();
  mockDb.feedback = [];
  mockDb.startedAt = Date.now();

  const ada = makeUser({
    display_name: DEMO_CREDENTIALS.user.display_name,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: DEMO_CREDENTIALS.user.email,
    creator_program: true,
    created_at: '2025-01-15T10:00:00.000Z',
  });
  mockDb.users.set(ada.id, { user: ada, password: DEMO_CREDENTIALS.user.password, status: 'active' });
  const adaAccount = createPrimaryAccount(ada, {
    created_at: ada.created_at,
    bio: 'Notes on engines, numbers and poetry.',
    location: 'London',
  });

  // Another creator, whose public videos, reels and movies everyone sees.
  // Mira is also an admin (is_admin): she sees the Updates section (the platform's own earnings).
  const mira = makeUser({ display_name: 'mira', first_name: 'Mira', last_name: 'Chen', email: 'mira@example.com', creator_program: true, is_admin: true });
  mockDb.users.set(mira.id, { user: mira, password: 'password123', status: 'active' });
  const miraAccount = createPrimaryAccount(mira, { bio: 'Harbours, cities and coffee.' });
  resetMediaDb({
    ada: { userId: ada.id, accountId: adaAccount.account.id },
    mira: { userId: mira.id, accountId: miraAccount.account.id },
  });
  resetSocialDb({
    ada: { userId: ada.id, name: ada.display_name },
    mira: { userId: mira.id, name: mira.display_name },
  });
  resetCommentsDb(demoCommentAuthors());
  resetModerationDb(demoModerationPeople());
  resetSearchDb();
  resetPaymentsDb();
  resetEarningsDb({ ada: { userId: ada.id }, mira: { userId: mira.id } });
  resetLiveDb({ ada: { userId: ada.id, name: ada.display_name }, mira: { userId: mira.id, name: mira.display_name } });
  resetGamesDb({ mira: { userId: mira.id } });

  const tim = makeUser({ display_name: 'young_tim', first_name: 'Tim', last_name: 'Lovelace', email: 'tim@example.com' });
  mockDb.users.set(tim.id, { user: tim, password: 'password123', status: 'pending_parental_consent' });
  createPrimaryAccount(tim);
  mockDb.consents.set(DEMO_CREDENTIALS.consentToken, {
    token: DEMO_CREDENTIALS.consentToken,
    userId: tim.id,
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  });
}

/** Ada and Mira with their primary accounts, who wrote the demo comments; null when the data has not both. */
function demoCommentAuthors(): CommentAuthors | null {
  const author = (identifier: string) => {
    const entry = findUserByIdentifier(identifier);
    const account = entry ? accountsOf(entry.user).find((a) => a.is_primary) : undefined;
    return entry && account ? { userId: entry.user.id, accountId: account.id, handle: account.handle } : null;
  };
  const ada = author(DEMO_CREDENTIALS.user.email);
  const mira = author('mira@example.com');
  return ada && mira ? { ada, mira } : null;
}

/** Ada and Mira by name, for the demo live stream; null when the data has not both. */
function demoLivePeople(): { ada: { userId: string; name: string }; mira: { userId: string; name: string } } | null {
  const ada = findUserByIdentifier(DEMO_CREDENTIALS.user.email)?.user;
  const mira = findUserByIdentifier('mira@example.com')?.user;
  return ada && mira ? { ada: { userId: ada.id, name: ada.display_name }, mira: { userId: mira.id, name: mira.display_name } } : null;
}

/** Ada and Mira with their primary channels, for the demo reports and strike; null when the data has not both. */
function demoModerationPeople(): { ada: ModerationPerson; mira: ModerationPerson } | null {
  const person = (identifier: string): ModerationPerson | null => {
    const entry = findUserByIdentifier(identifier);
    const account = entry ? accountsOf(entry.user).find((a) => a.is_primary) : undefined;
    return entry && account
      ? { userId: entry.user.id, accountId: account.id, name: account.display_name, handle: account.handle, bio: account.bio }
      : null;
  };
  const ada = person(DEMO_CREDENTIALS.user.email);
  const mira = person('mira@example.com');
  return ada && mira ? { ada, mira } : null;
}

export function findUserByIdentifier(identifier: string): MockUser | undefined {
  const wanted = identifier.trim().toLowerCase();
  const digits = (value: string) => value.replace(/[^\d+]/g, '');
  for (const account of mockDb.users.values()) {
    const { user } = account;
    if (user.display_name.toLowerCase() === wanted) return account;
    if (user.email && user.email.toLowerCase() === wanted) return account;
    if (user.phone_number && digits(user.phone_number) === digits(identifier) && digits(identifier) !== '') return account;
  }
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | null): string | undefined {
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1];
}

/** The user a `Bearer` header belongs to, if its token is live. */
export function userForAuthorization(header: string | null): MockUser | undefined {
  const token = bearerToken(header);
  const userId = token ? mockDb.tokens.get(token) : undefined;
  return userId ? mockDb.users.get(userId) : undefined;
}

export function issueUserToken(userId: string): string {
  const token = mockId('mock-user-token');
  mockDb.tokens.set(token, userId);
  return token;
}

export function createMockUser(
  fields: Partial<UserDto> & Pick<UserDto, 'display_name' | 'first_name' | 'last_name'>,
  password: string,
  status: MockAccountStatus,
): MockUser {
  const account: MockUser = { user: makeUser(fields), password, status };
  mockDb.users.set(account.user.id, account);
  createPrimaryAccount(account.user);
  return account;
}

/** A handle made from `name` (3-30 of a-z 0-9 _ .), unique among every user's accounts. */
export function uniqueHandle(name: string): string {
  let base = name.toLowerCase().replace(/[^a-z0-9_.]/g, '').slice(0, 26);
  if (base.length < 3) base = `${base}${'channel'.slice(0, 3 - base.length)}`;
  let handle = base;
  for (let n = 2; findAccountByHandle(handle); n += 1) handle = `${base}${n}`;
  return handle;
}

export function findAccountByHandle(handle: string): MockAccount | undefined {
  for (const entry of mockDb.accounts.values()) {
    if (entry.account.handle === handle) return entry;
  }
  return undefined;
}

/** A new account of `userId` with the defaults of seed 000 §5. */
export function makeAccount(userId: string, fields: Partial<AccountDto> & Pick<AccountDto, 'display_name'>): MockAccount {
  return {
    userId,
    account: {
      id: mockId('account'),
      account_type: 'creator',
      handle: uniqueHandle(fields.display_name),
      bio: null,
      location: null,
      website: null,
      profile_photo_url: null,
      banner_url: null,
      banner_small_url: null,
      links: [],
      is_primary: false,
      is_active: false,
      created_at: new Date().toISOString(),
      privacy_settings: { profile_visibility: 'public', video_visibility: 'public', comment_permissions: 'everyone' },
      notification_settings: {
        email_notifications: true,
        push_notifications: true,
        comment_notifications: true,
        like_notifications: true,
      },
      ...fields,
    },
  };
}

/** The primary account registration creates (product.md §2): type creator, handle from the display name. */
function createPrimaryAccount(user: UserDto, fields: Partial<AccountDto> = {}): MockAccount {
  const entry = makeAccount(user.id, { display_name: user.display_name, ...fields, is_primary: true, is_active: true });
  mockDb.accounts.set(entry.account.id, entry);
  user.active_account_id = entry.account.id;
  return entry;
}

/** A user's accounts in creation order, primary first, with `is_active` as it is now. */
export function accountsOf(user: UserDto): AccountDto[] {
  const owned = [...mockDb.accounts.values()]
    .filter((entry) => entry.userId === user.id)
    .map((entry) => entry.account);
  owned.sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return owned.map((account) => ({ ...account, is_active: account.id === user.active_account_id }));
}

export function createConsent(userId: string): MockConsent {
  const consent: MockConsent = {
    token: mockId('consent'),
    userId,
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  };
  mockDb.consents.set(consent.token, consent);
  return consent;
}

/** The mock data as plain JSON, so QA mode can keep it across page reloads. */
export function snapshotMockDb(): string {
  return JSON.stringify({
    users: [...mockDb.users.values()],
    tokens: [...mockDb.tokens],
    adminTokens: [...mockDb.adminTokens],
    consents: [...mockDb.consents.values()],
    accounts: [...mockDb.accounts.values()],
    feedback: mockDb.feedback,
    startedAt: mockDb.startedAt,
    media: snapshotMediaDb(),
    social: snapshotSocialDb(),
    comments: snapshotCommentsDb(),
    moderation: snapshotModerationDb(),
    search: snapshotSearchDb(),
    payments: snapshotPaymentsDb(),
    earnings: snapshotEarningsDb(),
    live: snapshotLiveDb(),
    games: snapshotGamesDb(),
  });
}

/** Puts back a snapshot; returns false (and keeps the demo data) when it cannot be read. */
export function restoreMockDb(snapshot: string | null): boolean {
  if (!snapshot) return false;
  try {
    const data = JSON.parse(snapshot) as {
      users: MockUser[];
      tokens: [string, string][];
      adminTokens: [string, string][];
      consents: MockConsent[];
      accounts?: MockAccount[];
      feedback?: MockFeedback[];
      startedAt: number;
      media?: ReturnType<typeof snapshotMediaDb>;
      social?: ReturnType<typeof snapshotSocialDb>;
      comments?: ReturnType<typeof snapshotCommentsDb>;
      moderation?: ReturnType<typeof snapshotModerationDb>;
      search?: ReturnType<typeof snapshotSearchDb>;
      payments?: ReturnType<typeof snapshotPaymentsDb>;
      earnings?: ReturnType<typeof snapshotEarningsDb>;
      live?: ReturnType<typeof snapshotLiveDb>;
      games?: ReturnType<typeof snapshotGamesDb>;
    };
    mockDb.users = new Map(data.users.map((account) => [account.user.id, account]));
    mockDb.tokens = new Map(data.tokens);
    mockDb.adminTokens = new Map(data.adminTokens);
    mockDb.consents = new Map(data.consents.map((consent) => [consent.token, consent]));
    // Accounts of a snapshot from before banners and links get none.
    const noBanner = { banner_url: null, banner_small_url: null, links: [] };
    mockDb.accounts = new Map((data.accounts ?? []).map((entry) => [entry.account.id, { ...entry, account: { ...noBanner, ...entry.account } }]));
    mockDb.feedback = data.feedback ?? [];
    mockDb.startedAt = data.startedAt;
    restoreMediaDb(data.media);
    restoreSocialDb(data.social);
    // A snapshot from before video comments existed gets the demo comments.
    if (data.comments) restoreCommentsDb(data.comments);
    else resetCommentsDb(demoCommentAuthors());
    // A snapshot from before moderation existed gets the demo reports.
    if (data.moderation) restoreModerationDb(data.moderation);
    else resetModerationDb(demoModerationPeople());
    restoreSearchDb(data.search);
    restorePaymentsDb(data.payments);
    restoreEarningsDb(data.earnings);
    // A snapshot from before live existed gets the demo stream.
    if (data.live) restoreLiveDb(data.live);
    else resetLiveDb(demoLivePeople());
    restoreGamesDb(data.games);
    // A snapshot from before accounts existed: every user gets their primary account.
    for (const { user } of mockDb.users.values()) {
      if (!accountsOf(user).length) createPrimaryAccount(user);
    }
    return true;
  } catch {
    resetMockDb();
    return false;
  }
}

resetMockDb();

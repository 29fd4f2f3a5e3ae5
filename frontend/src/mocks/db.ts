import type { components } from '../api/schema';

type UserDto = components['schemas']['UserResponseDto'];
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
  startedAt: Date.now(),
};

export function resetMockDb(): void {
  mockDb.users.clear();
  mockDb.tokens.clear();
  mockDb.adminTokens.clear();
  mockDb.consents.clear();
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

  const tim = makeUser({ display_name: 'young_tim', first_name: 'Tim', last_name: 'Lovelace', email: 'tim@example.com' });
  mockDb.users.set(tim.id, { user: tim, password: 'password123', status: 'pending_parental_consent' });
  mockDb.consents.set(DEMO_CREDENTIALS.consentToken, {
    token: DEMO_CREDENTIALS.consentToken,
    userId: tim.id,
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  });
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
  return account;
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
    startedAt: mockDb.startedAt,
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
      startedAt: number;
    };
    mockDb.users = new Map(data.users.map((account) => [account.user.id, account]));
    mockDb.tokens = new Map(data.tokens);
    mockDb.adminTokens = new Map(data.adminTokens);
    mockDb.consents = new Map(data.consents.map((consent) => [consent.token, consent]));
    mockDb.startedAt = data.startedAt;
    return true;
  } catch {
    resetMockDb();
    return false;
  }
}

resetMockDb();

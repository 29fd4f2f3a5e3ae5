import { DEMO_CREDENTIALS, findUserByIdentifier, issueUserToken, mockDb } from '../mocks/db';
import { TOKEN_KEYS } from '../shared/storage';

/** Stores a live token of the demo user, as if they had signed in before this page load. */
export function storeDemoUserToken(change?: (user: NonNullable<ReturnType<typeof findUserByIdentifier>>['user']) => void): string {
  const account = findUserByIdentifier(DEMO_CREDENTIALS.user.email);
  if (!account) throw new Error('The mock data has no demo user');
  change?.(account.user);
  const token = issueUserToken(account.user.id);
  window.localStorage.setItem(TOKEN_KEYS.user, token);
  return token;
}

export function isTokenLive(token: string): boolean {
  return mockDb.tokens.has(token);
}

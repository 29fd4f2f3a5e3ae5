import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError, ValidationError } from '../../../common/errors/domain-error.js';

/**
 * App tokens: what a user's music apps sign in to the Subsonic API (/rest) with, instead of the account password.
 * 24 random bytes, URL-safe, `sct_` in front so that people recognise one. Shown once, when made; kept sealed at rest
 * (Subsonic's `t = md5(token + salt)` needs it in the clear on the server) and found by its SHA-256.
 */
export const APP_TOKEN_LIMITS = { name: 60, perUser: 20 } as const;

export const APP_TOKEN_MESSAGES = {
  name: `Name must be 1 to ${APP_TOKEN_LIMITS.name} characters`,
  tooMany: `You can have at most ${APP_TOKEN_LIMITS.perUser} app tokens. Revoke one you no longer use first.`,
  notFound: 'App token not found',
} as const;

export interface AppToken {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export function newAppToken(): string {
  return `sct_${randomBytes(24).toString('base64url')}`;
}

export function hashAppToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether two strings are equal, in constant time (compared through their SHA-256). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a, 'utf8').digest(), createHash('sha256').update(b, 'utf8').digest());
}

/** Subsonic's token check: `t` is the hex MD5 of the token followed by the salt `s`. */
export function matchesSaltedToken(token: string, salt: string, t: string): boolean {
  return sameSecret(createHash('md5').update(token + salt, 'utf8').digest('hex'), t.toLowerCase());
}

export function validAppTokenName(v: unknown): string {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name || name.length > APP_TOKEN_LIMITS.name) throw new ValidationError([{ field: 'name', message: APP_TOKEN_MESSAGES.name }], 'IDENTITY.APP_TOKEN_NAME');
  return name;
}

export const TooManyAppTokens = () => new DomainError('invalid', 'IDENTITY.TOO_MANY_APP_TOKENS', APP_TOKEN_MESSAGES.tooMany, [{ field: 'name', message: APP_TOKEN_MESSAGES.tooMany }]);
export const AppTokenNotFound = () => new DomainError('not_found', 'IDENTITY.APP_TOKEN_NOT_FOUND', APP_TOKEN_MESSAGES.notFound);

/** What a Subsonic request signs in with (any of them may be missing). */
export interface AppCredentials {
  /** `u`: the user's display name. */
  username?: string;
  /** `p`: the token itself, or `enc:` and its UTF-8 bytes in hex. */
  password?: string;
  /** `t` and `s`: md5(token + salt) and the salt. */
  token?: string;
  salt?: string;
  /** OpenSubsonic's `apiKey` (then no `u`). */
  apiKey?: string;
}

/** The outcome of a Subsonic sign-in: the user, or why not (missing parameters, wrong ones, or too many failures). */
export type AppSignIn = { ok: true; userId: string; displayName: string } | { ok: false; reason: 'missing' | 'wrong' | 'throttled'; retryAfterSeconds?: number };

/**
 * Failed app-token sign-ins per client address, in fixed windows: past `max` failures in a window every attempt
 * from that address is refused until the window ends (the right token too), so tokens cannot be guessed.
 */
export const APP_SIGN_IN_THROTTLE = { maxFailures: 30, windowSeconds: 15 * 60 } as const;

export interface AppTokenRepository {
  list(userId: string): Promise<AppToken[]>;
  count(userId: string): Promise<number>;
  /** Serialises token creation of one user until the transaction ends. */
  lockUser(userId: string): Promise<void>;
  add(t: AppToken, token: string): Promise<void>;
  /** False when there was none of this user's with that id. */
  remove(userId: string, id: string): Promise<boolean>;
  removeAll(userId: string): Promise<void>;
  /** The token of this hash with its user. */
  byToken(token: string): Promise<{ id: string; userId: string } | null>;
  /** The user of this display name (case-insensitive) and their tokens in the clear (at most APP_TOKEN_LIMITS.perUser). */
  tokensOfUser(displayName: string): Promise<{ userId: string; tokens: { id: string; token: string }[] } | null>;
  /** Records a use (written at most once a minute per token). */
  touch(id: string, now: Date): Promise<void>;
}

export const APP_TOKEN_REPOSITORY = Symbol('AppTokenRepository');

import type { FounderAccount } from './founder-account.js';

/** The one founder row (founder_account). */
export interface FounderAccountStore {
  get(): Promise<FounderAccount | null>;
  /** The founder's id and token version (what every founder request checks), or null when none is set up. */
  tokenState(): Promise<{ id: string; tokenVersion: number } | null>;
  /**
   * Stores the founder's hashes: the first set-up makes the row, a later one replaces every hash and bumps the token
   * version (keeping the id). Returns the stored founder.
   */
  replace(hashes: { emailHash: string; phoneHash: string; licenseNumberHash: string; usernameHash: string; masterKeyHash: string }, now: Date): Promise<FounderAccount>;
}

/** argon2id hashes of the founder's credentials. */
export interface SecretHasher {
  hash(secret: string): Promise<string>;
  verify(hash: string, secret: string): Promise<boolean>;
  /** Spends the time of one verification (when there is no founder to verify against). */
  burn(secret: string): Promise<void>;
}

/**
 * The founder sign-in's lockout, shared by every server process (one row, atomic statements). An attempt is counted
 * before the credentials are checked (so concurrent guesses cannot slip past the limit) and given back on success.
 */
export interface FounderLockout {
  /** Counts an attempt; `lockedFor` > 0: refused now (nothing counted), for that many seconds. */
  attempt(now: Date): Promise<{ lockedFor: number }>;
  /** The attempt failed: the fifth failure in the window locks sign-in; returns whether this failure locked it. */
  failed(now: Date): Promise<{ locked: boolean }>;
  /** The attempt succeeded: its count is given back. */
  succeeded(now: Date): Promise<void>;
}

/** The time, injectable so tests can move it (the lockout's 15 minutes) instead of sleeping. */
export interface FounderClock {
  now(): Date;
}

export const FOUNDER_ACCOUNT_STORE = Symbol('FounderAccountStore');
export const FOUNDER_SECRET_HASHER = Symbol('FounderSecretHasher');
export const FOUNDER_LOCKOUT = Symbol('FounderLockout');
export const FOUNDER_CLOCK = Symbol('FounderClock');

/** What the founder's system-health summary reads of the host and the database. */
export interface HostFigures {
  /** Seconds this server process has been running. */
  uptimeSeconds(): number;
  /** Percent of the data directory's disk in use, or null when it cannot be read. */
  storageUsagePercent(): Promise<number | null>;
  /** Whether the database answers a probe query. */
  databaseReachable(): Promise<boolean>;
}

export const FOUNDER_HOST_FIGURES = Symbol('FounderHostFigures');

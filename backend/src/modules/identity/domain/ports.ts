import type { User } from './user.js';
import type { ParentalConsent } from './parental-consent.js';

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findByPhoneKey(key: string): Promise<User | null>;
  findByDisplayNameKey(key: string): Promise<User | null>;
  /** Users holding any of these unique keys (at most one per key). */
  findHoldersOfKeys(keys: { displayNameKey: string; email: string | null; phoneKey: string | null }): Promise<User[]>;
  add(user: User): void;
  remove(user: User): void;
}

export interface ConsentRepository {
  findByTokenHash(hash: string): Promise<ParentalConsent | null>;
  add(consent: ParentalConsent): void;
  removeAllOf(userId: string): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so unknown identifiers answer as slowly as wrong passwords. */
  burn(password: string): Promise<void>;
}

/** One sign-in attempt as the throttle sees it (see sign-in-throttle.ts). */
export interface SignInAttempt {
  /** The person: `user:<id>` when the identifier names a user, else `id:<SHA-256 of the identifier's normal form>`. */
  person: string;
  /** The user the identifier names, if any (only they can have addresses known from past successes). */
  userId: string | null;
  /** The client address, as throttleAddress() gives it. */
  address: string;
}

/**
 * Counts sign-in failures per (person, address) pair, per address and per person, across every server process.
 * An attempt is counted atomically before the password is checked, so concurrent guesses cannot slip past a limit.
 */
export interface LoginThrottle {
  /** Counts the attempt as a failure; returns the seconds to wait when it may not be tried now (nothing counted), else 0. */
  attempt(attempt: SignInAttempt): Promise<number>;
  /**
   * The password was right (for `userId`, who may not be the first user the identifier named): give the attempt
   * back, forget the pair's failures, remember the address as the user's.
   */
  succeeded(attempt: SignInAttempt, userId: string): Promise<void>;
}

/** The time, injectable so that tests can move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';

export const USER_REPOSITORY = Symbol('UserRepository');
export const CONSENT_REPOSITORY = Symbol('ConsentRepository');
export const PASSWORD_HASHER = Symbol('PasswordHasher');
export const LOGIN_THROTTLE = Symbol('LoginThrottle');
export const CLOCK = Symbol('Clock');
export const UNIT_OF_WORK = Symbol('UnitOfWork');

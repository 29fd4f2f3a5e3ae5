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

/**
 * Counts sign-in attempts per key inside a window, across every server process. An attempt is counted
 * atomically before the password is checked, so concurrent guesses cannot slip past the limit.
 */
export interface LoginThrottle {
  /** Counts one attempt on each key; returns seconds to wait when any key is now over its limit, else 0. */
  attempt(keys: { key: string; limit: number }[]): Promise<number>;
  /** After a successful sign-in: forget the subject's attempts and give back the address's. */
  succeeded(subjectKey: string, addressKey: string): Promise<void>;
}

export type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';

export const USER_REPOSITORY = Symbol('UserRepository');
export const CONSENT_REPOSITORY = Symbol('ConsentRepository');
export const PASSWORD_HASHER = Symbol('PasswordHasher');
export const LOGIN_THROTTLE = Symbol('LoginThrottle');
export const UNIT_OF_WORK = Symbol('UnitOfWork');

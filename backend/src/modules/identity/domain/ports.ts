import type { User } from './user.js';
import type { ParentalConsent } from './parental-consent.js';

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findByPhoneKey(key: string): Promise<User | null>;
  findByDisplayNameKey(key: string): Promise<User | null>;
  add(user: User): void;
}

export interface ConsentRepository {
  findByTokenHash(hash: string): Promise<ParentalConsent | null>;
  add(consent: ParentalConsent): void;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so unknown identifiers answer as slowly as wrong passwords. */
  burn(password: string): Promise<void>;
}

/** Counts failed sign-ins per key inside a sliding window, across every server process. */
export interface LoginThrottle {
  /** Seconds until the first locked key unlocks, or 0 when none is locked. */
  lockedFor(keys: string[]): Promise<number>;
  recordFailure(keys: { key: string; limit: number }[]): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface UnitOfWork {
  /** Writes every change of the use case in one transaction. */
  commit(): Promise<void>;
}

export const USER_REPOSITORY = Symbol('UserRepository');
export const CONSENT_REPOSITORY = Symbol('ConsentRepository');
export const PASSWORD_HASHER = Symbol('PasswordHasher');
export const LOGIN_THROTTLE = Symbol('LoginThrottle');
export const UNIT_OF_WORK = Symbol('UnitOfWork');

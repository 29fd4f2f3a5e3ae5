import { DomainError, ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';

/**
 * The founder's credentials (product.md §11): email, phone and driver's licence number (Personal Access), username and
 * master key (Legacy Access). Each is kept as a hash of its normal form only, so the spellings a person types are one:
 * the email lower-cased and trimmed, the phone its digits, the licence number upper-cased without spaces or dashes, the
 * username lower-cased and trimmed. The master key is taken exactly as typed.
 */
export const normalise = {
  email: (v: string): string => v.trim().toLowerCase(),
  phone: (v: string): string => v.replace(/\D/g, ''),
  licenseNumber: (v: string): string => v.replace(/[\s-]/g, '').toUpperCase(),
  username: (v: string): string => v.trim().toLowerCase(),
};

export const MASTER_KEY_MIN = 12;
export const MASTER_KEY_MAX = 256;

export interface FounderCredentials {
  email: string;
  phone: string;
  licenseNumber: string;
  username: string;
  masterKey: string;
}

/** The credentials of a founder set-up, normalised; every problem found at once. */
export function parseFounderCredentials(input: Partial<Record<keyof FounderCredentials, unknown>>): FounderCredentials {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const email = normalise.email(text(input.email));
  const phone = normalise.phone(text(input.phone));
  const licenseNumber = normalise.licenseNumber(text(input.licenseNumber));
  const username = normalise.username(text(input.username));
  const masterKey = text(input.masterKey);
  const problems: FieldProblem[] = [];
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) problems.push({ field: 'email', message: 'Enter a valid email address' });
  if (phone.length < 7 || phone.length > 15) problems.push({ field: 'phone', message: 'The phone number must have 7 to 15 digits' });
  if (!/^[A-Z0-9]{4,30}$/.test(licenseNumber)) problems.push({ field: 'license_number', message: "The driver's licence number must be 4 to 30 letters or digits" });
  if (username.length < 3 || username.length > 50 || /\s/.test(username)) problems.push({ field: 'username', message: 'The username must be 3 to 50 characters without spaces' });
  if (masterKey.length < MASTER_KEY_MIN || masterKey.length > MASTER_KEY_MAX) problems.push({ field: 'master_key', message: `The master key must be ${MASTER_KEY_MIN} to ${MASTER_KEY_MAX} characters` });
  if (problems.length) throw new ValidationError(problems);
  return { email, phone, licenseNumber, username, masterKey };
}

/** The founder as stored: hashes only. */
export interface FounderAccount {
  id: string;
  emailHash: string;
  phoneHash: string;
  licenseNumberHash: string;
  usernameHash: string;
  masterKeyHash: string;
  tokenVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export type SignInForm = 'personal' | 'legacy';

/** Sign-in lockout (product.md §11): five failures within 15 minutes lock both forms, from every address, for 15 minutes. */
export const LOCKOUT = { failures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
/** On top of the lockout, sign-in attempts (right or wrong) per client address per minute. */
export const ATTEMPTS_PER_ADDRESS_PER_MINUTE = 30;

export const PERSONAL_DENIED = 'Access Denied: Invalid personal credentials';
export const LEGACY_DENIED = 'Access Denied: Invalid founder credentials';
export const LOCKED_MESSAGE = 'Founder sign-in is locked for 15 minutes after repeated failures';

export const founderErrors = {
  /** The same answer whatever was wrong, and whether or not a founder is set up. */
  denied: (form: SignInForm) => new DomainError('unauthenticated', 'FOUNDER.ACCESS_DENIED', form === 'personal' ? PERSONAL_DENIED : LEGACY_DENIED),
  locked: (retryAfterSeconds: number) => new DomainError('rate_limited', 'FOUNDER.LOCKED', LOCKED_MESSAGE, undefined, retryAfterSeconds),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'RATE_LIMITED', 'Too many founder sign-in attempts from this address. Please wait a minute.', undefined, retryAfterSeconds),
};

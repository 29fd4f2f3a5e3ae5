import { DomainError } from '../../../common/errors/domain-error.js';

export const InvalidCredentials = () => new DomainError('unauthenticated', 'IDENTITY.INVALID_CREDENTIALS', 'Invalid credentials');
export const AwaitingParentalConsent = () =>
  new DomainError(
    'forbidden',
    'IDENTITY.PARENTAL_CONSENT_PENDING',
    "This account is awaiting parental consent. Ask your parent to approve it from the email we sent to them.",
  );
export const AccessDenied = () =>
  new DomainError('forbidden', 'IDENTITY.ACCESS_DENIED', 'Account access denied. Please contact support.');
export const TooManyLoginAttempts = (seconds: number) =>
  new DomainError(
    'rate_limited',
    'IDENTITY.TOO_MANY_LOGIN_ATTEMPTS',
    `Too many failed sign-in attempts. Try again in ${waitText(seconds)}.`,
    undefined,
    seconds,
  );
function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}
export const DisplayNameTaken = () => new DomainError('conflict', 'IDENTITY.DISPLAY_NAME_TAKEN', 'Display name is already taken');
export const EmailTaken = () => new DomainError('conflict', 'IDENTITY.EMAIL_TAKEN', 'Email is already registered');
export const PhoneTaken = () => new DomainError('conflict', 'IDENTITY.PHONE_TAKEN', 'Phone number is already registered');
export const ConsentNotFound = () => new DomainError('not_found', 'IDENTITY.CONSENT_NOT_FOUND', 'This consent link is not valid');
export const ConsentAlreadyDecided = () =>
  new DomainError('conflict', 'IDENTITY.CONSENT_ALREADY_DECIDED', 'This consent request has already been answered');
export const ConsentExpired = () => new DomainError('gone', 'IDENTITY.CONSENT_EXPIRED', 'This consent link has expired');
export const SessionInvalid = () => new DomainError('unauthenticated', 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');

import { AUTH_MESSAGES as M } from './messages';
import type { LoginMode, RegisterRequest } from './types';

export const DISPLAY_NAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** Under this age an account needs a parent's consent. */
export const PARENTAL_CONSENT_AGE = 13;

export type ContactMethod = 'email' | 'phone';

export interface RegistrationValues {
  first_name: string;
  last_name: string;
  display_name: string;
  contact_method: ContactMethod;
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
  date_of_birth: string;
  parent_email: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const emptyRegistration: RegistrationValues = {
  first_name: '',
  last_name: '',
  display_name: '',
  contact_method: 'email',
  email: '',
  phone_number: '',
  password: '',
  confirm_password: '',
  date_of_birth: '',
  parent_email: '',
};

/** Parses 'YYYY-MM-DD' as a calendar date; null when it is not one. */
function parseDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** 'YYYY-MM-DD' of `date` in UTC: the calendar day the server counts ages (and "not in the future") on. */
export function utcIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Age in whole years on the UTC date of `today`, as the server computes it (so the parent's email is asked
 * for exactly when the server will require it), or null when the date of birth is empty or not a date.
 */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  const dob = parseDate(dateOfBirth);
  if (!dob) return null;
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  let age = year - dob.year;
  if (month < dob.month || (month === dob.month && day < dob.day)) age -= 1;
  return age;
}

/** True when the date of birth says the person is under 13 (parental consent needed). */
export function needsParentalConsent(dateOfBirth: string, today: Date = new Date()): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= 0 && age < PARENTAL_CONSENT_AGE;
}

export function validateRegistration(values: RegistrationValues, today: Date = new Date()): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!values.first_name.trim()) errors.first_name = M.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = M.lastNameRequired;

  const displayName = values.display_name.trim();
  if (!displayName) errors.display_name = M.displayNameRequired;
  else if (!DISPLAY_NAME_PATTERN.test(displayName)) errors.display_name = M.displayNameFormat;

  if (values.contact_method === 'email') {
    const email = values.email.trim();
    if (!email) errors.email = M.emailRequired;
    else if (!EMAIL_PATTERN.test(email)) errors.email = M.emailFormat;
  } else {
    const phone = values.phone_number.trim();
    if (!phone) errors.phone_number = M.phoneRequired;
    else if (!PHONE_PATTERN.test(phone)) errors.phone_number = M.phoneFormat;
  }

  if (!values.password) errors.password = M.passwordRequired;
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = M.passwordLength;
  if (values.password !== values.confirm_password) errors.confirm_password = M.passwordsMismatch;

  const age = ageOn(values.date_of_birth, today);
  if (age !== null && age < 0) errors.date_of_birth = M.dateOfBirthInFuture;
  else if (values.date_of_birth && (parseDate(values.date_of_birth)?.year ?? 1900) < 1900) errors.date_of_birth = M.dateOfBirthTooEarly;
  if (needsParentalConsent(values.date_of_birth, today)) {
    const parentEmail = values.parent_email.trim();
    if (!parentEmail) errors.parent_email = M.parentEmailRequired;
    else if (!EMAIL_PATTERN.test(parentEmail)) errors.parent_email = M.emailFormat;
  }
  return errors;
}

/** The request body: confirm_password stays on the client, only the chosen contact is sent. */
export function toRegisterRequest(values: RegistrationValues, today: Date = new Date()): RegisterRequest {
  const body: RegisterRequest = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    display_name: values.display_name.trim(),
    password: values.password,
    contact_method: values.contact_method,
  };
  if (values.contact_method === 'email') body.email = values.email.trim();
  else body.phone_number = values.phone_number.trim();
  if (values.date_of_birth) body.date_of_birth = values.date_of_birth;
  if (needsParentalConsent(values.date_of_birth, today)) body.parent_email = values.parent_email.trim();
  return body;
}

export interface LoginValues {
  mode: LoginMode;
  login_identifier: string;
  password: string;
}

export type LoginErrors = Partial<Record<'login_identifier' | 'password', string>>;

export const LOGIN_MODES: Record<LoginMode, { label: string; required: string; type: 'email' | 'tel' | 'text' }> = {
  email: { label: 'Email', required: M.emailRequired, type: 'email' },
  phone: { label: 'Phone number', required: M.phoneRequired, type: 'tel' },
  display_name: { label: 'Display name', required: M.displayNameRequired, type: 'text' },
};

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.login_identifier.trim()) errors.login_identifier = LOGIN_MODES[values.mode].required;
  if (!values.password) errors.password = M.passwordRequired;
  return errors;
}

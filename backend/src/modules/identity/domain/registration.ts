import type { FieldProblem } from '../../../common/errors/domain-error.js';
import { toE164 } from './phone.js';

export const DISPLAY_NAME_RE = /^[A-Za-z0-9_]{3,20}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_RE = /^\+?[\d\s\-()]{10,}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
/** Below this age (in years) an account needs a parent's consent. */
export const CONSENT_AGE = 13;

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  displayNameRequired: 'Display name is required',
  displayNameFormat: 'Display name must be 3-20 characters, letters, numbers, and underscores only',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Invalid phone number format',
  phoneInvalid: 'Phone number is not a valid number. Include the country code (for example +44 20 7946 0958); without one it is read as a US number',
  nameTooLong: (label: string) => `${label} must be at most ${NAME_MAX} characters`,
  dateOfBirthFormat: 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future',
  parentEmailRequired: 'Parent email is required for users under 13',
  parentEmailFormat: 'Invalid parent email format',
  parentEmailSame: "The parent's email must be different from your own",
  contactMethod: 'Contact method must be email or phone',
} as const;

export interface RegistrationInput {
  first_name?: unknown;
  last_name?: unknown;
  display_name?: unknown;
  password?: unknown;
  contact_method?: unknown;
  email?: unknown;
  phone_number?: unknown;
  date_of_birth?: unknown;
  parent_email?: unknown;
}

export interface ValidRegistration {
  firstName: string;
  lastName: string;
  displayName: string;
  password: string;
  email: string | null;
  phoneNumber: string | null;
  dateOfBirth: string | null;
  parentEmail: string | null;
  needsParentalConsent: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

function validDate(s: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

/** The rules of seed 002 §5 and product.md §2, in the order a form shows them. */
export function validateRegistration(input: RegistrationInput, today = new Date()): { problems: FieldProblem[]; value?: ValidRegistration } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const firstName = text(input.first_name);
  const lastName = text(input.last_name);
  const displayName = text(input.display_name);
  const password = typeof input.password === 'string' ? input.password : '';

  if (!firstName) add('first_name', MESSAGES.firstNameRequired);
  else if (firstName.length > NAME_MAX) add('first_name', MESSAGES.nameTooLong('First name'));
  if (!lastName) add('last_name', MESSAGES.lastNameRequired);
  else if (lastName.length > NAME_MAX) add('last_name', MESSAGES.nameTooLong('Last name'));
  if (!displayName) add('display_name', MESSAGES.displayNameRequired);
  else if (!DISPLAY_NAME_RE.test(displayName)) add('display_name', MESSAGES.displayNameFormat);

  let method = input.contact_method;
  if (method === undefined || method === null || method === '') method = text(input.email) || !text(input.phone_number) ? 'email' : 'phone';
  let email: string | null = null;
  let phoneNumber: string | null = null;
  if (method === 'email') {
    const e = text(input.email);
    if (!e) add('email', MESSAGES.emailRequired);
    else if (!EMAIL_RE.test(e) || e.length > EMAIL_MAX) add('email', MESSAGES.emailFormat);
    else email = e.toLowerCase();
  } else if (method === 'phone') {
    const p = text(input.phone_number);
    if (!p) add('phone_number', MESSAGES.phoneRequired);
    else if (!PHONE_RE.test(p) || p.length > PHONE_MAX || p.replace(/\D/g, '').length < 7) add('phone_number', MESSAGES.phoneFormat);
    else {
      // Stored in E.164, so every spelling of one number is one person.
      phoneNumber = toE164(p, 'valid');
      if (!phoneNumber) add('phone_number', MESSAGES.phoneInvalid);
    }
  } else {
    add('contact_method', MESSAGES.contactMethod);
  }

  if (!password) add('password', MESSAGES.passwordRequired);
  else if (password.length < PASSWORD_MIN) add('password', MESSAGES.passwordLength);
  else if (password.length > PASSWORD_MAX) add('password', MESSAGES.passwordTooLong);

  let dateOfBirth: string | null = null;
  let parentEmail: string | null = null;
  let needsParentalConsent = false;
  const dob = text(input.date_of_birth);
  if (dob) {
    if (!validDate(dob, today)) add('date_of_birth', MESSAGES.dateOfBirthFormat);
    else {
      dateOfBirth = dob;
      needsParentalConsent = ageOn(dob, today) < CONSENT_AGE;
    }
  }
  const pe = text(input.parent_email);
  if (needsParentalConsent) {
    if (!pe) add('parent_email', MESSAGES.parentEmailRequired);
    else if (!EMAIL_RE.test(pe) || pe.length > EMAIL_MAX) add('parent_email', MESSAGES.parentEmailFormat);
    else if (email && pe.toLowerCase() === email) add('parent_email', MESSAGES.parentEmailSame);
    else parentEmail = pe.toLowerCase();
  }

  if (problems.length) return { problems };
  return {
    problems,
    value: { firstName, lastName, displayName, password, email, phoneNumber, dateOfBirth, parentEmail, needsParentalConsent },
  };
}

export type IdentifierKind = 'email' | 'phone' | 'display_name';

/** How a login identifier is read: by its shape. Phone-shaped identifiers also try the display name. */
export function identifierKinds(identifier: string): IdentifierKind[] {
  if (identifier.includes('@')) return ['email'];
  if (PHONE_RE.test(identifier)) return DISPLAY_NAME_RE.test(identifier) ? ['phone', 'display_name'] : ['phone'];
  return ['display_name'];
}

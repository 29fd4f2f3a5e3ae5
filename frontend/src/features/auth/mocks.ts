import { HttpResponse } from 'msw';
import { http, errorBody } from '../../mocks/http';
import {
  createConsent,
  createMockUser,
  findUserByIdentifier,
  issueUserToken,
  mockDb,
  userForAuthorization,
} from '../../mocks/db';
import {
  DISPLAY_NAME_PATTERN,
  EMAIL_PATTERN,
  MIN_PASSWORD_LENGTH,
  PHONE_PATTERN,
  ageOn,
  needsParentalConsent,
} from './validation';
import { AUTH_MESSAGES } from './messages';
import type { ParentalConsentDto, RegisterRequest } from './types';
import type { components } from '../../api/schema';

type FieldProblem = components['schemas']['FieldErrorDto'];

/** The server's limits and messages beyond the form's own (backend identity/domain/registration.ts). */
const SERVER_LIMITS = { name: 50, email: 254, phone: 30, password: 256, earliestBirthYear: 1900, phoneDigits: 7 };
const SERVER_MESSAGES = {
  nameTooLong: (label: string) => `${label} must be at most ${SERVER_LIMITS.name} characters`,
  passwordTooLong: `Password must be at most ${SERVER_LIMITS.password} characters long`,
  dateOfBirthFormat: 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future',
  parentEmailFormat: 'Invalid parent email format',
  parentEmailSame: "The parent's email must be different from your own",
  contactMethod: 'Contact method must be email or phone',
};

interface ValidRegistration {
  firstName: string;
  lastName: string;
  displayName: string;
  password: string;
  email: string | null;
  phoneNumber: string | null;
  parentEmail: string | null;
  needsParentalConsent: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The server's registration rules, in its order (first_name, last_name, display_name, email or phone_number,
 * password, date_of_birth, parent_email), computed with the form's own patterns and its (UTC) age.
 */
export function validateRegistrationRequest(
  body: Partial<Record<keyof RegisterRequest, unknown>>,
  today: Date = new Date(),
): { problems: FieldProblem[]; value?: ValidRegistration } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const firstName = text(body.first_name);
  const lastName = text(body.last_name);
  const displayName = text(body.display_name);
  const password = typeof body.password === 'string' ? body.password : '';

  if (!firstName) add('first_name', AUTH_MESSAGES.firstNameRequired);
  else if (firstName.length > SERVER_LIMITS.name) add('first_name', SERVER_MESSAGES.nameTooLong('First name'));
  if (!lastName) add('last_name', AUTH_MESSAGES.lastNameRequired);
  else if (lastName.length > SERVER_LIMITS.name) add('last_name', SERVER_MESSAGES.nameTooLong('Last name'));
  if (!displayName) add('display_name', AUTH_MESSAGES.displayNameRequired);
  else if (!DISPLAY_NAME_PATTERN.test(displayName)) add('display_name', AUTH_MESSAGES.displayNameFormat);

  let method = body.contact_method;
  if (method === undefined || method === null || method === '') {
    method = text(body.email) || !text(body.phone_number) ? 'email' : 'phone';
  }
  let email: string | null = null;
  let phoneNumber: string | null = null;
  if (method === 'email') {
    const value = text(body.email);
    if (!value) add('email', AUTH_MESSAGES.emailRequired);
    else if (!EMAIL_PATTERN.test(value) || value.length > SERVER_LIMITS.email) add('email', AUTH_MESSAGES.emailFormat);
    else email = value.toLowerCase();
  } else if (method === 'phone') {
    const value = text(body.phone_number);
    if (!value) add('phone_number', AUTH_MESSAGES.phoneRequired);
    else if (
      !PHONE_PATTERN.test(value) ||
      value.length > SERVER_LIMITS.phone ||
      value.replace(/\D/g, '').length < SERVER_LIMITS.phoneDigits
    ) {
      add('phone_number', AUTH_MESSAGES.phoneFormat);
    } else phoneNumber = value;
  } else {
    add('contact_method', SERVER_MESSAGES.contactMethod);
  }

  if (!password) add('password', AUTH_MESSAGES.passwordRequired);
  else if (password.length < MIN_PASSWORD_LENGTH) add('password', AUTH_MESSAGES.passwordLength);
  else if (password.length > SERVER_LIMITS.password) add('password', SERVER_MESSAGES.passwordTooLong);

  let underThirteen = false;
  const dateOfBirth = text(body.date_of_birth);
  if (dateOfBirth) {
    const age = ageOn(dateOfBirth, today); // null when not a real YYYY-MM-DD date, negative in the future
    if (age === null || age < 0 || Number(dateOfBirth.slice(0, 4)) < SERVER_LIMITS.earliestBirthYear) {
      add('date_of_birth', SERVER_MESSAGES.dateOfBirthFormat);
    } else underThirteen = needsParentalConsent(dateOfBirth, today);
  }
  let parentEmail: string | null = null;
  if (underThirteen) {
    const value = text(body.parent_email);
    if (!value) add('parent_email', AUTH_MESSAGES.parentEmailRequired);
    else if (!EMAIL_PATTERN.test(value) || value.length > SERVER_LIMITS.email) {
      add('parent_email', SERVER_MESSAGES.parentEmailFormat);
    } else if (email && value.toLowerCase() === email) add('parent_email', SERVER_MESSAGES.parentEmailSame);
    else parentEmail = value.toLowerCase();
  }

  if (problems.length) return { problems };
  return {
    problems,
    value: { firstName, lastName, displayName, password, email, phoneNumber, parentEmail, needsParentalConsent: underThirteen },
  };
}

/** The server's answers for identity calls, backed by the in-memory mock data. */
export const authHandlers = [
  http.post('/api/register', async ({ request, response }) => {
    const { problems, value } = validateRegistrationRequest(await request.json());
    if (!value) {
      // As the server's ValidationError: every problem, the first one as the detail.
      return response(400).json(errorBody(400, 'VALIDATION_FAILED', problems[0].message, problems));
    }

    const conflict = (code: string, detail: string) => response(409).json(errorBody(409, code, detail));
    if (findUserByIdentifier(value.displayName)) {
      return conflict('IDENTITY.DISPLAY_NAME_TAKEN', 'Display name is already taken');
    }
    if (value.email && findUserByIdentifier(value.email)) {
      return conflict('IDENTITY.EMAIL_TAKEN', 'Email is already registered');
    }
    if (value.phoneNumber && findUserByIdentifier(value.phoneNumber)) {
      return conflict('IDENTITY.PHONE_TAKEN', 'Phone number is already registered');
    }

    const account = createMockUser(
      {
        display_name: value.displayName,
        first_name: value.firstName,
        last_name: value.lastName,
        email: value.email,
        phone_number: value.phoneNumber,
      },
      value.password,
      value.needsParentalConsent ? 'pending_parental_consent' : 'active',
    );

    if (value.needsParentalConsent) {
      const consent = createConsent(account.user.id);
      // The real server mails this link to the parent (or logs it without SMTP).
      console.info(`[mock] Parental consent link for ${value.parentEmail}: /parental-consent/${consent.token}`);
      return response(201).json({
        user: account.user,
        account_status: 'pending_parental_consent',
        message: "Registration received. Your account is awaiting parental consent: we sent a link to your parent's email.",
      });
    }
    return response(201).json({
      user: account.user,
      account_status: 'active',
      message: 'Registration successful! You can now sign in.',
    });
  }),

  http.post('/api/login', async ({ request, response }) => {
    const { login_identifier, password } = await request.json();
    const account = login_identifier ? findUserByIdentifier(login_identifier) : undefined;
    if (!account || account.password !== password) {
      return response(401).json(errorBody(401, 'IDENTITY.INVALID_CREDENTIALS', 'Invalid credentials'));
    }
    if (account.status === 'pending_parental_consent') {
      return response(403).json(
        errorBody(
          403,
          'IDENTITY.PARENTAL_CONSENT_PENDING',
          'This account is awaiting parental consent. Ask your parent to approve it from the email we sent to them.',
        ),
      );
    }
    if (account.status === 'denied') {
      return response(403).json(errorBody(403, 'IDENTITY.ACCESS_DENIED', 'Account access denied. Please contact support.'));
    }
    return response(200).json({
      access_token: issueUserToken(account.user.id),
      token_type: 'bearer',
      expires_in: 86_400,
    });
  }),

  http.get('/api/me', ({ request, response }) => {
    const account = userForAuthorization(request.headers.get('Authorization'));
    if (!account) return response(401).json(sessionInvalid());
    return response(200).json(account.user);
  }),

  http.post('/api/logout-all', ({ request, response }) => {
    const account = userForAuthorization(request.headers.get('Authorization'));
    // The contract does not list 401 for this path yet (the guard answers it), hence `untyped`.
    if (!account) return response.untyped(HttpResponse.json(sessionInvalid(), { status: 401 }));
    for (const [token, userId] of mockDb.tokens) {
      if (userId === account.user.id) mockDb.tokens.delete(token);
    }
    return response(200).json({ message: 'Signed out on every device' });
  }),

  http.get('/api/parental-consent/{token}', ({ params, response }) => {
    const consent = mockDb.consents.get(params.token);
    const child = consent ? mockDb.users.get(consent.userId) : undefined;
    if (!consent || !child) {
      return response(404).json(consentNotFound());
    }
    return response(200).json({
      child_display_name: child.user.display_name,
      status: consent.status,
      expires_at: consent.expiresAt,
    });
  }),

  http.post('/api/parental-consent/{token}/approve', ({ params, response }) => {
    const outcome = decideConsent(params.token, 'approve');
    if (outcome.status === 200) return response(200).json(outcome.body);
    // The contract does not list 404 for the decisions yet, hence `untyped`.
    if (outcome.status === 404) return response.untyped(HttpResponse.json(outcome.body, { status: 404 }));
    return response(outcome.status).json(outcome.body);
  }),

  http.post('/api/parental-consent/{token}/refuse', ({ params, response }) => {
    const outcome = decideConsent(params.token, 'refuse');
    if (outcome.status === 200) return response(200).json(outcome.body);
    if (outcome.status === 404) return response.untyped(HttpResponse.json(outcome.body, { status: 404 }));
    return response(outcome.status).json(outcome.body);
  }),
];

const sessionInvalid = () =>
  errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');
const consentNotFound = () => errorBody(404, 'IDENTITY.CONSENT_NOT_FOUND', 'This consent link is not valid');

type ConsentOutcome =
  | { status: 200; body: ParentalConsentDto }
  | { status: 404 | 409 | 410; body: ReturnType<typeof errorBody> };

/** Records a parent's decision: the child's account becomes active (approve) or denied (refuse). */
function decideConsent(token: string, decision: 'approve' | 'refuse'): ConsentOutcome {
  const consent = mockDb.consents.get(token);
  const child = consent ? mockDb.users.get(consent.userId) : undefined;
  if (!consent || !child) {
    return { status: 404, body: consentNotFound() };
  }
  if (consent.status !== 'pending') {
    return {
      status: 409,
      body: errorBody(409, 'IDENTITY.CONSENT_ALREADY_DECIDED', 'This consent request has already been answered'),
    };
  }
  if (Date.parse(consent.expiresAt) <= Date.now()) {
    return { status: 410, body: errorBody(410, 'IDENTITY.CONSENT_EXPIRED', 'This consent link has expired') };
  }
  consent.status = decision === 'approve' ? 'approved' : 'refused';
  child.status = decision === 'approve' ? 'active' : 'denied';
  return {
    status: 200,
    body: { child_display_name: child.user.display_name, status: consent.status, expires_at: consent.expiresAt },
  };
}

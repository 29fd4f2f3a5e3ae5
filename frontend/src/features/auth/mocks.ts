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
import { DISPLAY_NAME_PATTERN, EMAIL_PATTERN, MIN_PASSWORD_LENGTH, PHONE_PATTERN, needsParentalConsent } from './validation';
import { AUTH_MESSAGES } from './messages';
import type { ParentalConsentDto } from './types';

/** The server's answers for identity calls, backed by the in-memory mock data. */
export const authHandlers = [
  http.post('/api/register', async ({ request, response }) => {
    const body = await request.json();
    const invalid = (detail: string) => response(400).json(errorBody(400, 'IDENTITY.INVALID_REGISTRATION', detail));

    if (!body.first_name?.trim()) return invalid(AUTH_MESSAGES.firstNameRequired);
    if (!body.last_name?.trim()) return invalid(AUTH_MESSAGES.lastNameRequired);
    if (!body.display_name?.trim()) return invalid(AUTH_MESSAGES.displayNameRequired);
    if (!DISPLAY_NAME_PATTERN.test(body.display_name)) return invalid(AUTH_MESSAGES.displayNameFormat);
    if (!body.password) return invalid(AUTH_MESSAGES.passwordRequired);
    if (body.password.length < MIN_PASSWORD_LENGTH) return invalid(AUTH_MESSAGES.passwordLength);
    if (!body.email && !body.phone_number) return invalid(AUTH_MESSAGES.emailRequired);
    if (body.email && !EMAIL_PATTERN.test(body.email)) return invalid(AUTH_MESSAGES.emailFormat);
    if (body.phone_number && !PHONE_PATTERN.test(body.phone_number)) return invalid(AUTH_MESSAGES.phoneFormat);

    const underThirteen = body.date_of_birth ? needsParentalConsent(body.date_of_birth) : false;
    if (underThirteen && !body.parent_email) return invalid(AUTH_MESSAGES.parentEmailRequired);

    const conflict = (code: string, detail: string) => response(409).json(errorBody(409, code, detail));
    if (findUserByIdentifier(body.display_name)) {
      return conflict('IDENTITY.DISPLAY_NAME_TAKEN', 'Display name is already taken');
    }
    if (body.email && findUserByIdentifier(body.email)) {
      return conflict('IDENTITY.EMAIL_TAKEN', 'Email is already registered');
    }
    if (body.phone_number && findUserByIdentifier(body.phone_number)) {
      return conflict('IDENTITY.PHONE_TAKEN', 'Phone number is already registered');
    }

    const account = createMockUser(
      {
        display_name: body.display_name,
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        email: body.email ?? null,
        phone_number: body.phone_number ?? null,
      },
      body.password,
      underThirteen ? 'pending_parental_consent' : 'active',
    );

    if (underThirteen) {
      const consent = createConsent(account.user.id);
      // The real server mails this link to the parent (or logs it without SMTP).
      console.info(`[mock] Parental consent link for ${body.parent_email}: /parental-consent/${consent.token}`);
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

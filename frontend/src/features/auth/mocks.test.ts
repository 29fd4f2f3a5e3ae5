import { describe, expect, jest, test } from '@jest/globals';
import { createApiClient } from '../../api/client';
import { yearsAgo } from '../../test/dates';
import { validateRegistrationRequest } from './mocks';
import type { RegisterRequest } from './types';

// The mock API must refuse a registration exactly as the server does (backend identity/domain/registration.ts
// and its error filter): 400 VALIDATION_FAILED, every problem in `errors`, the first one as the detail.

const api = createApiClient({ getUserToken: () => null });

const valid: RegisterRequest = {
  first_name: 'Grace',
  last_name: 'Hopper',
  display_name: 'grace_h',
  contact_method: 'email',
  email: 'grace@example.com',
  password: 'password123',
};

async function register(body: Partial<Record<keyof RegisterRequest, unknown>>) {
  const { response, data, error } = await api.POST('/api/register', { body: body as RegisterRequest });
  return { status: response.status, data, error };
}

describe('mock registration', () => {
  test('an empty form is refused with every problem, in the server order, the first as the detail', async () => {
    const { status, error } = await register({});

    expect(status).toBe(400);
    expect(error).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      detail: 'First name is required',
      message: 'First name is required',
      errors: [
        { field: 'first_name', message: 'First name is required' },
        { field: 'last_name', message: 'Last name is required' },
        { field: 'display_name', message: 'Display name is required' },
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ],
    });
  });

  test('malformed values are listed field by field, the parent email last', async () => {
    const { status, error } = await register({
      ...valid,
      display_name: 'a!',
      email: 'not-an-email',
      password: 'short',
      date_of_birth: yearsAgo(10),
    });

    expect(status).toBe(400);
    expect(error).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Display name must be 3-20 characters, letters, numbers, and underscores only',
      message: 'Display name must be 3-20 characters, letters, numbers, and underscores only',
      errors: [
        { field: 'display_name', message: 'Display name must be 3-20 characters, letters, numbers, and underscores only' },
        { field: 'email', message: 'Invalid email format' },
        { field: 'password', message: 'Password must be at least 8 characters long' },
        { field: 'parent_email', message: 'Parent email is required for users under 13' },
      ],
    });
  });

  const NOT_A_DATE = 'Date of birth must be a real date in the form YYYY-MM-DD, not in the future';
  test.each([
    ['phone chosen, none given', { contact_method: 'phone', email: undefined }, 'phone_number', 'Phone number is required'],
    ['a phone too short', { contact_method: 'phone', phone_number: '555-1234' }, 'phone_number', 'Invalid phone number format'],
    ['only a bad phone, no method', { contact_method: undefined, email: undefined, phone_number: '12345' }, 'phone_number', 'Invalid phone number format'],
    ['a blank first name', { first_name: '  ' }, 'first_name', 'First name is required'],
    ['a last name of 51 characters', { last_name: 'x'.repeat(51) }, 'last_name', 'Last name must be at most 50 characters'],
    ['a password of 257 characters', { password: 'x'.repeat(257) }, 'password', 'Password must be at most 256 characters long'],
    ['an unknown contact method', { contact_method: 'fax' }, 'contact_method', 'Contact method must be email or phone'],
    ['a date that does not exist', { date_of_birth: '2015-02-30' }, 'date_of_birth', NOT_A_DATE],
    ['a date before 1900', { date_of_birth: '1899-12-31' }, 'date_of_birth', NOT_A_DATE],
    ['a date in the future', { date_of_birth: yearsAgo(-1) }, 'date_of_birth', NOT_A_DATE],
    ['a malformed parent email', { date_of_birth: yearsAgo(10), parent_email: 'nope' }, 'parent_email', 'Invalid parent email format'],
    ["the child's own email as the parent's", { date_of_birth: yearsAgo(10), parent_email: 'Grace@Example.com' }, 'parent_email', "The parent's email must be different from your own"],
  ] as const)('%s is refused', async (_case, override, field, message) => {
    const { status, error } = await register({ ...valid, ...override });

    expect(status).toBe(400);
    expect(error).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', detail: message, message, errors: [{ field, message }] });
  });

  test('under 13 is counted on the UTC date, as the server does', () => {
    const utcEvening = new Date('2025-06-15T20:00:00Z'); // already 16 June in the tests' time zone
    const birthday = { ...valid, date_of_birth: '2012-06-16' };

    expect(validateRegistrationRequest(birthday, utcEvening).problems).toEqual([
      { field: 'parent_email', message: 'Parent email is required for users under 13' },
    ]);
    expect(validateRegistrationRequest(birthday, new Date('2025-06-16T00:00:00Z')).value?.needsParentalConsent).toBe(false);
  });

  test('a valid registration is stored as the server stores it: trimmed, email in lower case', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => {}); // the consent link the mock "mails"
    const created = await register({ ...valid, first_name: ' Grace ', email: ' Grace@Example.COM ' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      account_status: 'active',
      user: { first_name: 'Grace', display_name: 'grace_h', email: 'grace@example.com' },
    });

    const child = await register({
      ...valid,
      display_name: 'young_grace',
      email: 'young@example.com',
      date_of_birth: yearsAgo(10),
      parent_email: 'parent@example.com',
    });
    expect(child.status).toBe(201);
    expect(child.data?.account_status).toBe('pending_parental_consent');

    const again = await register({ ...valid, display_name: 'GRACE_H', email: 'other@example.com' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'IDENTITY.DISPLAY_NAME_TAKEN' });
  });
});

import { describe, expect, test } from '@jest/globals';
import { ageOn, emptyRegistration, needsParentalConsent, toRegisterRequest, validateRegistration } from './validation';

const today = new Date(2025, 5, 15); // 15 June 2025, local time

describe('registration rules', () => {
  test('age counts whole years, turning over on the birthday', () => {
    expect(ageOn('2012-06-15', today)).toBe(13);
    expect(ageOn('2012-06-16', today)).toBe(12);
    expect(needsParentalConsent('2012-06-15', today)).toBe(false);
    expect(needsParentalConsent('2012-06-16', today)).toBe(true);
  });

  test('no date, or a date that does not exist, asks for no consent', () => {
    expect(ageOn('', today)).toBeNull();
    expect(ageOn('2015-02-30', today)).toBeNull();
    expect(needsParentalConsent('', today)).toBe(false);
  });

  test('a date of birth in the future is refused', () => {
    const errors = validateRegistration(
      {
        ...emptyRegistration,
        first_name: 'A',
        last_name: 'B',
        display_name: 'abc',
        email: 'a@b.co',
        password: 'password123',
        confirm_password: 'password123',
        date_of_birth: '2030-01-01',
      },
      today,
    );
    expect(errors).toEqual({ date_of_birth: 'Date of birth cannot be in the future' });
  });

  test('a phone number of at least 10 digits, spaces, dashes or brackets is accepted', () => {
    const base = {
      ...emptyRegistration,
      first_name: 'A',
      last_name: 'B',
      display_name: 'abc',
      contact_method: 'phone' as const,
      password: 'password123',
      confirm_password: 'password123',
    };
    expect(validateRegistration({ ...base, phone_number: '+1 (555) 123-4567' }, today)).toEqual({});
    expect(validateRegistration({ ...base, phone_number: '555-1234' }, today)).toEqual({
      phone_number: 'Invalid phone number format',
    });
  });

  test('the request carries only the chosen contact and never confirm_password', () => {
    const body = toRegisterRequest(
      {
        ...emptyRegistration,
        first_name: ' Ada ',
        last_name: 'Lovelace',
        display_name: 'ada',
        contact_method: 'phone',
        email: 'left-over@example.com',
        phone_number: '+44 20 7946 0958',
        password: 'password123',
        confirm_password: 'password123',
        parent_email: 'ignored@example.com',
      },
      today,
    );
    expect(body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: 'ada',
      password: 'password123',
      contact_method: 'phone',
      phone_number: '+44 20 7946 0958',
    });
  });
});

import { describe, expect, test } from '@jest/globals';
import {
  ageOn,
  emptyRegistration,
  needsParentalConsent,
  toRegisterRequest,
  utcIsoDate,
  validateRegistration,
  type RegistrationValues,
} from './validation';

const validValues: RegistrationValues = {
  ...emptyRegistration,
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'ada',
  email: 'ada@example.com',
  password: 'password123',
  confirm_password: 'password123',
};

const today = new Date('2025-06-15T06:00:00Z'); // 15 June 2025, in UTC and in the tests' time zone

describe('registration rules', () => {
  test('age counts whole years, turning over on the birthday', () => {
    expect(ageOn('2012-06-15', today)).toBe(13);
    expect(ageOn('2012-06-16', today)).toBe(12);
    expect(needsParentalConsent('2012-06-15', today)).toBe(false);
    expect(needsParentalConsent('2012-06-16', today)).toBe(true);
  });

  test('age counts on the UTC date, as the server does, whatever the local date', () => {
    const utcEvening = new Date('2025-06-15T20:00:00Z'); // 15 June in UTC
    const nextUtcDay = new Date('2025-06-16T10:00:00Z'); // 16 June in UTC
    // The tests' time zone (jest.config.js) is ahead of UTC: there it is already 16 June, then 16 June still.
    expect(utcEvening.getDate()).toBe(16);
    expect(nextUtcDay.getDate()).toBe(16);

    expect(ageOn('2012-06-16', utcEvening)).toBe(12);
    expect(needsParentalConsent('2012-06-16', utcEvening)).toBe(true);
    expect(validateRegistration({ ...validValues, date_of_birth: '2012-06-16' }, utcEvening)).toEqual({
      parent_email: 'Parent email is required for users under 13',
    });
    expect(toRegisterRequest({ ...validValues, date_of_birth: '2012-06-16', parent_email: 'mum@example.com' }, utcEvening))
      .toMatchObject({ parent_email: 'mum@example.com' });

    expect(ageOn('2012-06-16', nextUtcDay)).toBe(13);
    expect(needsParentalConsent('2012-06-16', nextUtcDay)).toBe(false);
    expect(utcIsoDate(utcEvening)).toBe('2025-06-15');
  });

  test('a date of birth after the UTC date is in the future, even when it is already that day locally', () => {
    const utcEvening = new Date('2025-06-15T20:00:00Z');
    expect(validateRegistration({ ...validValues, date_of_birth: '2025-06-16' }, utcEvening)).toEqual({
      date_of_birth: 'Date of birth cannot be in the future',
    });
    expect(validateRegistration({ ...validValues, date_of_birth: '2025-06-15' }, utcEvening)).toEqual({
      parent_email: 'Parent email is required for users under 13',
    });
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

describe('date of birth bounds', () => {
  test('refuses a year before 1900, as the server does', () => {
    const errors = validateRegistration({ ...emptyRegistration, first_name: 'A', last_name: 'B', display_name: 'abc', email: 'a@b.co', password: 'longenough', confirm_password: 'longenough', date_of_birth: '1899-12-31' });
    expect(errors.date_of_birth).toBe('Date of birth must be in 1900 or later');
  });
});

import { MESSAGES, ageOn, identifierKinds, validateRegistration } from './registration.js';

const valid = { first_name: ' Ada ', last_name: 'Lovelace', display_name: 'ada_l', email: 'ADA@Example.com', password: 'longenough' };
const today = new Date('2026-06-15T12:00:00Z');

describe('validateRegistration', () => {
  it('accepts a valid form and normalises it', () => {
    const { problems, value } = validateRegistration(valid, today);
    expect(problems).toEqual([]);
    expect(value).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', phoneNumber: null, needsParentalConsent: false });
  });

  it('infers the phone method when only a phone is given', () => {
    const { value } = validateRegistration({ ...valid, email: undefined, phone_number: '+1 (202) 555-0123' }, today);
    expect(value?.phoneNumber).toBe('+12025550123');
    expect(value?.email).toBeNull();
  });

  it('stores a phone number in E.164, reading one without a country code as a US number', () => {
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['0044 20 7946 0958', '+442079460958'],
      ['+442079460958', '+442079460958'],
      ['(202) 555-0123', '+12025550123'],
    ]) {
      expect(validateRegistration({ ...valid, email: undefined, phone_number: typed }, today).value?.phoneNumber).toBe(stored);
    }
  });

  it('refuses a number that no country uses, with a message that says what to do', () => {
    for (const typed of ['+1 555 123 4567', '0000000000', '+999 1234567890', '020 7946 0958']) {
      expect(validateRegistration({ ...valid, email: undefined, phone_number: typed }, today).problems).toEqual([{ field: 'phone_number', message: MESSAGES.phoneInvalid }]);
    }
  });

  it('treats non-string values as missing', () => {
    const { problems } = validateRegistration({ ...valid, first_name: 42, password: ['x'] }, today);
    expect(problems).toEqual([
      { field: 'first_name', message: 'First name is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('needs a parent for a child under 13 on the day before the 13th birthday, not on it', () => {
    expect(validateRegistration({ ...valid, date_of_birth: '2013-06-16' }, today).problems).toEqual([
      { field: 'parent_email', message: 'Parent email is required for users under 13' },
    ]);
    expect(validateRegistration({ ...valid, date_of_birth: '2013-06-15' }, today).value?.needsParentalConsent).toBe(false);
    const child = validateRegistration({ ...valid, date_of_birth: '2016-01-01', parent_email: 'Mum@Example.com' }, today);
    expect(child.value).toMatchObject({ needsParentalConsent: true, parentEmail: 'mum@example.com' });
  });

  it('refuses the child’s own email as the parent’s', () => {
    const r = validateRegistration({ ...valid, date_of_birth: '2016-01-01', parent_email: 'ada@example.com' }, today);
    expect(r.problems[0].field).toBe('parent_email');
  });

  it('refuses dates that do not exist or lie in the future', () => {
    for (const d of ['2020-13-01', '2021-02-29', '1899-12-31', '2027-01-01', '01/02/2010']) {
      expect(validateRegistration({ ...valid, date_of_birth: d }, today).problems[0]?.field).toBe('date_of_birth');
    }
  });
});

describe('ageOn', () => {
  it('counts whole years', () => {
    expect(ageOn('2000-06-15', today)).toBe(26);
    expect(ageOn('2000-06-16', today)).toBe(25);
  });
});

describe('identifierKinds', () => {
  it('reads the identifier by its shape', () => {
    expect(identifierKinds('a@b.co')).toEqual(['email']);
    expect(identifierKinds('+44 20 7946 0958')).toEqual(['phone']);
    expect(identifierKinds('5551234567')).toEqual(['phone', 'display_name']);
    expect(identifierKinds('ada_l')).toEqual(['display_name']);
  });
});

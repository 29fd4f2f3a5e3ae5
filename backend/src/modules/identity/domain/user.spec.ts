import { ParentalConsent, hashConsentToken } from './parental-consent.js';
import { User, phoneKey, phoneLookupKeys } from './user.js';

const base = { firstName: 'A', lastName: 'B', displayName: 'Ada_L', email: null, phoneNumber: '+12025550123', passwordHash: 'h', dateOfBirth: null, parentEmail: null };

describe('User', () => {
  it('keys display name and phone for uniqueness', () => {
    const u = User.create({ ...base, needsParentalConsent: false });
    expect(u.displayNameKey).toBe('ada_l');
    expect(u.phoneKey).toBe('+12025550123');
    // Every spelling of a number is one key: E.164, numbers without a country code read as US numbers.
    for (const spelling of ['+1 (202) 555-0123', '202-555-0123', '001 202 555 0123', '+1-202-555-0123']) expect(phoneKey(spelling)).toBe('+12025550123');
    for (const spelling of ['+44 20 7946 0958', '0044 20 7946 0958', '+442079460958', '+44 (0)20 7946 0958', '011 44 20 7946 0958']) expect(phoneKey(spelling)).toBe('+442079460958');
  });

  it('looks a typed number up under its E.164 key and the key of a row written before normalisation', () => {
    expect(phoneLookupKeys('0044 20 7946 0958')).toEqual(['+442079460958', '00442079460958']);
    expect(phoneLookupKeys('+442079460958')).toEqual(['+442079460958']);
  });

  it('starts a child pending and moves it by the parent’s answer', () => {
    const u = User.create({ ...base, needsParentalConsent: true });
    expect(u.status).toBe('pending_parental_consent');
    u.approveByParent();
    expect(u.isActive).toBe(true);
    const v = User.create({ ...base, needsParentalConsent: true });
    v.denyByParent();
    expect(v.status).toBe('denied');
    expect(v.tokenVersion).toBe(1);
  });
});

describe('ParentalConsent', () => {
  it('stores only the hash of its token and answers once', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { consent, token } = ParentalConsent.issue('u1', 'p@example.com', now);
    expect(consent.tokenHash).toBe(hashConsentToken(token));
    expect(consent.tokenHash).not.toContain(token);
    consent.decide(true, now);
    expect(consent.status).toBe('approved');
    expect(() => consent.decide(false, now)).toThrow('already been answered');
  });

  it('refuses an answer after expiry', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { consent } = ParentalConsent.issue('u1', 'p@example.com', now);
    expect(() => consent.decide(true, new Date('2026-02-01T00:00:00Z'))).toThrow('expired');
    expect(consent.status).toBe('pending');
  });
});

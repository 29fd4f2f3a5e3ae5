import { ParentalConsent, hashConsentToken } from './parental-consent.js';
import { User, phoneKey } from './user.js';

const base = { firstName: 'A', lastName: 'B', displayName: 'Ada_L', email: null, phoneNumber: '+1 (555) 123-4567', passwordHash: 'h', dateOfBirth: null, parentEmail: null };

describe('User', () => {
  it('keys display name and phone for uniqueness', () => {
    const u = User.create({ ...base, needsParentalConsent: false });
    expect(u.displayNameKey).toBe('ada_l');
    expect(u.phoneKey).toBe('+15551234567');
    expect(phoneKey('555-123-4567')).toBe('5551234567');
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

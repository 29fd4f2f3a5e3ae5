import { randomUUID } from 'node:crypto';
import { legacyPhoneKey, toE164 } from './phone.js';

export type UserStatus = 'active' | 'pending_parental_consent' | 'denied';

/** A person who signs in. Holds the rules of account state and token revocation. */
export class User {
  id: string = randomUUID();
  firstName: string;
  lastName: string;
  displayName: string;
  /** Lower-cased display name: the uniqueness key. */
  displayNameKey: string;
  email: string | null = null;
  /** E.164 (`+442079460958`). */
  phoneNumber: string | null = null;
  /** The uniqueness key: the number in E.164 (rows the normalising migration could not convert keep their old key). */
  phoneKey: string | null = null;
  passwordHash: string;
  status: UserStatus = 'active';
  isAdmin = false;
  creatorProgram = false;
  /** Made by the demo seeding (DEMO_DATA): no one can sign in as it (a random password nobody knows); `demo:remove` deletes it. */
  isDemo = false;
  isPremium = false;
  premiumExpires: Date | null = null;
  dateOfBirth: string | null = null;
  parentEmail: string | null = null;
  tokenVersion = 0;
  /** The last authenticated request (written at most once a minute): "active users" in the admin console. */
  lastSeenAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  static create(input: {
    firstName: string;
    lastName: string;
    displayName: string;
    email: string | null;
    phoneNumber: string | null;
    passwordHash: string;
    dateOfBirth: string | null;
    parentEmail: string | null;
    needsParentalConsent: boolean;
  }): User {
    const u = new User();
    u.firstName = input.firstName;
    u.lastName = input.lastName;
    u.displayName = input.displayName;
    u.displayNameKey = input.displayName.toLowerCase();
    u.email = input.email;
    u.phoneNumber = input.phoneNumber;
    u.phoneKey = input.phoneNumber ? phoneKey(input.phoneNumber) : null;
    u.passwordHash = input.passwordHash;
    u.dateOfBirth = input.dateOfBirth;
    u.parentEmail = input.parentEmail;
    u.status = input.needsParentalConsent ? 'pending_parental_consent' : 'active';
    return u;
  }

  static createAdmin(username: string, passwordHash: string): User {
    const u = User.create({
      firstName: username,
      lastName: 'Administrator',
      displayName: username,
      email: null,
      phoneNumber: null,
      passwordHash,
      dateOfBirth: null,
      parentEmail: null,
      needsParentalConsent: false,
    });
    u.isAdmin = true;
    return u;
  }

  get isActive(): boolean {
    return this.status === 'active';
  }

  /** Every token issued before this call stops working. */
  revokeAllTokens(): void {
    this.tokenVersion += 1;
    this.touch();
  }

  approveByParent(): void {
    this.status = 'active';
    this.touch();
  }

  denyByParent(): void {
    this.status = 'denied';
    this.revokeAllTokens();
  }

  private touch(): void {
    this.updatedAt = new Date();
  }
}

/** The uniqueness key of a phone number: its E.164 form, whatever the spelling. */
export function phoneKey(phone: string): string {
  return toE164(phone, 'possible') ?? legacyPhoneKey(phone);
}

/** The keys a typed phone number may be stored under: its E.164 form, and the key of a row written before normalisation. */
export function phoneLookupKeys(phone: string): string[] {
  return [...new Set([toE164(phone, 'possible'), legacyPhoneKey(phone)].filter((k): k is string => !!k))];
}

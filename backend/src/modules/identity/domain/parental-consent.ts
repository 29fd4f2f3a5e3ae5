import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ConsentAlreadyDecided, ConsentExpired } from './identity.errors.js';

export type ConsentStatus = 'pending' | 'approved' | 'refused';
export const CONSENT_VALID_DAYS = 14;

export function hashConsentToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A parent's answer to a child's registration. Only its token's hash is stored. */
export class ParentalConsent {
  id: string = randomUUID();
  userId: string;
  parentEmail: string;
  tokenHash: string;
  status: ConsentStatus = 'pending';
  createdAt: Date = new Date();
  expiresAt: Date;
  decidedAt: Date | null = null;
  /** Optimistic lock: two answers racing cannot both be written. */
  version = 1;

  /** Returns the consent and the one-time token that goes into the link (never stored). */
  static issue(userId: string, parentEmail: string, now = new Date()): { consent: ParentalConsent; token: string } {
    const token = randomBytes(32).toString('base64url');
    const c = new ParentalConsent();
    c.userId = userId;
    c.parentEmail = parentEmail;
    c.tokenHash = hashConsentToken(token);
    c.createdAt = now;
    c.expiresAt = new Date(now.getTime() + CONSENT_VALID_DAYS * 86_400_000);
    return { consent: c, token };
  }

  decide(approve: boolean, now = new Date()): void {
    if (this.status !== 'pending') throw ConsentAlreadyDecided();
    if (now > this.expiresAt) throw ConsentExpired();
    this.status = approve ? 'approved' : 'refused';
    this.decidedAt = now;
  }
}

import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../domain/user.js';
import { ParentalConsent } from '../domain/parental-consent.js';

export const UserSchema = defineEntity({
  class: User,
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    firstName: p.string().length(50),
    lastName: p.string().length(50),
    displayName: p.string().length(20),
    displayNameKey: p.string().length(20).unique('users_display_name_key_unique'),
    email: p.string().length(254).nullable().unique('users_email_unique'),
    phoneNumber: p.string().length(30).nullable(),
    phoneKey: p.string().length(30).nullable().unique('users_phone_key_unique'),
    passwordHash: p.text(),
    status: p.enum(['active', 'pending_parental_consent', 'denied']).default('active'),
    isAdmin: p.boolean().default(false),
    creatorProgram: p.boolean().default(false),
    isDemo: p.boolean().default(false),
    isPremium: p.boolean().default(false),
    premiumExpires: p.datetime().nullable(),
    dateOfBirth: p.string().length(10).nullable(),
    parentEmail: p.string().length(254).nullable(),
    tokenVersion: p.integer().default(0),
    lastSeenAt: p.datetime().nullable().index('users_last_seen_at_index'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export const ParentalConsentSchema = defineEntity({
  class: ParentalConsent,
  tableName: 'parental_consents',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().index('parental_consents_user_id_index'),
    parentEmail: p.string().length(254),
    tokenHash: p.string().length(64).unique('parental_consents_token_hash_unique'),
    status: p.enum(['pending', 'approved', 'refused']).default('pending'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    version: p.integer().version(),
  },
});

/**
 * The sign-in throttle's state (infrastructure/pg-login-throttle.ts), one row per key: `pair:<person>@<address>`
 * (failures and the time the next attempt may come), `addr:<address>` and `person:<person>` (failures in the current
 * hour), `known:<user>@<address>` (a past success). Every row expires; a sweeper deletes expired rows.
 */
export class LoginThrottleRow {
  key: string;
  failures: number;
  windowStart: Date;
  blockedUntil: Date | null;
  /** Whether the last attempt counted on this row was refused (written by each attempt, read back by the same one). */
  refused: boolean;
  expiresAt: Date;
}

export const LoginThrottleSchema = defineEntity({
  class: LoginThrottleRow,
  tableName: 'login_throttle',
  properties: {
    key: p.string().length(300).primary(),
    failures: p.integer(),
    windowStart: p.datetime(),
    blockedUntil: p.datetime().nullable(),
    refused: p.boolean().default(false),
    expiresAt: p.datetime().index('login_throttle_expires_at_index'),
  },
});

export const IDENTITY_ENTITIES = [UserSchema, ParentalConsentSchema, LoginThrottleSchema];

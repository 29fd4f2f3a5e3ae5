import { DomainError } from '../../../common/errors/domain-error.js';

/** An administrator as the console lists them (seed 000 §3: "Admin: username, is_admin"). */
export interface AdminAccount {
  userId: string;
  /** The display name they sign in with. */
  username: string;
  email: string | null;
  /** False while their account cannot sign in (pending parental consent, refused). */
  active: boolean;
  lastSeenAt: Date | null;
}

export type GrantOutcome =
  | { outcome: 'granted' | 'already_admin' | 'inactive'; userId: string; username: string }
  | { outcome: 'not_found' }
  | { outcome: 'actor_not_admin' };

export type RevokeOutcome = { outcome: 'revoked' | 'last_admin'; userId: string; username: string } | { outcome: 'not_admin' } | { outcome: 'actor_not_admin' };

/**
 * What SystemAdmin needs of the people who sign in (Identity owns users and is_admin). Identity registers itself here
 * at start-up (it depends on SystemAdmin, so SystemAdmin cannot import it). Grants and removals join the caller's
 * transaction and hold Identity's admins lock until it ends.
 */
export interface UserDirectory {
  admins(): Promise<AdminAccount[]>;
  /**
   * Makes the user named by display name or email an admin. 'actor_not_admin' when the acting admin is no longer one
   * once the admins lock is held (removed by another admin after the guard let the request in).
   */
  grantAdmin(actorUserId: string, identifier: string): Promise<GrantOutcome>;
  /** Takes admin away (never from the last one); their tokens stop working. The actor is re-checked as for grantAdmin. */
  revokeAdmin(actorUserId: string, userId: string): Promise<RevokeOutcome>;
  /** After commit: every process forgets what it cached of the user. */
  refreshPrincipal(userId: string): Promise<void>;
  /** Display names by user id (deleted users are absent). */
  usernames(userIds: string[]): Promise<Map<string, string>>;
  /** Users with an authenticated request since then. */
  activeUsersSince(since: Date): Promise<number>;
}

export class SystemAdminError extends DomainError {}

/** The admin accounts' messages, used verbatim by the API and shown by the console. */
export const ADMINS_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 254 characters',
  userNotFound: 'User not found',
  adminNotFound: 'Admin not found',
  alreadyAdmin: 'This user is already an admin',
  inactive: 'This user cannot be made an admin until their account is active',
  lastAdmin: 'The last admin cannot be removed',
} as const;

export const adminsErrors = {
  userNotFound: () => new SystemAdminError('not_found', 'SYSTEM.USER_NOT_FOUND', ADMINS_MESSAGES.userNotFound),
  adminNotFound: () => new SystemAdminError('not_found', 'SYSTEM.ADMIN_NOT_FOUND', ADMINS_MESSAGES.adminNotFound),
  alreadyAdmin: () => new SystemAdminError('conflict', 'SYSTEM.ALREADY_ADMIN', ADMINS_MESSAGES.alreadyAdmin),
  inactive: () => new SystemAdminError('conflict', 'SYSTEM.USER_INACTIVE', ADMINS_MESSAGES.inactive),
  lastAdmin: () => new SystemAdminError('conflict', 'SYSTEM.LAST_ADMIN', ADMINS_MESSAGES.lastAdmin),
  /** The acting admin was removed while their request waited: answered like any console token that is no longer valid. */
  actorNotAdmin: () => new SystemAdminError('unauthenticated', 'UNAUTHENTICATED', 'Authentication is required'),
};

/** Users active "now" are those with an authenticated request in this window (product.md §10). */
export const ACTIVE_USER_WINDOW_MS = 15 * 60_000;

/**
 * Set-based reads and one-statement writes of users that other contexts need (premium periods, the creator program,
 * names for lists). Writes run inside the caller's transaction.
 */
export interface UserRecords {
  /**
   * Extends a user's premium by `days` from the later of now and their current expiry, under the user's row lock.
   * Returns the period it adds, or null when the user is gone.
   */
  extendPremium(userId: string, days: number): Promise<{ startsAt: Date; endsAt: Date } | null>;
  /** Ends premium for everyone whose time is over at `now`; returns who lost it. */
  expirePremiums(now: Date): Promise<string[]>;
  setCreatorProgram(userId: string, member: boolean): Promise<void>;
  /** Active users in the creator program. */
  creatorProgramMembers(): Promise<string[]>;
  /** The users the demo seeding made (is_demo). */
  demoUserIds(): Promise<string[]>;
  /** Whether anyone other than administrators and demo users has registered. */
  hasPeople(): Promise<boolean>;
  /** Display names by user id (deleted users are absent). */
  displayNames(userIds: string[]): Promise<Map<string, string>>;
  /** Records that the user made an authenticated request now (one statement; skipped when written in the last minute). */
  touchLastSeen(userId: string): Promise<void>;
  /** How many users made an authenticated request since `since`. */
  countSeenSince(since: Date): Promise<number>;
  /** How many users there are, and how many registered in each calendar month (UTC, 'YYYY-MM') since `since`. */
  signUps(since: Date): Promise<{ total: number; byMonth: { month: string; count: number }[] }>;
  /** Every administrator (is_admin), by display name. */
  admins(): Promise<AdminRecord[]>;
  /**
   * Takes the lock every change of who is an admin holds until the caller's transaction ends (so two removals cannot
   * both see "another admin remains"), then answers how many admins there are. Inside a transaction only.
   */
  lockAdmins(): Promise<number>;
  /** Sets is_admin; returns false when the user does not exist. */
  setAdmin(userId: string, admin: boolean): Promise<boolean>;
}

export interface AdminRecord {
  userId: string;
  displayName: string;
  email: string | null;
  status: 'active' | 'pending_parental_consent' | 'denied';
  lastSeenAt: Date | null;
}

export const USER_RECORDS = Symbol('UserRecords');

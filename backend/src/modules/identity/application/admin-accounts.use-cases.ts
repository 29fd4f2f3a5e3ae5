import { Inject, Injectable, Logger } from '@nestjs/common';
import { USER_REPOSITORY, type UserRepository } from '../domain/ports.js';
import { USER_RECORDS, type UserRecords } from '../domain/user-records.port.js';

export interface AdminView {
  userId: string;
  username: string;
  email: string | null;
  active: boolean;
  lastSeenAt: Date | null;
}

export type GrantResult =
  | { outcome: 'granted' | 'already_admin' | 'inactive'; userId: string; username: string }
  | { outcome: 'not_found' }
  | { outcome: 'actor_not_admin' };
export type RevokeResult = { outcome: 'revoked' | 'last_admin'; userId: string; username: string } | { outcome: 'not_admin' } | { outcome: 'actor_not_admin' };

/**
 * Who is an administrator (is_admin), for the admin console. Grants and removals run inside the caller's transaction
 * (the console's, which writes the audit entry beside them) under one lock, so two removals at once cannot leave no
 * admin; the caller refreshes the principal (IdentityFacade.refreshPrincipal) after commit. The acting admin is checked
 * again under that lock ('actor_not_admin'): the guard let them in before it, and another admin may have removed them
 * since (A removes B while B grants C: B's grant waits for A's commit, then must not go through).
 */
@Injectable()
export class AdminAccountsUseCases {
  constructor(
    @Inject(USER_RECORDS) private readonly records: UserRecords,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
  ) {}

  async list(): Promise<AdminView[]> {
    return (await this.records.admins()).map((a) => ({ userId: a.userId, username: a.displayName, email: a.email, active: a.status === 'active', lastSeenAt: a.lastSeenAt }));
  }

  /** By display name or email, as the admin sign-in takes them. */
  async grant(actorUserId: string, identifier: string): Promise<GrantResult> {
    const id = identifier.trim().toLowerCase();
    await this.records.lockAdmins();
    // is_admin read from the table under the lock (not from an entity this request may have loaded before).
    const admins = await this.records.admins();
    if (!admins.some((a) => a.userId === actorUserId)) return { outcome: 'actor_not_admin' };
    if (!id) return { outcome: 'not_found' };
    const user = id.includes('@') ? await this.users.findByEmail(id) : await this.users.findByDisplayNameKey(id);
    if (!user) return { outcome: 'not_found' };
    const who = { userId: user.id, username: user.displayName };
    if (admins.some((a) => a.userId === user.id)) return { outcome: 'already_admin', ...who };
    if (user.status !== 'active') return { outcome: 'inactive', ...who };
    await this.records.setAdmin(user.id, true);
    return { outcome: 'granted', ...who };
  }

  async revoke(actorUserId: string, userId: string): Promise<RevokeResult> {
    await this.records.lockAdmins();
    const admins = await this.records.admins();
    if (!admins.some((a) => a.userId === actorUserId)) return { outcome: 'actor_not_admin' };
    const admin = admins.find((a) => a.userId === userId);
    if (!admin) return { outcome: 'not_admin' };
    const who = { userId: admin.userId, username: admin.displayName };
    if (admins.length <= 1) return { outcome: 'last_admin', ...who };
    await this.records.setAdmin(userId, false);
    return { outcome: 'revoked', ...who };
  }
}

const SEEN_EVERY_MS = 60_000;
const MAX_REMEMBERED = 100_000;

/**
 * Records when users were last seen: every authenticated request calls seen(), which writes `last_seen_at` at most
 * once a minute per user and process (an in-memory note of the last write, plus the statement's own one-minute
 * guard across processes). A failed write is logged and never fails the request.
 */
@Injectable()
export class UserActivity {
  private readonly logger = new Logger('UserActivity');
  private readonly written = new Map<string, number>();

  constructor(@Inject(USER_RECORDS) private readonly records: UserRecords) {}

  async seen(userId: string): Promise<void> {
    const now = Date.now();
    const last = this.written.get(userId);
    if (last !== undefined && now - last < SEEN_EVERY_MS) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(userId, now);
    try {
      await this.records.touchLastSeen(userId);
    } catch (e) {
      this.written.delete(userId);
      this.logger.warn(`could not record activity: ${(e as Error).message}`);
    }
  }

  activeSince(since: Date): Promise<number> {
    return this.records.countSeenSince(since);
  }
}

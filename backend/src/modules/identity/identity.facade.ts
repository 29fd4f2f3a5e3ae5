import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DurableEvents } from '../../common/events/durable-events.js';
import { AccountsFacade } from '../accounts/accounts.facade.js';
import { User } from './domain/user.js';
import { PASSWORD_HASHER, UNIT_OF_WORK, USER_REPOSITORY, type PasswordHasher, type UnitOfWork, type UserRepository } from './domain/ports.js';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { PrincipalCache } from './application/principal-cache.js';

/** What other contexts and the CLI may ask of Identity. */
@Injectable()
export class IdentityFacade implements OnModuleInit {
  constructor(
    private readonly createAdmin: CreateAdminUseCase,
    private readonly principals: PrincipalCache,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    private readonly em: EntityManager,
    private readonly events: DurableEvents,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly accounts: AccountsFacade,
  ) {}

  onModuleInit(): void {
    // A committed change to a user's flags (premium bought or over, creator program) reaches every process's cache.
    this.events.on('identity.user-changed', ({ userId }) => this.principals.invalidate(userId));
  }

  /**
   * Extends a user's premium by `days` from the later of now and their current expiry. Runs inside the caller's
   * transaction (a payment's fulfilment); returns the period it adds, or null when the user is gone (deleted after
   * paying: the payment still counts, there is no one to give premium to).
   */
  async extendPremium(userId: string, days: number): Promise<{ startsAt: Date; endsAt: Date } | null> {
    const rows = await this.em.execute<{ starts_at: Date; premium_expires: Date }[]>(
      `with prev as (select id, greatest(coalesce(premium_expires, now()), now()) as starts_at from users where id = ? for update)
       update users u set is_premium = true, premium_expires = prev.starts_at + make_interval(days => ?), updated_at = now()
         from prev where u.id = prev.id returning prev.starts_at, u.premium_expires`,
      [userId, days],
    );
    if (!rows[0]) return null;
    this.events.record('identity.user-changed', { userId });
    return { startsAt: new Date(rows[0].starts_at), endsAt: new Date(rows[0].premium_expires) };
  }

  /** Ends premium for everyone whose time is over; returns who lost it. Safe when several processes run it. */
  async expirePremiums(now: Date): Promise<string[]> {
    const ids = await this.em.transactional(async () => {
      const rows = await this.em.execute<{ id: string }[]>(
        'update users set is_premium = false, updated_at = now() where is_premium and premium_expires is not null and premium_expires <= ? returning id',
        [now],
      );
      for (const r of rows) await this.events.record('identity.user-changed', { userId: r.id });
      return rows.map((r) => r.id);
    });
    for (const id of ids) await this.principals.invalidate(id);
    return ids;
  }

  /** Admits a user to the creator program or takes them out (partner decisions). Inside the caller's transaction. */
  async setCreatorProgram(userId: string, member: boolean): Promise<void> {
    await this.em.execute('update users set creator_program = ?, updated_at = now() where id = ?', [member, userId]);
    await this.events.record('identity.user-changed', { userId });
  }

  /** Ids of everyone in the creator program (approved partners): their monetized items earn ad revenue. */
  async creatorProgramMembers(): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from users where creator_program and status = 'active'`);
    return rows.map((r) => r.id);
  }

  /** Forgets cached sign-in state after a committed change to a user's flags (premium, creator program). */
  async refreshPrincipal(userId: string): Promise<void> {
    await this.principals.invalidate(userId);
  }

  /**
   * A creator that exists to show sample content (the sample channels of seed 001): in the creator program, with a
   * channel of the given name, and a random password nobody knows, so no one can sign in as it.
   */
  async createSampleCreator(input: { username: string; firstName: string; lastName: string; channelName: string }): Promise<{ userId: string; accountId: string }> {
    const existing = await this.users.findByDisplayNameKey(input.username.toLowerCase());
    if (existing) {
      const account = await this.accounts.primaryProfile(existing.id);
      if (!account) throw new Error(`${input.username} has no channel`);
      return { userId: existing.id, accountId: account.accountId };
    }
    const user = User.create({
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: input.username,
      email: null,
      phoneNumber: null,
      passwordHash: await this.hasher.hash(randomBytes(32).toString('base64url')),
      dateOfBirth: null,
      parentEmail: null,
      needsParentalConsent: false,
    });
    user.creatorProgram = true;
    this.users.add(user);
    const account = await this.accounts.createPrimaryAccount({ userId: user.id, displayName: input.channelName });
    await this.events.record('identity.user-changed', { userId: user.id });
    await this.uow.commit();
    return { userId: user.id, accountId: account.id };
  }

  async exists(userId: string): Promise<boolean> {
    return (await this.users.findById(userId)) !== null;
  }

  /** How a user is shown to others (null once deleted); `active` is false while consent is pending or after a denial. */
  async publicProfile(userId: string): Promise<PublicProfile | null> {
    const u = await this.users.findById(userId);
    if (!u) return null;
    return {
      userId: u.id,
      username: u.displayName,
      fullName: `${u.firstName} ${u.lastName}`.trim(),
      isPremium: u.isPremium,
      creatorProgram: u.creatorProgram,
      active: u.status === 'active',
      joinedAt: u.createdAt,
    };
  }

  /** Display names of users, in one query (lists of payouts, members, applications); deleted users are absent. */
  async usernames(userIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<{ id: string; display_name: string }[]>('select id, display_name from users where id in (?)', [ids]);
    return new Map(rows.map((r) => [r.id, r.display_name]));
  }

  /** Whether the user is an administrator (is_admin): the updates section and platform earnings. */
  async isAdmin(userId: string): Promise<boolean> {
    return (await this.principals.get(userId))?.isAdmin ?? false;
  }

  /** Whether the user belongs to the creator program (may switch on monetization). */
  async isCreator(userId: string): Promise<boolean> {
    return (await this.principals.get(userId))?.creatorProgram ?? false;
  }

  /** Creates the admin unless a user with that display name exists; returns whether it was created. */
  async ensureAdmin(username: string, password: string): Promise<'created' | 'exists'> {
    if (await this.createAdmin.exists(username)) return 'exists';
    await this.createAdmin.execute(username, password);
    return 'created';
  }

  async createAdminUser(username: string, password: string): Promise<{ id: string; displayName: string }> {
    const user = await this.createAdmin.execute(username, password);
    return { id: user.id, displayName: user.displayName };
  }
}

export interface PublicProfile {
  userId: string;
  username: string;
  fullName: string;
  isPremium: boolean;
  creatorProgram: boolean;
  active: boolean;
  joinedAt: Date;
}

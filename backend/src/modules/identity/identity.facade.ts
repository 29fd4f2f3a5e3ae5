import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DurableEvents } from '../../common/events/durable-events.js';
import { USER_REPOSITORY, type UserRepository } from './domain/ports.js';
import { USER_RECORDS, type UserRecords } from './domain/user-records.port.js';
import { SIGN_IN_READINGS, type SignInReadings } from './domain/sign-in-readings.js';
import { AdminAccountsUseCases, UserActivity, type AdminView, type GrantResult, type RevokeResult } from './application/admin-accounts.use-cases.js';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { CreateSampleCreatorUseCase } from './application/create-sample-creator.use-case.js';
import { DeleteMeUseCase } from './application/my-data.use-cases.js';
import { ExpirePremiumsUseCase } from './application/expire-premiums.use-case.js';
import { ExtendPremiumUseCase } from './application/extend-premium.use-case.js';
import { PrincipalCache } from './application/principal-cache.js';
import { SetCreatorProgramUseCase } from './application/set-creator-program.use-case.js';
import { AppTokens } from './application/app-tokens.use-cases.js';
import type { AppCredentials, AppSignIn } from './domain/app-token.js';

/** What other contexts and the CLI may ask of Identity. */
@Injectable()
export class IdentityFacade implements OnModuleInit {
  constructor(
    private readonly createAdmin: CreateAdminUseCase,
    private readonly principals: PrincipalCache,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(USER_RECORDS) private readonly records: UserRecords,
    private readonly events: DurableEvents,
    private readonly extendPremiumUseCase: ExtendPremiumUseCase,
    private readonly expirePremiumsUseCase: ExpirePremiumsUseCase,
    private readonly setCreatorProgramUseCase: SetCreatorProgramUseCase,
    private readonly createSampleCreatorUseCase: CreateSampleCreatorUseCase,
    private readonly deleteMe: DeleteMeUseCase,
    private readonly adminAccounts: AdminAccountsUseCases,
    private readonly activity: UserActivity,
    @Inject(SIGN_IN_READINGS) private readonly signIns: SignInReadings,
    private readonly appTokens: AppTokens,
  ) {}

  /** The user a music app (the Subsonic API) signs in as, with one of their app tokens: never the account password. */
  appSignIn(credentials: AppCredentials, address: string): Promise<AppSignIn> {
    return this.appTokens.signIn(credentials, address);
  }

  /**
   * The sign-in throttle's view for the founder's security figures: failed sign-ins (users' and admins') of pairs that
   * failed in the last 24 h, and the addresses it holds back now (at most `limit`).
   */
  async signInSecurity(now: Date, limit: number): Promise<{ recentFailures: number; throttledAddresses: string[] }> {
    const [recentFailures, throttledAddresses] = await Promise.all([this.signIns.recentFailures(now), this.signIns.throttledAddresses(now, limit)]);
    return { recentFailures, throttledAddresses };
  }

  onModuleInit(): void {
    // A committed change to a user's flags (premium bought or over, creator program) reaches every process's cache.
    this.events.on('identity.user-changed', ({ userId }) => this.principals.invalidate(userId));
  }

  /**
   * Extends a user's premium by `days` from the later of now and their current expiry. Runs inside the caller's
   * transaction (a payment's fulfilment); returns the period it adds, or null when the user is gone (deleted after
   * paying: the payment still counts, there is no one to give premium to).
   */
  extendPremium(userId: string, days: number): Promise<{ startsAt: Date; endsAt: Date } | null> {
    return this.extendPremiumUseCase.execute(userId, days);
  }

  /** Ends premium for everyone whose time is over; returns who lost it. Safe when several processes run it. */
  expirePremiums(now: Date): Promise<string[]> {
    return this.expirePremiumsUseCase.execute(now);
  }

  /** Admits a user to the creator program or takes them out (partner decisions). Inside the caller's transaction. */
  setCreatorProgram(userId: string, member: boolean): Promise<void> {
    return this.setCreatorProgramUseCase.execute(userId, member);
  }

  /** Ids of everyone in the creator program (approved partners): their monetized items earn ad revenue. */
  creatorProgramMembers(): Promise<string[]> {
    return this.records.creatorProgramMembers();
  }

  /** Forgets cached sign-in state after a committed change to a user's flags (premium, creator program). */
  async refreshPrincipal(userId: string): Promise<void> {
    await this.principals.invalidate(userId);
  }

  /**
   * A creator that exists to show sample content (the demo, with the sample channels of seed 001): in the creator
   * program, with a channel of the given name, marked as demo, and a random password nobody knows, so no one can sign
   * in as it.
   */
  createSampleCreator(input: { username: string; firstName: string; lastName: string; channelName: string }): Promise<{ userId: string; accountId: string }> {
    return this.createSampleCreatorUseCase.execute(input);
  }

  /** Whether the demo seeding made this user (demo channels are never paid through Stripe). */
  async isDemoUser(userId: string): Promise<boolean> {
    return (await this.users.findById(userId))?.isDemo ?? false;
  }

  /** Every user the demo seeding made. */
  demoUserIds(): Promise<string[]> {
    return this.records.demoUserIds();
  }

  /** Whether anyone but administrators and demo users has registered (then the instance is not new). */
  hasPeople(): Promise<boolean> {
    return this.records.hasPeople();
  }

  /**
   * Deletes a demo user the way a person deletes their own account (Settings → Delete Account): the user, their
   * accounts (content purged by the background job) and every token. Returns the deleted account ids; a user that is
   * gone or not a demo user is left alone (an empty list).
   */
  async deleteDemoUser(userId: string): Promise<string[]> {
    const user = await this.users.findById(userId);
    if (!user?.isDemo) return [];
    return this.deleteMe.execute(userId, user.displayName);
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
  usernames(userIds: string[]): Promise<Map<string, string>> {
    return this.records.displayNames(userIds);
  }

  /** Whether the user is an administrator (is_admin): the updates section and platform earnings. */
  async isAdmin(userId: string): Promise<boolean> {
    return (await this.principals.get(userId))?.isAdmin ?? false;
  }

  /** Whether the user may watch premium content: premium that has not expired, or an administrator. */
  async hasPremiumAccess(userId: string): Promise<boolean> {
    const u = await this.principals.get(userId);
    return !!u && (u.isAdmin || (u.isPremium && (!u.premiumExpires || u.premiumExpires > new Date())));
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

  /** Every administrator (is_admin), by display name. */
  admins(): Promise<AdminView[]> {
    return this.adminAccounts.list();
  }

  /**
   * Makes the user named by display name or email an admin; inside the caller's transaction (refreshPrincipal after
   * commit). Refused ('actor_not_admin') when the acting admin is no longer one once the admins lock is held.
   */
  grantAdmin(actorUserId: string, identifier: string): Promise<GrantResult> {
    return this.adminAccounts.grant(actorUserId, identifier);
  }

  /** Takes admin away, never from the last admin; their tokens stop working. Inside the caller's transaction; the actor is re-checked as for grantAdmin. */
  revokeAdmin(actorUserId: string, userId: string): Promise<RevokeResult> {
    return this.adminAccounts.revoke(actorUserId, userId);
  }

  /** How many users there are, and how many registered per calendar month (UTC, 'YYYY-MM') since then (the founder's growth figures). */
  signUps(since: Date): Promise<{ total: number; byMonth: { month: string; count: number }[] }> {
    return this.records.signUps(since);
  }

  /** How many users made an authenticated request since then. */
  activeUsersSince(since: Date): Promise<number> {
    return this.activity.activeSince(since);
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

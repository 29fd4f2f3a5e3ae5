import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PgNotifier } from '../../../common/database/pg-notifier.js';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { UserStatus } from '../domain/user.js';
import { USER_REPOSITORY, type UserRepository } from '../domain/ports.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';

/** What authentication and GET /me need of a user, kept per process for a short time. */
export interface UserSnapshot {
  id: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  isAdmin: boolean;
  creatorProgram: boolean;
  isPremium: boolean;
  premiumExpires: Date | null;
  status: UserStatus;
  tokenVersion: number;
  activeAccountId: string | null;
  createdAt: Date;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
const TOPIC = 'identity.user-changed';

/**
 * Authenticated requests read the user from here instead of the database. Every change that matters
 * to authentication (token version, status, profile) calls invalidate(), which evicts the entry in this
 * process at once and in every other process through PostgreSQL NOTIFY; the TTL bounds a lost message.
 */
@Injectable()
export class PrincipalCache implements OnModuleInit {
  private readonly entries = new Map<string, { snapshot: UserSnapshot; expires: number }>();
  private readonly loading = new Map<string, Promise<UserSnapshot | null>>();
  /** Bumped by every invalidation, so a load that began before it cannot store what it read. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    private readonly notifier: PgNotifier,
    private readonly accounts: AccountsFacade,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.notifier.on(TOPIC, (userId) => this.evict(userId));
    this.notifier.onConnect(() => this.clear());
    // GET /me shows the active account: a switch must be seen at once, here and in other processes.
    this.events.on('accounts.active-changed', ({ userId }) => this.invalidate(userId));
  }

  private evict(userId: string): void {
    this.entries.delete(userId);
    this.loading.delete(userId);
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  private clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.epoch += 1;
  }

  private stamp(userId: string): string {
    return `${this.epoch}:${this.generations.get(userId) ?? 0}`;
  }

  async get(userId: string): Promise<UserSnapshot | null> {
    const hit = this.entries.get(userId);
    if (hit && hit.expires > Date.now()) return hit.snapshot;
    let pending = this.loading.get(userId);
    if (!pending) {
      const p: Promise<UserSnapshot | null> = this.load(userId).finally(() => {
        if (this.loading.get(userId) === p) this.loading.delete(userId);
      });
      pending = p;
      this.loading.set(userId, p);
    }
    return pending;
  }

  async invalidate(userId: string): Promise<void> {
    this.evict(userId);
    await this.notifier.publish(TOPIC, userId);
  }

  private async load(userId: string): Promise<UserSnapshot | null> {
    const stamp = this.stamp(userId);
    const user = await this.users.findById(userId);
    if (!user) return null;
    const snapshot: UserSnapshot = {
      id: user.id,
      displayName: user.displayName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      isAdmin: user.isAdmin,
      creatorProgram: user.creatorProgram,
      isPremium: user.isPremium && (!user.premiumExpires || user.premiumExpires > new Date()),
      premiumExpires: user.premiumExpires,
      status: user.status,
      tokenVersion: user.tokenVersion,
      activeAccountId: await this.accounts.activeAccountId(user.id),
      createdAt: user.createdAt,
    };
    if (stamp !== this.stamp(userId)) return snapshot; // invalidated while loading: answer, but do not keep it
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { snapshot, expires: Date.now() + TTL_MS });
    if (this.generations.size > MAX_ENTRIES) {
      this.generations.clear();
      this.clear(); // a new epoch, so no load begun before can match its stamp again
    }
    return snapshot;
  }
}

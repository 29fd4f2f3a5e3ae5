import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  APP_SIGN_IN_THROTTLE,
  APP_TOKEN_LIMITS,
  APP_TOKEN_REPOSITORY,
  AppTokenNotFound,
  matchesSaltedToken,
  newAppToken,
  TooManyAppTokens,
  validAppTokenName,
  type AppCredentials,
  type AppSignIn,
  type AppToken,
  type AppTokenRepository,
} from '../domain/app-token.js';
import { CLOCK, UNIT_OF_WORK, type Clock, type UnitOfWork } from '../domain/ports.js';
import { UserActivity } from './admin-accounts.use-cases.js';
import { PrincipalCache } from './principal-cache.js';

/** `enc:<hex>` is the password's UTF-8 bytes in hex (Subsonic's light obfuscation); anything else is the password itself. */
function plainPassword(p: string): string | null {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^(?:[0-9a-fA-F]{2})+$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : null;
}

/** A user's app tokens (Settings → Music apps) and the Subsonic API's sign-in with them. */
/** The throttle's memory is bounded: past this many keys in a window it starts over. */
const MAX_THROTTLED_KEYS = 100_000;

@Injectable()
export class AppTokens {
  /** Failed sign-ins per address in the current window (this process's count). */
  private failures = new Map<string, number>();
  private window = 0;

  constructor(
    @Inject(APP_TOKEN_REPOSITORY) private readonly tokens: AppTokenRepository,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly principals: PrincipalCache,
    private readonly activity: UserActivity,
  ) {}

  list(userId: string): Promise<AppToken[]> {
    return this.tokens.list(userId);
  }

  /** A new token named `name` (1–60 characters), at most 20 per user; the token itself is returned this once. */
  async create(userId: string, name: unknown): Promise<{ appToken: AppToken; token: string }> {
    const validName = validAppTokenName(name);
    return this.uow.inTransaction(async () => {
      await this.tokens.lockUser(userId);
      if ((await this.tokens.count(userId)) >= APP_TOKEN_LIMITS.perUser) throw TooManyAppTokens();
      const token = newAppToken();
      const appToken: AppToken = { id: randomUUID(), userId, name: validName, createdAt: this.clock.now(), lastUsedAt: null };
      await this.tokens.add(appToken, token);
      return { appToken, token };
    });
  }

  /** Only the user's own: another user's id is as missing (404). */
  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.tokens.remove(userId, id))) throw AppTokenNotFound();
  }

  /** Sign out everywhere: the music apps too. */
  revokeAll(userId: string): Promise<void> {
    return this.tokens.removeAll(userId);
  }

  private windowOf(now: Date): number {
    return Math.floor(now.getTime() / 1000 / APP_SIGN_IN_THROTTLE.windowSeconds);
  }

  private failuresNow(address: string, now: Date): number {
    const w = this.windowOf(now);
    if (w !== this.window) {
      this.window = w;
      this.failures = new Map();
    }
    return this.failures.get(address) ?? 0;
  }

  /**
   * A Subsonic request's user: `u` (the display name) with `p` (the token, or `enc:` + hex) or `t` = md5(token + `s`),
   * or OpenSubsonic's `apiKey` alone. Only app tokens work, never the account password; the user must be active.
   * Past APP_SIGN_IN_THROTTLE.maxFailures failures from an address for one account in a window, those attempts are
   * refused until the window ends.
   */
  async signIn(c: AppCredentials, address: string): Promise<AppSignIn> {
    const now = this.clock.now();
    const hasKey = !!c.apiKey;
    const hasUser = !!c.username && (!!c.password || (!!c.token && !!c.salt));
    if (!hasKey && !hasUser) return { ok: false, reason: 'missing' };
    // Failures count per address and account (the name, or the key's hash): an app left with a revoked token, or
    // a neighbour behind the same address, does not lock out the user's other apps. Tokens are 192 random bits:
    // the throttle spares the database, it does not stop a guess that cannot succeed.
    const who = `${address}\n${hasKey ? createHash('sha256').update(c.apiKey!).digest('base64url') : c.username!.toLowerCase()}`;
    if (this.failuresNow(who, now) >= APP_SIGN_IN_THROTTLE.maxFailures) {
      const end = (this.windowOf(now) + 1) * APP_SIGN_IN_THROTTLE.windowSeconds * 1000;
      return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
    }
    const found = await this.find(c);
    const user = found ? await this.principals.get(found.userId) : null;
    if (!found || !user || user.status !== 'active') {
      if (this.failures.size >= MAX_THROTTLED_KEYS) this.failures.clear();
      this.failures.set(who, this.failuresNow(who, now) + 1);
      return { ok: false, reason: 'wrong' };
    }
    await Promise.all([this.tokens.touch(found.id, now), this.activity.seen(user.id)]);
    return { ok: true, userId: user.id, displayName: user.displayName };
  }

  private async find(c: AppCredentials): Promise<{ id: string; userId: string } | null> {
    if (c.apiKey) {
      if (c.username) return null;
      return this.tokens.byToken(c.apiKey);
    }
    const plain = c.password ? plainPassword(c.password) : null;
    if (c.password && !plain) return null;
    if (plain) {
      const t = await this.tokens.byToken(plain);
      if (!t) return null;
      const mine = await this.tokens.tokensOfUser(c.username!);
      return mine && mine.userId === t.userId ? t : null;
    }
    if (!/^[0-9a-fA-F]{32}$/.test(c.token!)) return null;
    const mine = await this.tokens.tokensOfUser(c.username!);
    const hit = mine?.tokens.find((x) => matchesSaltedToken(x.token, c.salt!, c.token!));
    return hit && mine ? { id: hit.id, userId: mine.userId } : null;
  }
}

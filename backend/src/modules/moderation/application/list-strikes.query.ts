import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { CLOCK, STRIKES, type Clock, type StrikeRepository } from '../domain/ports.js';
import { strikeView, type StrikeView } from './views.js';

/** How many strikes a list shows. */
const SHOWN = 100;

/** Strikes: a user's own (newest first), and the pending appeals admins decide (the oldest appeal first). */
@Injectable()
export class ListStrikesQuery {
  constructor(
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly identity: IdentityFacade,
  ) {}

  async mine(userId: string): Promise<StrikeView[]> {
    const now = this.clock.now();
    return (await this.strikes.listOf(userId, SHOWN)).map((s) => strikeView(s, now));
  }

  async pendingAppeals(): Promise<StrikeView[]> {
    const now = this.clock.now();
    const list = await this.strikes.pendingAppeals(SHOWN);
    const names = list.length ? await this.identity.usernames([...new Set(list.map((s) => s.userId))]) : new Map<string, string>();
    return list.map((s) => strikeView(s, now, names.get(s.userId) ?? null));
  }

  /** The user's active strike that runs the longest (payouts are held, and the partner program's guidelines requirement fails, until it ends). */
  async active(userId: string): Promise<{ reason: string; expiresAt: Date } | null> {
    const s = await this.strikes.activeOf(userId, this.clock.now());
    return s ? { reason: s.reason, expiresAt: s.expiresAt } : null;
  }
}

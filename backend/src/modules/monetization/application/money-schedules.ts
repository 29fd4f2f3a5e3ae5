import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { Accounts, LEDGER, PENDING_DAYS, type Ledger } from '../domain/ledger.js';
import { AD_CREATOR_PERCENT } from '../domain/rules.js';
import { monthStart } from './earnings.service.js';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** The creator's part of an item's ad revenue, rounded down (ad_accruals.creator_cents follows gross_cents by it). */
const creatorPart = (grossCents: number) => Math.floor((grossCents * AD_CREATOR_PERCENT) / 100);

/**
 * The money side's periodic work. Each run is safe when several processes run it at once: maturation claims rows
 * with SKIP LOCKED, the pool and ad runs hold a transaction-scoped advisory lock, and every posting has its own
 * idempotency key.
 */
@Injectable()
export class MoneySchedules {
  private readonly logger = new Logger('MoneySchedules');

  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly identity: IdentityFacade,
    private readonly catalog: CatalogFacade,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private run(name: string, fn: () => Promise<unknown>): Promise<void> {
    if (!this.config.jobsEnabled) return Promise.resolve();
    return RequestContext.create(this.orm.em, async () => {
      try {
        await fn();
      } catch (e) {
        this.logger.warn(`${name} failed: ${(e as Error).message}`);
      }
    });
  }

  @Interval(60_000)
  expirePremium(): Promise<void> {
    return this.run('premium expiry', () => this.identity.expirePremiums(new Date()));
  }

  @Interval(5 * 60_000)
  mature(): Promise<void> {
    return this.run('maturation', () => this.matureAll(new Date()));
  }

  @Interval(60 * 60_000)
  premiumPool(): Promise<void> {
    return this.run('premium pool', () => this.distributePremiumPool(new Date()));
  }

  @Interval(10 * 60_000)
  adRevenue(): Promise<void> {
    return this.run('ad revenue', () => this.accrueAdRevenue());
  }

  /** Matures every transaction whose 7 days are over. */
  async matureAll(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.ledger.matureDue(now, 200);
      total += n;
      if (n < 200) return total;
    }
  }

  /**
   * Shares the premium pool's funds from before this month among creators, by the seconds premium members watched
   * their items last month. Each creator's share is rounded down; what is left stays in the pool for next month.
   */
  async distributePremiumPool(now: Date): Promise<{ month: string; distributedCents: number; creators: number }> {
    const thisMonth = monthStart(now);
    const lastMonth = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1));
    const label = lastMonth.toISOString().slice(0, 7);
    return this.em.transactional(async () => {
      const [{ locked }] = await this.em.execute<{ locked: boolean }[]>(`select pg_try_advisory_xact_lock(hashtext('money:premium-pool')) as locked`);
      if (!locked) return { month: label, distributedCents: 0, creators: 0 };
      const done = await this.em.execute<{ n: string }[]>(`select count(*) as n from ledger_transactions where idempotency_key like ?`, [`premium-pool:${label}:%`]);
      if (Number(done[0].n) > 0) return { month: label, distributedCents: 0, creators: 0 };
      // The watch-time shares first (the heavy part), so the pool's lock, which premium payments wait on, is short.
      const periods = await this.em.execute<{ user_id: string; starts_at: Date; ends_at: Date }[]>(
        'select user_id, starts_at, ends_at from premium_periods where ends_at > ? and starts_at < ?',
        [lastMonth, thisMonth],
      );
      const watch = await this.catalog.premiumWatchByCreator(
        periods.map((p) => ({ userId: p.user_id, startsAt: new Date(p.starts_at), endsAt: new Date(p.ends_at) })),
        lastMonth,
        thisMonth,
      );
      const totalSeconds = [...watch.values()].reduce((a, s) => a + s, 0);
      if (totalSeconds === 0) return { month: label, distributedCents: 0, creators: 0 };
      const balance = await this.ledger.lockBalance(Accounts.premiumPool);
      const since = await this.ledger.creditedSince([Accounts.premiumPool], thisMonth);
      const amount = balance - since;
      if (amount <= 0) return { month: label, distributedCents: 0, creators: 0 };
      let distributed = 0;
      let creators = 0;
      for (const [creator, seconds] of [...watch.entries()].sort()) {
        const share = Math.floor((amount * seconds) / totalSeconds);
        if (share <= 0) continue;
        await this.ledger.post({
          idempotencyKey: `premium-pool:${label}:${creator}`,
          kind: 'premium_pool',
          memo: `Premium watch time, ${label}`,
          userId: creator,
          maturesAt: days(PENDING_DAYS),
          entries: [
            { accountId: Accounts.premiumPool, cents: -share },
            { accountId: Accounts.userPending(creator), cents: share },
          ],
        });
        distributed += share;
        creators += 1;
      }
      return { month: label, distributedCents: distributed, creators };
    });
  }

  /**
   * A creator joins (or rejoins) the partner program: the views their items had until now were not partner views, so
   * ad revenue counts from here. Inside the caller's transaction.
   */
  async baselineAdViews(userId: string): Promise<void> {
    const rpm = this.config.money.adRpmCents;
    let after: string | null = null;
    for (;;) {
      const page = await this.catalog.monetizedViews([userId], after, 500);
      for (const m of page) {
        const gross = Math.floor((m.views * rpm) / 1000);
        await this.em.execute(
          `insert into ad_accruals (media_id, user_id, views, gross_cents, creator_cents) values (?, ?, ?, ?, ?)
           on conflict (media_id) do update set views = excluded.views, gross_cents = excluded.gross_cents, creator_cents = excluded.creator_cents, updated_at = now()`,
          [m.mediaId, m.userId, m.views, gross, creatorPart(gross)],
        );
      }
      if (page.length < 500) return;
      after = page[page.length - 1].mediaId;
    }
  }

  /**
   * Ad revenue on the monetized items of creator-program members: each counted view earns RPM / 1000 cents, 55% to
   * the creator and 45% to the platform. Views already paid are remembered per item, and fractions of a cent carry.
   */
  async accrueAdRevenue(): Promise<{ items: number; grossCents: number }> {
    const rpm = this.config.money.adRpmCents;
    if (rpm === 0) return { items: 0, grossCents: 0 };
    const creators = await this.identity.creatorProgramMembers();
    let after: string | null = null;
    let items = 0;
    let gross = 0;
    for (;;) {
      const page = await this.catalog.monetizedViews(creators, after, 500);
      if (page.length === 0) break;
      after = page[page.length - 1].mediaId;
      for (const m of page) {
        const added = await this.em.transactional(async () => {
          await this.em.execute('insert into ad_accruals (media_id, user_id) values (?, ?) on conflict do nothing', [m.mediaId, m.userId]);
          const [row] = await this.em.execute<{ views: string; gross_cents: string; creator_cents: string }[]>('select views, gross_cents, creator_cents from ad_accruals where media_id = ? for update', [m.mediaId]);
          if (m.views <= Number(row.views)) return 0;
          const total = Math.floor((m.views * rpm) / 1000);
          const due = total - Number(row.gross_cents);
          if (due <= 0) return 0;
          // The creator's 55% of the item's whole accrual less what they already have, so the split's fractions carry
          // too (split per run, a cent or two at a time, would give the platform every rounding, often all of it).
          const payee = Math.min(due, Math.max(0, creatorPart(total) - Number(row.creator_cents)));
          const platform = due - payee;
          await this.ledger.post({
            idempotencyKey: `ads:${m.mediaId}:${m.views}`,
            kind: 'ads',
            memo: 'Ad revenue',
            userId: m.userId,
            maturesAt: days(PENDING_DAYS),
            entries: [
              { accountId: Accounts.externalAdvertisers, cents: -due },
              { accountId: Accounts.userPending(m.userId), cents: payee },
              { accountId: Accounts.platformPending('ads'), cents: platform },
            ].filter((e) => e.cents !== 0),
          });
          await this.em.execute('update ad_accruals set views = ?, gross_cents = gross_cents + ?, creator_cents = creator_cents + ?, updated_at = now() where media_id = ?', [m.views, due, payee, m.mediaId]);
          if (payee > 0) await this.catalog.addAdRevenue(m.mediaId, payee);
          return due;
        });
        if (added > 0) {
          items += 1;
          gross += added;
        }
      }
      if (page.length < 500) break;
    }
    return { items, grossCents: gross };
  }
}

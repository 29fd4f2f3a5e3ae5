import { Injectable, Logger, type OnApplicationBootstrap, Inject } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { moneyErrors, SAMPLE_CHANNELS } from '../domain/rules.js';

export interface Tier {
  id: string;
  accountId: string;
  ownerUserId: string;
  channelName: string;
  name: string;
  description: string;
  priceCents: number;
}

export interface Channel {
  accountId: string;
  ownerUserId: string;
  channelName: string;
  handle: string;
  photoUrl: string | null;
  tiers: Tier[];
  memberCount: number;
  /** The viewer's membership here, if any (active or lapsed). */
  mine: { tierName: string; expiresAt: Date; active: boolean } | null;
}

interface TierRow {
  id: string;
  account_id: string;
  owner_user_id: string;
  channel_name: string;
  name: string;
  description: string;
  price_cents: number;
}

const toTier = (r: TierRow): Tier => ({ id: r.id, accountId: r.account_id, ownerUserId: r.owner_user_id, channelName: r.channel_name, name: r.name, description: r.description, priceCents: Number(r.price_cents) });

/** Channel membership tiers (the creator's own, and the sample channels of seed 001), and who is a member. */
@Injectable()
export class MembershipsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly accounts: AccountsFacade,
    private readonly identity: IdentityFacade,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Once per instance: the three sample channels and their tiers, unless DEMO_DATA=false. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demoData) return;
    try {
      await this.seedSampleChannels();
    } catch (e) {
      this.logger.warn(`sample channels were not seeded: ${(e as Error).message}`);
    }
  }

  /** Seeds the sample channels unless it was done before on this database (in its own context: call from anywhere). */
  seedSampleChannels(): Promise<void> {
    return RequestContext.create(this.orm.em, () => this.seed());
  }

  private async seed(): Promise<void> {
    const done = await this.em.execute<{ name: string }[]>(`select name from seed_marks where name = 'sample-channels'`);
    if (done.length) return;
    for (const c of SAMPLE_CHANNELS) {
      const { userId, accountId } = await this.identity.createSampleCreator(c);
      for (const t of c.tiers) {
        await this.em.execute(
          `insert into membership_tiers (id, account_id, owner_user_id, channel_name, name, description, price_cents) values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
          [randomUUID(), accountId, userId, c.channelName, t.name, t.description, t.cents],
        );
      }
    }
    await this.em.execute(`insert into seed_marks (name) values ('sample-channels') on conflict do nothing`);
    this.logger.log('Seeded the sample channels Tech Guru, Music Creator and Gaming Stream with their membership tiers');
  }

  async tier(id: string | undefined): Promise<Tier | null> {
    if (!id) return null;
    const rows = await this.em.execute<TierRow[]>('select * from membership_tiers where id = ?', [id]);
    return rows[0] ? toTier(rows[0]) : null;
  }

  /** Channels that offer memberships, with their tiers, in name order. */
  async channels(viewerId: string | null, onlyAccountId?: string): Promise<Channel[]> {
    const rows = await this.em.execute<TierRow[]>(
      `select * from membership_tiers where active ${onlyAccountId ? 'and account_id = ?' : ''} order by channel_name, price_cents, name`,
      onlyAccountId ? [onlyAccountId] : [],
    );
    const byAccount = new Map<string, Tier[]>();
    for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), toTier(r)]);
    const ids = [...byAccount.keys()];
    if (ids.length === 0) return [];
    const summaries = await this.accounts.summaries(ids);
    const counts = await this.em.execute<{ account_id: string; n: string }[]>(`select account_id, count(*) as n from memberships where account_id in (?) and expires_at > now() group by account_id`, [ids]);
    const mine = viewerId
      ? await this.em.execute<{ account_id: string; name: string; expires_at: Date }[]>(
          `select m.account_id, t.name, m.expires_at from memberships m join membership_tiers t on t.id = m.tier_id where m.member_user_id = ? and m.account_id in (?)`,
          [viewerId, ids],
        )
      : [];
    const out: Channel[] = [];
    for (const [accountId, tiers] of byAccount) {
      const summary = summaries.get(accountId);
      if (!summary || summary.visibility === 'private') continue;
      const m = mine.find((x) => x.account_id === accountId);
      out.push({
        accountId,
        ownerUserId: tiers[0].ownerUserId,
        channelName: summary.displayName,
        handle: summary.handle,
        photoUrl: summary.photoUrl,
        tiers,
        memberCount: Number(counts.find((c) => c.account_id === accountId)?.n ?? 0),
        mine: m ? { tierName: m.name, expiresAt: new Date(m.expires_at), active: new Date(m.expires_at) > new Date() } : null,
      });
    }
    return out.sort((a, b) => a.channelName.localeCompare(b.channelName));
  }

  async channel(accountId: string): Promise<Channel | null> {
    return (await this.channels(null, accountId))[0] ?? null;
  }

  /** A creator adds a tier to one of their own channels. */
  async createTier(userId: string, accountId: string, input: { name: string; priceCents: number; description: string }): Promise<Tier> {
    const summary = (await this.accounts.summaries([accountId])).get(accountId);
    if (!summary) throw moneyErrors.channelNotFound();
    if (summary.userId !== userId) throw moneyErrors.notChannelOwner();
    const id = randomUUID();
    try {
      await this.em.execute(`insert into membership_tiers (id, account_id, owner_user_id, channel_name, name, description, price_cents) values (?, ?, ?, ?, ?, ?, ?)`, [
        id,
        accountId,
        userId,
        summary.displayName,
        input.name,
        input.description,
        input.priceCents,
      ]);
    } catch (e) {
      if (String((e as Error).message).includes('membership_tiers_name_unique')) throw moneyErrors.tierExists();
      throw e;
    }
    return (await this.tier(id))!;
  }

  /** Retires a tier: no new members; current members keep their time. */
  async retireTier(userId: string, tierId: string): Promise<void> {
    const tier = await this.tier(tierId);
    if (!tier) throw moneyErrors.tierNotFound();
    if (tier.ownerUserId !== userId) throw moneyErrors.notChannelOwner();
    await this.em.execute('update membership_tiers set active = false where id = ?', [tierId]);
  }

  /**
   * Inside a payment's fulfilment: the member's time runs `days` more. Time left on another tier of the channel is
   * converted at the two prices (30 days of a $2.99 tier become about 12.8 days of a $6.99 one, and back), so cheap
   * months cannot be turned into dear ones and an upgrade loses nothing.
   */
  async extend(tier: Tier, memberUserId: string, days: number): Promise<string> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into memberships as m (id, tier_id, account_id, member_user_id, started_at, expires_at) values (?, ?, ?, ?, now(), now() + make_interval(days => ?))
       on conflict (account_id, member_user_id) do update set tier_id = excluded.tier_id, updated_at = now(),
         started_at = case when m.expires_at > now() then m.started_at else now() end,
         expires_at = now()
           + greatest(m.expires_at - now(), interval '0 seconds') * ((select t.price_cents from membership_tiers t where t.id = m.tier_id)::float8 / ?::float8)
           + make_interval(days => ?)
       returning id`,
      [randomUUID(), tier.id, tier.accountId, memberUserId, days, tier.priceCents, days],
    );
    return rows[0].id;
  }

  /** A channel's members, for its owner, newest first. */
  async members(userId: string, accountId: string, opts: { limit: number; includeLapsed: boolean }): Promise<{ userId: string; tierName: string; priceCents: number; startedAt: Date; expiresAt: Date; active: boolean }[]> {
    const summary = (await this.accounts.summaries([accountId])).get(accountId);
    if (!summary) throw moneyErrors.channelNotFound();
    if (summary.userId !== userId) throw moneyErrors.notChannelOwner();
    const rows = await this.em.execute<{ member_user_id: string; name: string; price_cents: number; started_at: Date; expires_at: Date }[]>(
      `select m.member_user_id, t.name, t.price_cents, m.started_at, m.expires_at from memberships m join membership_tiers t on t.id = m.tier_id
        where m.account_id = ? ${opts.includeLapsed ? '' : 'and m.expires_at > now()'} order by m.started_at desc limit ?`,
      [accountId, opts.limit],
    );
    return rows.map((r) => ({ userId: r.member_user_id, tierName: r.name, priceCents: Number(r.price_cents), startedAt: new Date(r.started_at), expiresAt: new Date(r.expires_at), active: new Date(r.expires_at) > new Date() }));
  }
}

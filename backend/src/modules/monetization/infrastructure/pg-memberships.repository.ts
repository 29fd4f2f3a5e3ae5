import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { MembershipTier, type ChannelMember } from '../domain/membership.js';
import type { MembershipRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

interface TierRow {
  id: string;
  account_id: string;
  owner_user_id: string;
  channel_name: string;
  name: string;
  description: string;
  price_cents: number;
}

const toTier = (r: TierRow): MembershipTier =>
  new MembershipTier({ id: r.id, accountId: r.account_id, ownerUserId: r.owner_user_id, channelName: r.channel_name, name: r.name, description: r.description, priceCents: Number(r.price_cents) });

/** Membership tiers and memberships (SQL-owned tables `membership_tiers`, `memberships`). */
@Injectable()
export class PgMembershipRepository implements MembershipRepository {
  constructor(private readonly em: EntityManager) {}

  async tier(id: string): Promise<MembershipTier | null> {
    const rows = await this.em.execute<TierRow[]>('select * from membership_tiers where id = ?', [id]);
    return rows[0] ? toTier(rows[0]) : null;
  }

  async activeTiers(onlyAccountId?: string): Promise<MembershipTier[]> {
    const rows = await this.em.execute<TierRow[]>(
      `select * from membership_tiers where active ${onlyAccountId ? 'and account_id = ?' : ''} order by channel_name, price_cents, name`,
      onlyAccountId ? [onlyAccountId] : [],
    );
    return rows.map(toTier);
  }

  async addTier(t: MembershipTier, opts: { ignoreConflict?: boolean } = {}): Promise<void> {
    try {
      await this.em.execute(
        `insert into membership_tiers (id, account_id, owner_user_id, channel_name, name, description, price_cents) values (?, ?, ?, ?, ?, ?, ?)${opts.ignoreConflict ? ' on conflict do nothing' : ''}`,
        [t.id, t.accountId, t.ownerUserId, t.channelName, t.name, t.description, t.priceCents],
      );
    } catch (e) {
      if (String((e as Error).message).includes('membership_tiers_name_unique')) throw moneyErrors.tierExists();
      throw e;
    }
  }

  async retireTier(tierId: string): Promise<void> {
    await this.em.execute('update membership_tiers set active = false where id = ?', [tierId]);
  }

  async activeMemberCounts(accountIds: string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.em.execute<{ account_id: string; n: string }[]>(`select account_id, count(*) as n from memberships where account_id in (?) and expires_at > now() group by account_id`, [accountIds]);
    return new Map(rows.map((r) => [r.account_id, Number(r.n)]));
  }

  async membershipsOf(memberUserId: string, accountIds: string[]): Promise<{ accountId: string; tierName: string; expiresAt: Date }[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.em.execute<{ account_id: string; name: string; expires_at: Date }[]>(
      `select m.account_id, t.name, m.expires_at from memberships m join membership_tiers t on t.id = m.tier_id where m.member_user_id = ? and m.account_id in (?)`,
      [memberUserId, accountIds],
    );
    return rows.map((r) => ({ accountId: r.account_id, tierName: r.name, expiresAt: new Date(r.expires_at) }));
  }

  async extend(tier: MembershipTier, memberUserId: string, days: number): Promise<string> {
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

  async members(accountId: string, opts: { limit: number; includeLapsed: boolean }): Promise<ChannelMember[]> {
    const rows = await this.em.execute<{ member_user_id: string; name: string; price_cents: number; started_at: Date; expires_at: Date }[]>(
      `select m.member_user_id, t.name, t.price_cents, m.started_at, m.expires_at from memberships m join membership_tiers t on t.id = m.tier_id
        where m.account_id = ? ${opts.includeLapsed ? '' : 'and m.expires_at > now()'} order by m.started_at desc limit ?`,
      [accountId, opts.limit],
    );
    return rows.map((r) => ({ userId: r.member_user_id, tierName: r.name, priceCents: Number(r.price_cents), startedAt: new Date(r.started_at), expiresAt: new Date(r.expires_at), active: new Date(r.expires_at) > new Date() }));
  }
}

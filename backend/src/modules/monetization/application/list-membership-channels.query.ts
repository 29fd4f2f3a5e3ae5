import { Inject, Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import type { MembershipChannel, MembershipTier } from '../domain/membership.js';
import { MEMBERSHIPS, type MembershipRepository } from '../domain/ports.js';

/** Channels that offer memberships (not private ones), with their tiers and the viewer's membership, in name order. */
@Injectable()
export class ListMembershipChannelsQuery {
  constructor(
    @Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository,
    private readonly accounts: AccountsFacade,
  ) {}

  async execute(viewerId: string | null, onlyAccountId?: string): Promise<MembershipChannel[]> {
    const byAccount = new Map<string, MembershipTier[]>();
    for (const t of await this.memberships.activeTiers(onlyAccountId)) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t]);
    const ids = [...byAccount.keys()];
    if (ids.length === 0) return [];
    const summaries = await this.accounts.summaries(ids);
    const counts = await this.memberships.activeMemberCounts(ids);
    const mine = viewerId ? await this.memberships.membershipsOf(viewerId, ids) : [];
    const out: MembershipChannel[] = [];
    for (const [accountId, tiers] of byAccount) {
      const summary = summaries.get(accountId);
      if (!summary || summary.visibility === 'private') continue;
      const m = mine.find((x) => x.accountId === accountId);
      out.push({
        accountId,
        ownerUserId: tiers[0].ownerUserId,
        channelName: summary.displayName,
        handle: summary.handle,
        photoUrl: summary.photoUrl,
        tiers,
        memberCount: counts.get(accountId) ?? 0,
        mine: m ? { tierName: m.tierName, expiresAt: m.expiresAt, active: m.expiresAt > new Date() } : null,
      });
    }
    return out.sort((a, b) => a.channelName.localeCompare(b.channelName));
  }

  /** One channel that offers memberships (null when it offers none, or is private or gone). */
  async channel(accountId: string): Promise<MembershipChannel | null> {
    return (await this.execute(null, accountId))[0] ?? null;
  }
}

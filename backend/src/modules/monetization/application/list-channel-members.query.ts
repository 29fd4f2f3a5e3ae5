import { Inject, Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { ChannelMember } from '../domain/membership.js';
import { MEMBERSHIPS, type MembershipRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';

/** The members of one of the owner's channels, newest first, with their names. */
@Injectable()
export class ListChannelMembersQuery {
  constructor(
    @Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository,
    private readonly accounts: AccountsFacade,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(userId: string, accountId: string, opts: { limit: number; includeLapsed: boolean }): Promise<(ChannelMember & { username: string | null })[]> {
    const summary = (await this.accounts.summaries([accountId])).get(accountId);
    if (!summary) throw moneyErrors.channelNotFound();
    // Another's private channel is not there for them at all; a public one is, but not theirs to manage.
    if (summary.userId !== userId) throw summary.visibility === 'private' ? moneyErrors.channelNotFound() : moneyErrors.notChannelOwner();
    const rows = await this.memberships.members(accountId, opts);
    const names = await this.identity.usernames(rows.map((r) => r.userId));
    return rows.map((r) => ({ ...r, username: names.get(r.userId) ?? null }));
  }
}

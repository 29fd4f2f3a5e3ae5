import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { components } from '../../api/schema';
import { errorDetail } from '../../shared/apiError';
import type { AccountDto } from '../accounts/types';
import type { LoadStatus } from '../../shared/resource';
import { MEMBERSHIP_MESSAGES } from './messages';
import type { ChannelMember, MembershipChannel, MembershipTier, NewTier } from './types';

export interface MembersList {
  status: LoadStatus;
  members: ChannelMember[];
  /** Members whose time ran out are listed too. */
  includeLapsed: boolean;
}

/** What the Add tier form shows after a refused call: the server's sentence, and the fields it named. */
export type TierResult = { ok: true } | { ok: false; detail: string; fieldErrors: Record<string, string> };

function fieldErrorsOf(error: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    for (const problem of error.errors as { field?: unknown; message?: unknown }[]) {
      if (typeof problem.field === 'string' && typeof problem.message === 'string' && !fieldErrors[problem.field]) {
        fieldErrors[problem.field] = problem.message;
      }
    }
  }
  return fieldErrors;
}

/** True when others cannot see the account's uploads: the server lists no memberships for it. */
export function isPrivateChannel(account: AccountDto): boolean {
  return account.privacy_settings.profile_visibility === 'private' || account.privacy_settings.video_visibility === 'private';
}

/**
 * Channel memberships (seed 001 §2, §5, §7): the channels that offer them with their tiers and the viewer's own
 * membership; joining goes through a checkout (PaymentsStore). A channel's owner sees its members, adds tiers and
 * retires them.
 */
export class MembershipsStore {
  channels: MembershipChannel[] = [];
  status: LoadStatus = 'idle';
  /** Members per channel id (owners only). */
  members = new Map<string, MembersList>();
  /** The channel whose Add tier call is under way. */
  addingTierTo: string | null = null;
  /** Tiers with a retire call under way. */
  retiringTierIds = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** The viewer's own channels that offer memberships. */
  get ownChannels(): MembershipChannel[] {
    return this.channels.filter((channel) => channel.is_owner);
  }

  /** Everyone else's channels: the ones the viewer can join. */
  get otherChannels(): MembershipChannel[] {
    return this.channels.filter((channel) => !channel.is_owner);
  }

  /**
   * The viewer's active channel when it offers no memberships yet (it is not in the list): the Memberships page lets
   * its owner add a first tier.
   */
  get activeChannelWithoutTiers(): AccountDto | null {
    const active = this.root.accounts.activeAccount;
    if (!active || this.status !== 'ready') return null;
    return this.channels.some((channel) => channel.channel_id === active.id) ? null : active;
  }

  membersOf(channelId: string): MembersList {
    return this.members.get(channelId) ?? { status: 'idle', members: [], includeLapsed: false };
  }

  isRetiring(tierId: string): boolean {
    return this.retiringTierIds.has(tierId);
  }

  /** Loads the list the first time the section opens. */
  ensureLoaded(): void {
    if (this.status === 'idle') void this.load();
  }

  async load(): Promise<boolean> {
    if (this.status !== 'ready') this.status = 'loading';
    let channels: MembershipChannel[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/memberships/channels');
      channels = data?.channels;
    } catch {
      channels = undefined;
    }
    runInAction(() => {
      if (channels) {
        this.channels = channels;
        this.status = 'ready';
      } else if (this.status !== 'ready') {
        this.status = 'error';
      }
    });
    if (channels) this.root.notify.clear('memberships.load');
    else this.root.notify.error(MEMBERSHIP_MESSAGES.loadFailed, { action: 'memberships.load' });
    return channels !== undefined;
  }

  /** Something changed on the server (a membership was paid for): the list is fetched again when it is shown. */
  invalidate(): void {
    if (this.status === 'idle') return;
    void this.load();
  }

  /** To the hosted checkout for `tier` of `channel` (seed 001 §7). */
  join(channel: MembershipChannel, tier: MembershipTier): Promise<boolean> {
    return this.root.payments.startMembershipCheckout(channel.channel_id, tier.name);
  }

  // ---- Owners ----

  async loadMembers(channelId: string, includeLapsed = this.membersOf(channelId).includeLapsed): Promise<boolean> {
    const previous = this.membersOf(channelId);
    this.members.set(channelId, { ...previous, includeLapsed, status: 'loading' });
    let members: ChannelMember[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/channels/{channelId}/members', {
        params: { path: { channelId }, query: includeLapsed ? { include_lapsed: 'true' } : {} },
      });
      members = data?.members;
    } catch {
      members = undefined;
    }
    runInAction(() => {
      this.members.set(channelId, { includeLapsed, members: members ?? [], status: members ? 'ready' : 'error' });
    });
    if (members) this.root.notify.clear(`memberships.members:${channelId}`);
    else this.root.notify.error(MEMBERSHIP_MESSAGES.membersLoadFailed, { action: `memberships.members:${channelId}` });
    return members !== undefined;
  }

  /** Adds a tier to one of the viewer's channels; the list is reloaded so it shows. */
  async createTier(channelId: string, input: NewTier): Promise<TierResult> {
    const name = input.name.trim();
    const price = input.price.trim();
    const fieldErrors: Record<string, string> = {};
    if (!name) fieldErrors.name = MEMBERSHIP_MESSAGES.nameRequired;
    if (!price) fieldErrors.price = MEMBERSHIP_MESSAGES.priceRequired;
    if (Object.keys(fieldErrors).length) return { ok: false, detail: Object.values(fieldErrors)[0], fieldErrors };

    this.addingTierTo = channelId;
    // The price is sent as typed, so that what was typed arrives exactly; the server parses and checks it.
    const body: components['schemas']['CreateTierRequestDto'] = { name, price, description: input.description.trim() };
    let created: MembershipTier | undefined;
    let refusal: TierResult = { ok: false, detail: MEMBERSHIP_MESSAGES.noDetail, fieldErrors: {} };
    try {
      const { data, error } = await this.root.api.POST('/api/channels/{channelId}/membership-tiers', {
        params: { path: { channelId } },
        body,
      });
      created = data;
      if (!data) refusal = { ok: false, detail: errorDetail(error, MEMBERSHIP_MESSAGES.noDetail), fieldErrors: fieldErrorsOf(error) };
    } catch {
      created = undefined;
    }
    runInAction(() => {
      this.addingTierTo = null;
    });
    if (!created) return refusal;
    this.root.notify.success(MEMBERSHIP_MESSAGES.tierAdded(created.name), { action: `memberships.add-tier:${channelId}` });
    await this.load();
    return { ok: true };
  }

  /** Retires a tier: nobody new can join it; its members keep their time. */
  async retireTier(tier: MembershipTier): Promise<boolean> {
    this.retiringTierIds.add(tier.id);
    let done = false;
    let detail: string = MEMBERSHIP_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.DELETE('/api/membership-tiers/{tierId}', { params: { path: { tierId: tier.id } } });
      done = data !== undefined;
      if (!data) detail = errorDetail(error, MEMBERSHIP_MESSAGES.noDetail);
    } catch {
      done = false;
    }
    runInAction(() => {
      this.retiringTierIds.delete(tier.id);
    });
    const toast = { action: `memberships.retire:${tier.id}` };
    if (!done) {
      this.root.notify.error(MEMBERSHIP_MESSAGES.retireFailed(detail), toast);
      return false;
    }
    this.root.notify.success(MEMBERSHIP_MESSAGES.tierRetired(tier.name), toast);
    await this.load();
    return true;
  }

  /** After signing out. */
  reset(): void {
    this.channels = [];
    this.status = 'idle';
    this.members = new Map();
    this.addingTierTo = null;
    this.retiringTierIds = new Set();
  }
}

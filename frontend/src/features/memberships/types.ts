import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type MembershipChannel = Schemas['MembershipChannelDto'];
export type MembershipTier = Schemas['MembershipTierDto'];
export type MyMembership = Schemas['MyMembershipDto'];
export type ChannelMember = Schemas['ChannelMemberDto'];

/** What the Add tier form sends: the price as typed (dollars, at most two decimals), so it reaches the server exactly. */
export interface NewTier {
  name: string;
  price: string;
  description: string;
}

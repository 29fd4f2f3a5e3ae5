import { mockDb } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { caller, problem, SESSION_INVALID, sessionInvalid } from '../../mocks/mediaHelpers';
import { paymentsDb, paymentsId, type MockMembership, type MockTier } from '../../mocks/paymentsDb';
import type { ChannelMember, MembershipChannel, MembershipTier } from './types';

const DAY_MS = 86_400_000;

/** The 401 of a call whose description does not list it. */
export const signedOut = () => problem(401, 'IDENTITY.SESSION_INVALID', SESSION_INVALID);

/** The server's answers (backend monetization/domain/rules.ts). */
export const membershipErrors = {
  channelNotFound: () => errorBody(404, 'MONEY.CHANNEL_NOT_FOUND', 'Channel not found'),
  notChannelOwner: () => errorBody(403, 'MONEY.NOT_CHANNEL_OWNER', 'Only the channel owner can do this'),
  tierExists: () => errorBody(409, 'MONEY.TIER_EXISTS', 'This channel already has a tier with that name'),
  tierNotFound: () => errorBody(404, 'MONEY.TIER_NOT_FOUND', 'Tier not found'),
};

/** A channel as the mock knows it: one of the sample channels, or an account of a mock user. */
export interface MockChannel {
  accountId: string;
  ownerUserId: string;
  name: string;
  handle: string;
  photoUrl: string | null;
  /** Others cannot see it (private profile or private videos): the server lists no memberships for it. */
  isPrivate: boolean;
}

export function mockChannel(accountId: string): MockChannel | undefined {
  const sample = paymentsDb.sampleChannels.find((channel) => channel.accountId === accountId);
  if (sample) return { ...sample, photoUrl: null, isPrivate: false };
  const entry = mockDb.accounts.get(accountId);
  if (!entry) return undefined;
  const { account } = entry;
  return {
    accountId,
    ownerUserId: entry.userId,
    name: account.display_name,
    handle: account.handle,
    photoUrl: account.profile_photo_url,
    isPrivate: account.privacy_settings.profile_visibility === 'private' || account.privacy_settings.video_visibility === 'private',
  };
}

/** A channel's tiers that take new members, cheapest first. */
export function activeTiers(accountId: string): MockTier[] {
  return paymentsDb.tiers
    .filter((tier) => tier.accountId === accountId && tier.active)
    .sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name));
}

const isActive = (membership: MockMembership, now = Date.now()) => new Date(membership.expires_at).getTime() > now;

export const tierDto = (tier: MockTier): MembershipTier => ({
  id: tier.id,
  name: tier.name,
  description: tier.description,
  price: tier.priceCents / 100,
});

function channelDto(channel: MockChannel, viewerId: string): MembershipChannel {
  const members = paymentsDb.memberships.filter((m) => m.accountId === channel.accountId);
  const mine = members.find((m) => m.userId === viewerId);
  const mineTier = mine ? paymentsDb.tiers.find((tier) => tier.id === mine.tierId) : undefined;
  return {
    channel_id: channel.accountId,
    channel_name: channel.name,
    handle: channel.handle,
    photo_url: channel.photoUrl,
    member_count: members.filter((m) => isActive(m)).length,
    tiers: activeTiers(channel.accountId).map(tierDto),
    my_membership: mine && mineTier ? { tier_name: mineTier.name, expires_at: mine.expires_at, active: isActive(mine) } : null,
    is_owner: channel.ownerUserId === viewerId,
  };
}

/** Inside a paid checkout's fulfilment: the member's time runs 30 days more from the later of now and their expiry. */
export function extendMembership(tier: MockTier, userId: string): void {
  const now = Date.now();
  const existing = paymentsDb.memberships.find((m) => m.accountId === tier.accountId && m.userId === userId);
  if (!existing) {
    paymentsDb.memberships.push({
      accountId: tier.accountId,
      userId,
      tierId: tier.id,
      started_at: new Date(now).toISOString(),
      expires_at: new Date(now + 30 * DAY_MS).toISOString(),
    });
    return;
  }
  const active = isActive(existing, now);
  existing.tierId = tier.id;
  if (!active) existing.started_at = new Date(now).toISOString();
  existing.expires_at = new Date(Math.max(now, new Date(existing.expires_at).getTime()) + 30 * DAY_MS).toISOString();
}

/** Dollars with at most two decimals, as text or a number, in cents; undefined otherwise (the server's Money rule). */
function cents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The server's answers for the Memberships page: channels and tiers, and their owners' tiers and members. */
export const membershipsHandlers = [
  http.get('/api/memberships/channels', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const ids = new Set(paymentsDb.tiers.filter((tier) => tier.active).map((tier) => tier.accountId));
    const channels = [...ids]
      .map((id) => mockChannel(id))
      .filter((channel): channel is MockChannel => channel !== undefined && !channel.isPrivate)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((channel) => channelDto(channel, me.user.id));
    return response(200).json({ channels });
  }),

  http.post('/api/channels/{channelId}/membership-tiers', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(signedOut());
    const channel = mockChannel(params.channelId);
    if (!channel) return response(404).json(membershipErrors.channelNotFound());
    if (channel.ownerUserId !== me.user.id) return response(403).json(membershipErrors.notChannelOwner());

    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const description = typeof body.description === 'string' ? body.description.trim() : '';
    const price = cents(body.price);
    const problems: { field: string; message: string }[] = [];
    if (!name || name.length > 50) problems.push({ field: 'name', message: 'Tier name must be 1 to 50 characters' });
    if (price === undefined || price < 99 || price > 49_999) problems.push({ field: 'price', message: 'Price must be between $0.99 and $499.99 a month' });
    if (description.length > 300) problems.push({ field: 'description', message: 'Description must be at most 300 characters' });
    if (problems.length) return response(400).json(errorBody(400, 'VALIDATION', problems[0].message, problems));
    if (activeTiers(channel.accountId).some((tier) => tier.name.toLowerCase() === name.toLowerCase())) {
      return response(409).json(membershipErrors.tierExists());
    }

    const tier: MockTier = {
      id: paymentsId('tier'),
      accountId: channel.accountId,
      name,
      description,
      priceCents: price ?? 0,
      active: true,
      created_at: new Date().toISOString(),
    };
    paymentsDb.tiers.push(tier);
    return response(201).json(tierDto(tier));
  }),

  http.delete('/api/membership-tiers/{tierId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(signedOut());
    const tier = paymentsDb.tiers.find((t) => t.id === params.tierId);
    if (!tier) return response(404).json(membershipErrors.tierNotFound());
    if (mockChannel(tier.accountId)?.ownerUserId !== me.user.id) return response(403).json(membershipErrors.notChannelOwner());
    tier.active = false;
    return response(200).json({ message: 'Tier retired' });
  }),

  http.get('/api/channels/{channelId}/members', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response.untyped(signedOut());
    const channel = mockChannel(params.channelId);
    if (!channel) return response(404).json(membershipErrors.channelNotFound());
    if (channel.ownerUserId !== me.user.id) return response(403).json(membershipErrors.notChannelOwner());
    const url = new URL(request.url);
    const includeLapsed = url.searchParams.get('include_lapsed') === 'true';
    const limit = Math.min(100, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '', 10) || 50));
    const members: ChannelMember[] = paymentsDb.memberships
      .filter((m) => m.accountId === channel.accountId && (includeLapsed || isActive(m)))
      .sort((a, b) => b.started_at.localeCompare(a.started_at))
      .slice(0, limit)
      .map((m) => {
        const tier = paymentsDb.tiers.find((t) => t.id === m.tierId);
        return {
          user_id: m.userId,
          username: mockDb.users.get(m.userId)?.user.display_name ?? null,
          tier_name: tier?.name ?? '',
          price: (tier?.priceCents ?? 0) / 100,
          started_at: m.started_at,
          expires_at: m.expires_at,
          active: isActive(m),
        };
      });
    return response(200).json({ members });
  }),
];

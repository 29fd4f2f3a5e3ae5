import { toDollars } from '../../../common/money.js';
import type { MembershipChannel, MembershipTier } from '../domain/membership.js';
import type { PartnerApplication } from '../domain/partner-application.js';
import type { Payout } from '../domain/payout.js';
import type { BankAccountView } from '../domain/platform.js';
import type { MembershipChannelDto, MembershipTierDto, PartnerApplicationDto, PayoutDto, PlatformBankAccountDto } from './monetization.dto.js';

export const payoutDto = (p: Payout): PayoutDto => ({
  id: p.id,
  amount: toDollars(p.amountCents),
  requested_date: p.requestedAt.toISOString(),
  payment_method: p.method,
  status: p.status,
  failure_reason: p.failureReason,
});

export const applicationDto = (a: PartnerApplication, username: string | null = null): PartnerApplicationDto => ({
  id: a.id,
  user_id: a.userId,
  username,
  status: a.status,
  followers: a.followers,
  watch_hours: a.watchHours,
  original_content: a.originalContent,
  submitted_at: a.submittedAt.toISOString(),
  decided_at: a.decidedAt?.toISOString() ?? null,
  reason: a.reason,
});

export const tierDto = (t: MembershipTier): MembershipTierDto => ({ id: t.id, name: t.name, description: t.description, price: toDollars(t.priceCents) });

export const membershipChannelDto = (c: MembershipChannel, viewerId: string): MembershipChannelDto => ({
  channel_id: c.accountId,
  channel_name: c.channelName,
  handle: c.handle,
  photo_url: c.photoUrl,
  member_count: c.memberCount,
  tiers: c.tiers.map(tierDto),
  my_membership: c.mine ? { tier_name: c.mine.tierName, expires_at: c.mine.expiresAt.toISOString(), active: c.mine.active } : null,
  is_owner: c.ownerUserId === viewerId,
});

export const bankAccountDto = (b: BankAccountView): PlatformBankAccountDto => ({ bank_name: b.bankName, account_last_4: b.accountLast4, account_holder: b.accountHolder, is_verified: b.isVerified });

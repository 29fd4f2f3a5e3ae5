import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class CheckoutRequestDto {
  /** Premium: monthly or yearly. Membership: one of the channel's tiers, by name or id. */
  @Allow() package_type: string;
  /** The page to come back to (an address of this site); the provider adds session_id and type, or cancelled. */
  @Allow() origin_url: string;
}

export class CheckoutResponseDto {
  /** The hosted checkout page to send the browser to. */
  url: string;
  session_id: string;
}

export class MembershipTierDto {
  id: string;
  name: string;
  description: string;
  /** Dollars per month. */
  price: number;
}

export class MyMembershipDto {
  tier_name: string;
  expires_at: string;
  active: boolean;
}

export class MembershipChannelDto {
  /** The channel (account) id, used in `/subscriptions/channel/{channelId}/checkout`. */
  channel_id: string;
  channel_name: string;
  handle: string;
  photo_url: string | null;
  /** Members whose time has not run out. */
  member_count: number;
  tiers: MembershipTierDto[];
  my_membership: MyMembershipDto | null;
  /** The viewer owns this channel (they can add tiers and see members; they cannot join). */
  is_owner: boolean;
}

export class MembershipChannelsResponseDto {
  channels: MembershipChannelDto[];
}

export class CreateTierRequestDto {
  /** 1 to 50 characters, unique in the channel. */
  @Allow() name: string;
  /** Dollars per month, 0.99 to 499.99. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'Dollars, at most two decimals', example: '50.00' })
  @Allow()
  price: string | number;
  /** Up to 300 characters. */
  @Allow() description?: string;
}

export class ChannelMemberDto {
  user_id: string;
  username: string | null;
  tier_name: string;
  price: number;
  started_at: string;
  expires_at: string;
  active: boolean;
}

export class ChannelMembersResponseDto {
  members: ChannelMemberDto[];
}

export class EarningsBalancesDto {
  available_balance: number;
  pending_balance: number;
  lifetime_earnings: number;
  total_withdrawn: number;
  /** Requested payouts not yet sent. */
  in_transit: number;
  minimum_payout: number;
}

export class RevenueLineDto {
  /** premium_pool, membership, super_chat or ads. */
  revenue_type: string;
  payment_date: string;
  creator_share: number;
  platform_fee: number;
}

export class PayoutDto {
  id: string;
  amount: number;
  requested_date: string;
  payment_method: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'] })
  status: 'pending' | 'completed' | 'failed';
  failure_reason: string | null;
}

export class CreatorEarningsResponseDto {
  earnings: EarningsBalancesDto;
  can_request_payout: boolean;
  current_month_revenue: RevenueLineDto[];
  payout_history: PayoutDto[];
}

export class BankDetailsDto {
  /** checking or savings. */
  @Allow() account_type: string;
  /** Two letters (US). */
  @Allow() country: string;
}

export class PayoutRequestDto {
  /** Dollars, at most two decimals; at least 50 and at most the available balance. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'Dollars, at most two decimals', example: '50.00' })
  @Allow()
  amount: string | number;
  @ApiProperty({ enum: ['bank_transfer', 'paypal', 'crypto'] })
  @Allow()
  payment_method: string;
  /** Required for bank_transfer, null otherwise. */
  @Allow() bank_details?: BankDetailsDto | null;
}

export class PayoutResponseDto {
  success: boolean;
  message: string;
  payout: PayoutDto;
}

export class RequirementProgressDto {
  current: number;
  required: number;
  met: boolean;
}

export class PartnerRequirementsDto {
  subscribers: RequirementProgressDto;
  watch_hours: RequirementProgressDto;
  guidelines_compliant: boolean;
  original_content: boolean;
}

export class PartnerStatsDto {
  total_videos: number;
  total_views: number;
  subscriber_count: number;
  /** Seconds. */
  avg_view_duration: number;
}

export class PartnerProgramStatusDto {
  @ApiProperty({ enum: ['not_applied', 'pending', 'approved', 'rejected', 'suspended'] })
  status: 'not_applied' | 'pending' | 'approved' | 'rejected' | 'suspended';
  eligible: boolean;
  /** Out of 4. */
  requirements_met: number;
  requirements: PartnerRequirementsDto;
  stats: PartnerStatsDto;
  monthly_earnings: number;
  lifetime_earnings: number;
  /** The creator's percentage of ad revenue. */
  revenue_share: number;
  monetized_videos: number;
  applied_at: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

export class PartnerApplyRequestDto {
  /** The creator attests that their content is their own (the fourth requirement). */
  @Allow() original_content: boolean;
}

export class PartnerApplyResponseDto {
  success: boolean;
  message: string;
  status: string;
}

export class PlatformEarningsDto {
  available_balance: number;
  pending_balance: number;
  total_revenue: number;
  total_withdrawn: number;
  premium_revenue: number;
  ad_revenue: number;
  membership_fees: number;
  super_chat_fees: number;
  minimum_payout: number;
}

export class PlatformBankAccountDto {
  bank_name: string;
  account_last_4: string;
  account_holder: string;
  is_verified: boolean;
}

export class PlatformEarningsResponseDto {
  earnings: PlatformEarningsDto;
  /** Platform revenue this calendar month. */
  monthly_revenue: number;
  bank_account: PlatformBankAccountDto | null;
  can_withdraw: boolean;
}

export class BankAccountRequestDto {
  @Allow() bank_name: string;
  @Allow() account_number: string;
  @Allow() routing_number: string;
  @Allow() account_holder_name: string;
}

export class BankAccountResponseDto {
  success: boolean;
  message: string;
  bank_account: PlatformBankAccountDto;
}

export class WithdrawRequestDto {
  /** Dollars, at most two decimals; at least 100 and at most the available balance. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], description: 'Dollars, at most two decimals', example: '50.00' })
  @Allow()
  amount: string | number;
}

export class WithdrawResponseDto {
  success: boolean;
  message: string;
  amount: number;
}

export class AdminPayoutDto extends PayoutDto {
  user_id: string;
  username: string | null;
  bank_details: BankDetailsDto | null;
}

export class AdminPayoutsResponseDto {
  payouts: AdminPayoutDto[];
}

export class DecisionRequestDto {
  /** Why (shown to the creator); up to 500 characters. */
  @Allow() reason?: string;
}

export class PartnerApplicationDto {
  id: string;
  user_id: string;
  username: string | null;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected', 'suspended'] })
  status: 'pending' | 'approved' | 'rejected' | 'suspended';
  followers: number;
  watch_hours: number;
  original_content: boolean;
  submitted_at: string;
  decided_at: string | null;
  reason: string | null;
}

export class PartnerApplicationsResponseDto {
  applications: PartnerApplicationDto[];
}

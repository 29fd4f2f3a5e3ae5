import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Equals, IsIn, IsObject, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidateNested, type ValidationArguments } from 'class-validator';
import { BooleanText, EmptyAsAbsent, lengthMessage, MONEY_TEXT, MoneyText, Trimmed } from '../../../common/http/dto-rules.js';
import { SUPER_CHAT_MESSAGE_MAX, SUPER_CHAT_MESSAGES, SUPER_CHAT_PACKAGE_IDS, type SuperChatPackageId } from '../../live/live.facade.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { CREATOR_MIN_PAYOUT_CENTS, moneyErrors, OWNER_MIN_WITHDRAWAL_CENTS, PAYOUT_METHODS } from '../domain/rules.js';

/**
 * The money forms' rules, with the messages the client shows (the domain's, which checks the same again). Amounts are
 * dollars as a JSON number or as canonical decimal text ("49.99"; MoneyText): "1e3", " 50.00", "0x10", "", [50] are
 * refused. The minimums of a payout ($50) and of a withdrawal ($100) are the use cases' (after the form's own rules:
 * a payout checks its method and bank details first), and are declared here for the contract.
 */
export const MONEY_MESSAGES = {
  badAmount: moneyErrors.badAmount().message,
  badMethod: moneyErrors.badMethod().message,
  badBankDetails: moneyErrors.badBankDetails().message,
  invalidWithdrawal: moneyErrors.invalidWithdrawal().message,
  badPackage: moneyErrors.badPackage().message,
  badTier: moneyErrors.badTier().message,
  attestation: moneyErrors.attestationNeeded().message,
  /** The same sentence as payments' BadReturnUrl (payments checks that the address is this site's). */
  badOrigin: 'origin_url must be an address of this site',
  // The domain's own sentences (TierDraft.parse, BankAccountDetails.parse).
  tierName: 'Tier name must be 1 to 50 characters',
  tierPrice: 'Price must be between $0.99 and $499.99 a month',
  tierDescription: 'Description must be at most 300 characters',
  bankName: 'Bank name is required (at most 100 characters)',
  accountHolder: 'Account holder name is required (at most 100 characters)',
  accountNumber: 'Account number must be 4 to 17 digits',
  routingNumber: 'Routing number must be 9 digits',
  reason: 'Reason must be at most 500 characters',
  applicationStatus: 'status must be one of pending, approved, rejected, suspended, all',
  includeLapsed: 'include_lapsed must be true or false',
};

/** The largest amount Money.parsePositive reads: a billion dollars. */
const MAX_DOLLARS = 1_000_000_000;

/** Whole dollars (at most 10 digits) and at most two decimals, as JSON writes the number: 5e-7 and 1e21 are not. */
const DOLLARS_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A number of dollars greater than 0 with at most two decimals (text is read by MoneyText first). Not class-validator's
 * IsNumber({ maxDecimalPlaces }), which throws on a number JSON writes with an exponent (5e-7).
 */
function IsDollars(message: string | ((args: ValidationArguments) => string)): PropertyDecorator {
  return ValidateBy(
    { name: 'isDollars', validator: { validate: (v: unknown) => typeof v === 'number' && v > 0 && v <= MAX_DOLLARS && DOLLARS_TEXT.test(String(v)) } },
    { message },
  );
}

/** An amount in the contract: decimal text or a number (the range, when given, is a number's, as JSON Schema reads it). */
const dollars = (description: string, range: { minimum?: number; maximum?: number } = {}) => ({
  description,
  oneOf: [{ type: 'string', pattern: MONEY_TEXT.source }, { type: 'number' }],
  example: '50.00',
  ...range,
});

/** A premium checkout. */
export class PremiumCheckoutRequestDto {
  /** monthly ($6.99) or yearly ($69.99). */
  @IsIn(['monthly', 'yearly'], { message: MONEY_MESSAGES.badPackage })
  package_type: 'monthly' | 'yearly';

  /** The page to come back to (an address of this site); the provider adds session_id and type, or cancelled. */
  @IsString({ message: MONEY_MESSAGES.badOrigin })
  @MaxLength(2000, { message: MONEY_MESSAGES.badOrigin })
  origin_url: string;
}

/** A membership checkout. */
export class MembershipCheckoutRequestDto {
  /** One of the channel's tiers, by name (any case) or id. */
  @Trimmed()
  @Length(1, 50, { message: MONEY_MESSAGES.badTier })
  package_type: string;

  /** The page to come back to (an address of this site); the provider adds session_id and type, or cancelled. */
  @IsString({ message: MONEY_MESSAGES.badOrigin })
  @MaxLength(2000, { message: MONEY_MESSAGES.badOrigin })
  origin_url: string;
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
  /** 1 to 50 characters (spaces around it are dropped), unique in the channel. */
  @Trimmed()
  @Length(1, 50, { message: MONEY_MESSAGES.tierName })
  name: string;

  @ApiProperty(dollars('Dollars per month, 0.99 to 499.99, at most two decimals'))
  @MoneyText()
  @IsDollars(MONEY_MESSAGES.tierPrice)
  @Min(0.99, { message: MONEY_MESSAGES.tierPrice })
  @Max(499.99, { message: MONEY_MESSAGES.tierPrice })
  price: string | number;

  /** Up to 300 characters (spaces around it are dropped). */
  @IsOptional()
  @Trimmed()
  @MaxLength(300, { message: MONEY_MESSAGES.tierDescription })
  description?: string;
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
  /** At least the minimum available, and no active guideline strike. */
  can_request_payout: boolean;
  /** While the channel has an active guideline strike, payout requests are held until it ends; null otherwise. */
  payouts_on_hold_until: string | null;
  current_month_revenue: RevenueLineDto[];
  payout_history: PayoutDto[];
}

export class BankDetailsDto {
  /** checking or savings. */
  account_type: string;
  /** Two letters (US). */
  country: string;
}

/** Where a bank transfer goes. */
export class BankDetailsRequestDto {
  @IsIn(['checking', 'savings'], { message: MONEY_MESSAGES.badBankDetails })
  account_type: 'checking' | 'savings';

  /** Two letters, any case (US). */
  @Matches(/^[A-Za-z]{2}$/, { message: MONEY_MESSAGES.badBankDetails })
  country: string;
}

export class PayoutRequestDto {
  /** At least 50 (MONEY.BELOW_MINIMUM otherwise) and at most the available balance. */
  @ApiProperty(dollars('Dollars, at most two decimals; at least 50 and at most the available balance', { minimum: CREATOR_MIN_PAYOUT_CENTS / 100, maximum: MAX_DOLLARS }))
  @MoneyText()
  @IsDollars(MONEY_MESSAGES.badAmount)
  amount: string | number;

  @IsIn(PAYOUT_METHODS, { message: MONEY_MESSAGES.badMethod })
  payment_method: 'bank_transfer' | 'paypal' | 'crypto';

  /** Required for bank_transfer, null (or left out) otherwise. */
  @ValidateIf((o: PayoutRequestDto) => o.payment_method === 'bank_transfer')
  @IsObject({ message: MONEY_MESSAGES.badBankDetails })
  @ValidateNested({ message: MONEY_MESSAGES.badBankDetails })
  @Type(() => BankDetailsRequestDto)
  bank_details?: BankDetailsRequestDto | null;
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

export class GuidelineStrikeSummaryDto {
  reason: string;
  /** When the strike ends (90 days after it was given), unless an appeal overturns it first. */
  expires_at: string;
}

export class PartnerRequirementsDto {
  subscribers: RequirementProgressDto;
  watch_hours: RequirementProgressDto;
  /** False while the channel has an active guideline strike. */
  guidelines_compliant: boolean;
  /** The active strike that fails the guidelines requirement; null when there is none. */
  guidelines_strike: GuidelineStrikeSummaryDto | null;
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
  /** Must be true: the creator attests that their content is their own (the fourth requirement). */
  @BooleanText()
  @Equals(true, { message: MONEY_MESSAGES.attestation })
  original_content: boolean;
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

/** Digits with the spaces and dashes people type between them dropped ("0001-2345 6789"). */
const DigitsText = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/[\s-]/g, '') : value));

/** The platform's bank account (the founder's form posts it urlencoded), in the order the form checks it. */
export class BankAccountRequestDto {
  /** 1 to 100 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, 100, { message: MONEY_MESSAGES.bankName })
  bank_name: string;

  /** 1 to 100 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, 100, { message: MONEY_MESSAGES.accountHolder })
  account_holder_name: string;

  /** 4 to 17 digits; spaces and dashes between them are dropped. */
  @DigitsText()
  @Matches(/^\d{4,17}$/, { message: MONEY_MESSAGES.accountNumber })
  account_number: string;

  /** 9 digits (ABA); spaces and dashes between them are dropped. */
  @DigitsText()
  @Matches(/^\d{9}$/, { message: MONEY_MESSAGES.routingNumber })
  routing_number: string;
}

export class BankAccountResponseDto {
  success: boolean;
  message: string;
  bank_account: PlatformBankAccountDto;
}

export class WithdrawRequestDto {
  /** At least 100 (MONEY.BELOW_MINIMUM otherwise) and at most the available balance. */
  @ApiProperty(dollars('Dollars, at most two decimals; at least 100 and at most the available balance', { minimum: OWNER_MIN_WITHDRAWAL_CENTS / 100, maximum: MAX_DOLLARS }))
  @MoneyText()
  @IsDollars(MONEY_MESSAGES.invalidWithdrawal)
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
  /** Why (shown to the creator); up to 500 characters (spaces around it are dropped). */
  @IsOptional()
  @Trimmed()
  @MaxLength(500, { message: MONEY_MESSAGES.reason })
  reason?: string;
}

/** How many payouts (1 to 100, default 50). */
export class PayoutsQueryDto extends PickType(PageQueryDto, ['limit'] as const) {}

export class PartnerApplicationsQueryDto extends PickType(PageQueryDto, ['limit'] as const) {
  /** pending (the default), approved, rejected, suspended or all. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['pending', 'approved', 'rejected', 'suspended', 'all'], { message: MONEY_MESSAGES.applicationStatus })
  status?: 'pending' | 'approved' | 'rejected' | 'suspended' | 'all';
}

export class ChannelMembersQueryDto extends PickType(PageQueryDto, ['limit'] as const) {
  /** true adds the members whose time ran out. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['true', 'false'], { message: MONEY_MESSAGES.includeLapsed })
  include_lapsed?: 'true' | 'false';
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

/** A Super Chat checkout: JSON, urlencoded or multipart (seed 001's form: stream_id, package_id, message, origin_url). */
export class SendSuperChatRequestDto {
  /** Shown highlighted in the stream's chat: non-blank, at most 200 characters (spaces around it are dropped). */
  @Trimmed()
  @IsString({ message: SUPER_CHAT_MESSAGES.messageRequired })
  @Length(1, SUPER_CHAT_MESSAGE_MAX, { message: lengthMessage(SUPER_CHAT_MESSAGES.messageRequired, SUPER_CHAT_MESSAGES.messageTooLong) })
  message: string;

  /** small ($1.99, blue), medium ($4.99, green), large ($9.99, red) or mega ($24.99, gold). */
  @ApiProperty({ enum: SUPER_CHAT_PACKAGE_IDS })
  @IsIn(SUPER_CHAT_PACKAGE_IDS, { message: SUPER_CHAT_MESSAGES.badPackage })
  package_id: SuperChatPackageId;

  /** The live stream's id. */
  @Trimmed()
  @IsString({ message: SUPER_CHAT_MESSAGES.streamId })
  @Length(1, 100, { message: SUPER_CHAT_MESSAGES.streamId })
  stream_id: string;

  /** The page to come back to (an address of this site); the provider adds session_id and type=super_chat, or cancelled. */
  @IsString({ message: MONEY_MESSAGES.badOrigin })
  @MaxLength(2000, { message: MONEY_MESSAGES.badOrigin })
  origin_url: string;
}

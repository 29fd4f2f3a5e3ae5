import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, Length } from 'class-validator';
import { lengthMessage, MoneyText, Trimmed } from '../../../common/http/dto-rules.js';

/** Personal Access (seed 000 §2): all three must be the founder's. */
export class FounderPersonalLoginRequestDto {
  /** The founder's email (any case). */
  @Trimmed()
  @Length(1, 254, { message: lengthMessage('Email is required', 'Email can be at most 254 characters') })
  email: string;

  /** The founder's phone number (any spacing or punctuation; its digits count). */
  @Trimmed()
  @Length(1, 40, { message: lengthMessage('Phone is required', 'Phone can be at most 40 characters') })
  phone: string;

  /** The founder's driver's licence number (any case; spaces and dashes do not count). */
  @Trimmed()
  @Length(1, 40, { message: lengthMessage("Driver's licence number is required", "Driver's licence number can be at most 40 characters") })
  license_number: string;
}

/** Legacy Access (seed 000 §2): the founder's username and master key. */
export class FounderLoginRequestDto {
  @Trimmed()
  @Length(1, 100, { message: lengthMessage('Username is required', 'Username can be at most 100 characters') })
  username: string;

  /** The master key, exactly as set up. */
  @Length(1, 256, { message: lengthMessage('Master key is required', 'Master key can be at most 256 characters') })
  password: string;
}

export class FounderLoginResponseDto {
  access_token: string;
  @ApiProperty({ enum: ['bearer'] })
  token_type: 'bearer';
  /** Seconds the token lasts (30 minutes). */
  expires_in: number;
  message: string;
}

export class PlatformOverviewDto {
  total_users: number;
  total_videos: number;
  /** Music tracks not removed by moderation (kept nullable in the contract; always a number now). */
  @ApiProperty({ type: Number, nullable: true })
  total_music: number | null;
  total_reels: number;
  total_movies: number;
  total_live_streams: number;
}

export class FinancialMetricsDto {
  /** Dollars the platform kept (its fees). */
  net_profit: number;
  /** Dollars paid in, gross. */
  total_revenue: number;
  /** Dollars of the revenue that are the creators'. */
  creator_payouts: number;
  /** Total revenue per user, dollars. */
  revenue_per_user: number;
}

export class MonthlyTrendDto {
  /** 'YYYY-MM' (UTC). */
  month: string;
  new_users: number;
  new_videos: number;
  /** Null: not measured (views are not kept per month). */
  @ApiProperty({ type: Number, nullable: true })
  views: number | null;
  /** Dollars paid in that month, gross. */
  revenue: number;
}

export class GrowthMetricsDto {
  /** Percent: new users this month against last month; null when last month had none. */
  @ApiProperty({ type: Number, nullable: true })
  user_growth_rate: number | null;
  /** Percent: (likes + comments) per view; null before any view. */
  @ApiProperty({ type: Number, nullable: true })
  engagement_rate: number | null;
  /** The last 12 months, oldest first. */
  @ApiProperty({ type: [MonthlyTrendDto] })
  monthly_trend: MonthlyTrendDto[];
}

export class SystemHealthDto {
  @ApiProperty({ enum: ['healthy', 'degraded'] })
  server_status: 'healthy' | 'degraded';
  @ApiProperty({ enum: ['healthy', 'unreachable'] })
  database_status: 'healthy' | 'unreachable';
  /** Seconds this server process has run. */
  uptime: number;
  /** Percent of the data disk in use; null when it cannot be read. */
  @ApiProperty({ type: Number, nullable: true })
  storage_usage: number | null;
  /** Null: not measured (no CDN is configured). */
  @ApiProperty({ type: String, nullable: true })
  cdn_performance: string | null;
}

export class FounderAnalyticsResponseDto {
  platform_overview: PlatformOverviewDto;
  financial_metrics: FinancialMetricsDto;
  growth_metrics: GrowthMetricsDto;
  system_health: SystemHealthDto;
  generated_at: string;
}

export class RevenueSourceDto {
  @ApiProperty({ enum: ['premium', 'ads', 'membership', 'super_chat'] })
  source: 'premium' | 'ads' | 'membership' | 'super_chat';
  label: string;
  /** Dollars, gross. */
  amount: number;
  /** Percent of the total revenue (0 to 100). */
  share: number;
}

export class RevenueMonthDto {
  /** 'YYYY-MM' (UTC). */
  month: string;
  premium: number;
  ads: number;
  membership: number;
  super_chat: number;
  total: number;
}

export class TopEarnerDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  username: string;
  /** partner: the creator's partner program status is approved. */
  @ApiProperty({ enum: ['partner', 'creator'] })
  tier: 'partner' | 'creator';
  /** Dollars earned, lifetime (everything credited to the creator). */
  earnings: number;
}

export class RevenueBreakdownResponseDto {
  /** Dollars paid in, gross. */
  total_revenue: number;
  /** Dollars the platform kept. */
  platform_revenue: number;
  /** Dollars that are the creators'. */
  creator_payouts: number;
  @ApiProperty({ type: [RevenueSourceDto] })
  sources: RevenueSourceDto[];
  /** The last 12 months, oldest first. */
  @ApiProperty({ type: [RevenueMonthDto] })
  monthly: RevenueMonthDto[];
  /** The 10 creators with the highest lifetime earnings, highest first (ties by user id); empty before anyone earned. */
  @ApiProperty({ type: [TopEarnerDto] })
  top_earners: TopEarnerDto[];
}

export class FounderBankAccountDto {
  bank_name: string;
  account_holder_name: string;
  /** '****' and the last four digits. */
  account_number_masked: string;
  account_type: string;
  currency: string;
}

export class FounderBankAccountResponseDto {
  @ApiProperty({ type: FounderBankAccountDto, nullable: true })
  bank_account: FounderBankAccountDto | null;
}

/** The platform's bank account (all four required; the numbers are encrypted at rest). */
export class FounderBankAccountRequestDto {
  @Trimmed()
  @Length(1, 100, { message: 'Bank name is required (at most 100 characters)' })
  bank_name: string;

  /** 4 to 17 digits (spaces and dashes are dropped). */
  @Length(1, 40, { message: 'Account number must be 4 to 17 digits' })
  account_number: string;

  /** 9 digits (ABA; spaces and dashes are dropped). */
  @Length(1, 40, { message: 'Routing number must be 9 digits' })
  routing_number: string;

  @Trimmed()
  @Length(1, 100, { message: 'Account holder name is required (at most 100 characters)' })
  account_holder_name: string;
}

export class SaveFounderBankAccountResponseDto {
  success: boolean;
  message: string;
  bank_account: FounderBankAccountDto;
}

export class FounderEarningsDto {
  available_balance: number;
  pending_balance: number;
  lifetime_earnings: number;
  total_withdrawn: number;
  minimum_payout: number;
}

export class FounderEarningsResponseDto {
  earnings: FounderEarningsDto;
  can_withdraw: boolean;
}

export class FounderWithdrawRequestDto {
  /** Dollars, at most two decimals: at least 100 and at most the available balance. */
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'Dollars, at most two decimals; at least 100 and at most the available balance' })
  @MoneyText()
  @IsDefined({ message: 'Invalid withdrawal amount' })
  amount: string | number;
}

export class FounderWithdrawResponseDto {
  success: boolean;
  message: string;
  amount: number;
}

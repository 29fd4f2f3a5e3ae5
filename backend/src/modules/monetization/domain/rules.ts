import { DomainError } from '../../../common/errors/domain-error.js';

/** Seed 001 §9 and product.md §8, in cents. */
export const PREMIUM_PACKAGES = {
  monthly: { cents: 699, days: 30, name: 'Premium Monthly' },
  yearly: { cents: 6999, days: 365, name: 'Premium Yearly' },
} as const;
export type PremiumPackage = keyof typeof PREMIUM_PACKAGES;

export const PREMIUM_PLATFORM_FEE_CENTS = 100;
export const MEMBERSHIP_OWNER_PERCENT = 70;
export const MEMBERSHIP_DAYS = 30;
/** Super Chat: 80% to the streamer, 20% (and any remainder) to the platform (seed 001 §9). */
export const SUPER_CHAT_STREAMER_PERCENT = 80;
export const AD_CREATOR_PERCENT = 55;
export const AD_PLATFORM_PERCENT = 45;
export const CREATOR_MIN_PAYOUT_CENTS = 5000;
export const OWNER_MIN_WITHDRAWAL_CENTS = 10000;
export const PAYOUT_METHODS = ['bank_transfer', 'paypal', 'crypto'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PARTNER = { followers: 1000, watchHours: 4000, watchDays: 365, strikeDays: 90, reviewDays: 30 } as const;
export type PartnerStatus = 'not_applied' | 'pending' | 'approved' | 'rejected' | 'suspended';

/** The sample channels and tiers of seed 001 §2 (seeded once on a new instance). */
export const SAMPLE_CHANNELS = [
  { username: 'TechGuru', firstName: 'Tech', lastName: 'Guru', channelName: 'Tech Guru', tiers: [{ name: 'Basic', cents: 299, description: 'Members-only posts and a badge next to your name.' }, { name: 'VIP', cents: 699, description: 'Everything in Basic, plus early access to new videos.' }] },
  { username: 'MusicCreator', firstName: 'Music', lastName: 'Creator', channelName: 'Music Creator', tiers: [{ name: 'Music Lover', cents: 199, description: 'Exclusive tracks and behind-the-scenes sessions.' }] },
  { username: 'GamingStream', firstName: 'Gaming', lastName: 'Stream', channelName: 'Gaming Stream', tiers: [{ name: 'Gamer', cents: 499, description: 'Members-only streams and emotes.' }] },
] as const;

export class MoneyError extends DomainError {}

export const moneyErrors = {
  badAmount: (field = 'amount') => new MoneyError('invalid', 'MONEY.BAD_AMOUNT', 'Amount must be a number of dollars greater than 0 with at most two decimals', [{ field, message: 'Amount must be a number of dollars greater than 0 with at most two decimals' }]),
  belowPayoutMinimum: () => new MoneyError('invalid', 'MONEY.BELOW_MINIMUM', 'Minimum payout amount is $50.00', [{ field: 'amount', message: 'Minimum payout amount is $50.00' }]),
  payoutsOnHold: (until: Date) =>
    new MoneyError('conflict', 'MONEY.PAYOUTS_ON_HOLD', `Payouts are on hold while your channel has an active guideline strike (until ${until.toISOString().slice(0, 10)}).`),
  aboveAvailable: () => new MoneyError('invalid', 'MONEY.ABOVE_AVAILABLE', 'Amount exceeds your available balance', [{ field: 'amount', message: 'Amount exceeds your available balance' }]),
  badMethod: () => new MoneyError('invalid', 'MONEY.BAD_METHOD', 'Payment method must be bank_transfer, paypal or crypto', [{ field: 'payment_method', message: 'Payment method must be bank_transfer, paypal or crypto' }]),
  badBankDetails: () => new MoneyError('invalid', 'MONEY.BAD_BANK_DETAILS', 'Bank transfers need bank_details with account_type checking or savings and a two-letter country', [{ field: 'bank_details', message: 'Bank transfers need bank_details with account_type checking or savings and a two-letter country' }]),
  belowWithdrawalMinimum: () => new MoneyError('invalid', 'MONEY.BELOW_MINIMUM', 'Minimum withdrawal amount is $100', [{ field: 'amount', message: 'Minimum withdrawal amount is $100' }]),
  invalidWithdrawal: () => new MoneyError('invalid', 'MONEY.INVALID_WITHDRAWAL', 'Invalid withdrawal amount', [{ field: 'amount', message: 'Invalid withdrawal amount' }]),
  noBankAccount: () => new MoneyError('conflict', 'MONEY.NO_BANK_ACCOUNT', 'Add a bank account before withdrawing'),
  userNotFound: () => new MoneyError('not_found', 'MONEY.USER_NOT_FOUND', 'User not found'),
  notYours: () => new MoneyError('forbidden', 'MONEY.NOT_YOURS', 'You can only see your own earnings'),
  adminOnly: () => new MoneyError('forbidden', 'MONEY.ADMIN_ONLY', 'Only administrators can do this'),
  badPackage: () => new MoneyError('invalid', 'MONEY.BAD_PACKAGE', 'package_type must be monthly or yearly', [{ field: 'package_type', message: 'package_type must be monthly or yearly' }]),
  badTier: () => new MoneyError('invalid', 'MONEY.BAD_TIER', "Choose one of the channel's membership tiers", [{ field: 'package_type', message: "Choose one of the channel's membership tiers" }]),
  channelNotFound: () => new MoneyError('not_found', 'MONEY.CHANNEL_NOT_FOUND', 'Channel not found'),
  ownChannel: () => new MoneyError('invalid', 'MONEY.OWN_CHANNEL', 'You cannot join your own channel'),
  demoStream: () => new MoneyError('invalid', 'MONEY.DEMO_STREAM', 'Demo streams cannot receive Super Chats'),
  demoChannel: () => new MoneyError('invalid', 'MONEY.DEMO_CHANNEL', 'Demo channels cannot receive payments'),
  notChannelOwner: () => new MoneyError('forbidden', 'MONEY.NOT_CHANNEL_OWNER', 'Only the channel owner can do this'),
  tierExists: () => new MoneyError('conflict', 'MONEY.TIER_EXISTS', 'This channel already has a tier with that name'),
  tierNotFound: () => new MoneyError('not_found', 'MONEY.TIER_NOT_FOUND', 'Tier not found'),
  payoutNotFound: () => new MoneyError('not_found', 'MONEY.PAYOUT_NOT_FOUND', 'Payout not found'),
  payoutDecided: () => new MoneyError('conflict', 'MONEY.PAYOUT_DECIDED', 'This payout has already been completed or failed'),
  notEligible: () => new MoneyError('invalid', 'PARTNER.NOT_ELIGIBLE', 'You do not meet the partner program requirements yet'),
  attestationNeeded: () => new MoneyError('invalid', 'PARTNER.ATTESTATION', 'Confirm that your content is original', [{ field: 'original_content', message: 'Confirm that your content is original' }]),
  alreadyApplied: () => new MoneyError('conflict', 'PARTNER.ALREADY', 'Your application is already under review'),
  alreadyPartner: () => new MoneyError('conflict', 'PARTNER.ALREADY_APPROVED', 'You are already in the partner program'),
  suspended: () => new MoneyError('forbidden', 'PARTNER.SUSPENDED', 'Your partner program membership is suspended'),
  applicationNotFound: () => new MoneyError('not_found', 'PARTNER.NOT_FOUND', 'Application not found'),
  applicationDecided: () => new MoneyError('conflict', 'PARTNER.DECIDED', 'This application has already been decided'),
};

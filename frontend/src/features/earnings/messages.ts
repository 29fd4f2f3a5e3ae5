import type { components } from '../../api/schema';
import { MONETIZATION } from '../monetization/constants';

export type PayoutMethod = components['schemas']['PayoutRequestDto']['payment_method'];

/** Texts of seed 001 (§8, creator earnings), used verbatim, and the section's own. */
export const EARNINGS_MESSAGES = {
  loadFailed: 'Failed to load earnings data',
  payoutSubmitted: 'Payout request submitted successfully!',
  payoutFailed: (detail: string) => `Payout request failed: ${detail}`,
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** Seed 001 §9: how long a payout takes once requested. */
export const PAYOUT_PROCESSING_TIME = MONETIZATION.payouts.processing;

/** Seed 001 §5: the payment methods of a payout request, in the seed's order. */
export const PAYOUT_METHODS: readonly { value: PayoutMethod; label: string }[] = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'crypto', label: 'Crypto' },
];

/** A method's label; the server's own word for one this build does not know. */
export function payoutMethodLabel(method: string): string {
  return PAYOUT_METHODS.find((m) => m.value === method)?.label ?? method;
}

/** Seed 001 §4: payout status colours: completed green, pending yellow, anything else red. */
export function payoutStatusColor(status: string): 'green' | 'yellow' | 'red' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'red';
}

/** "Completed", "Pending", "Failed"; the server's word, capitalised, for any other. */
export function payoutStatusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : status;
}

/** The kinds of revenue the server credits (RevenueLineDto.revenue_type). */
const REVENUE_TYPES: Record<string, string> = {
  premium_pool: 'Premium pool',
  membership: 'Channel membership',
  super_chat: 'Super Chat',
  ads: 'Ad revenue',
};

export function revenueTypeLabel(type: string): string {
  return REVENUE_TYPES[type] ?? payoutStatusLabel(type);
}

import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** The `type` a checkout returns with (seed 001 §2): what was paid for. */
export type PaymentType = 'premium' | 'super_chat' | 'membership';

export const PAYMENT_TYPES: readonly PaymentType[] = ['premium', 'super_chat', 'membership'];

/** Seed 001 §9: the Super Chat packages. */
export type SuperChatPackageId = Schemas['SendSuperChatRequestDto']['package_id'];

/** Seed 001 §5: the premium packages. */
export type PremiumPackage = 'monthly' | 'yearly';

export type CheckoutResponse = Schemas['CheckoutResponseDto'];
export type PaymentStatusResponse = Schemas['PaymentStatusResponseDto'];
export type SubscriptionStatusResponse = Schemas['SubscriptionStatusResponseDto'];

/** What is kept in localStorage between leaving for the hosted checkout and coming back (seed 001 §4). */
export interface PendingPayment {
  session_id: string;
  type: PaymentType;
}

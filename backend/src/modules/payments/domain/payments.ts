import { DomainError } from '../../../common/errors/domain-error.js';

export type PaymentPurpose = 'premium' | 'membership' | 'super_chat';
export type SessionStatus = 'open' | 'complete' | 'expired' | 'failed';
export type PaymentStatus = 'unpaid' | 'paid';

/** A hosted checkout lasts 30 minutes, as hosted providers' sessions do. */
export const SESSION_MINUTES = 30;

export interface PaymentSession {
  id: string;
  userId: string;
  provider: 'sandbox' | 'stripe';
  purpose: PaymentPurpose;
  /** What was bought: monthly/yearly, a tier id, a Super Chat package. */
  package: string;
  packageName: string;
  amountCents: number;
  currency: string;
  /** What the fulfilment needs (a channel id, a stream id and message...). */
  reference: Record<string, string>;
  originUrl: string;
  status: SessionStatus;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  fulfilledAt: Date | null;
}

export interface CheckoutInput {
  userId: string;
  purpose: PaymentPurpose;
  package: string;
  packageName: string;
  amountCents: number;
  reference: Record<string, string>;
  originUrl: string;
}

export interface ProviderCheckout {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface ProviderSessionState {
  status: SessionStatus;
  paymentStatus: PaymentStatus;
}

export interface ProviderEvent {
  id: string;
  type: string;
  sessionId: string | null;
}

/** A card payment provider with a hosted checkout page. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput & { returnUrl: string; cancelUrl: string; siteOrigin: string; expiresAt: Date }): Promise<ProviderCheckout>;
  /** The provider's view of a session (null: the provider keeps no state of its own, as the sandbox). */
  retrieve(sessionId: string): Promise<ProviderSessionState | null>;
  /** Checks a webhook's signature over its raw body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): ProviderEvent;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * Runs inside the transaction that marks a paid session fulfilled: exactly once per session. It may return what to
 * do once that transaction has committed (a cache to refresh, so the buyer's next read already sees the purchase).
 */
export type Fulfiller = (session: PaymentSession) => Promise<void | (() => Promise<void>)>;

export class SessionNotFound extends DomainError {
  constructor() {
    super('not_found', 'PAYMENTS.SESSION_NOT_FOUND', 'Payment session not found');
  }
}

export class InvalidSignature extends DomainError {
  constructor() {
    super('invalid', 'PAYMENTS.INVALID_SIGNATURE', 'The webhook signature is not valid');
  }
}

/** A correctly signed webhook whose body is not a provider event (no id or type). */
export class MalformedEvent extends DomainError {
  constructor() {
    super('invalid', 'PAYMENTS.MALFORMED_EVENT', 'The webhook is not a valid event');
  }
}

export class BadReturnUrl extends DomainError {
  constructor() {
    super('invalid', 'PAYMENTS.BAD_ORIGIN_URL', 'origin_url must be an address of this site', [{ field: 'origin_url', message: 'origin_url must be an address of this site' }]);
  }
}

export class ProviderUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'PAYMENTS.PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again.');
  }
}

export class WebhooksUnavailable extends DomainError {
  constructor() {
    super('not_found', 'PAYMENTS.WEBHOOKS_OFF', 'Webhooks are not configured: this server uses the sandbox provider');
  }
}

/** Where sessions and webhook receipts are kept; every state change is one conditional statement. */
export interface PaymentSessionStore {
  insert(s: PaymentSession): Promise<void>;
  find(id: string, opts?: { lock?: boolean }): Promise<PaymentSession | null>;
  markPaid(id: string, opts?: { onlyOpen?: boolean }): Promise<boolean>;
  close(id: string, status: 'expired' | 'failed'): Promise<boolean>;
  markFulfilled(id: string): Promise<void>;
  expireDue(now: Date): Promise<number>;
  openStripeSessionsDue(now: Date, limit: number): Promise<string[]>;
  unfulfilledPaid(limit: number): Promise<string[]>;
  recordWebhook(id: string, type: string, sessionId: string | null): Promise<boolean>;
  webhookProcessed(id: string): Promise<void>;
}

export const PAYMENT_SESSIONS = Symbol('PAYMENT_SESSIONS');

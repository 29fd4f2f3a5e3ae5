import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { CheckoutInput, PaymentProvider, ProviderCheckout, ProviderEvent, ProviderSessionState } from '../domain/payments.js';
import { InvalidSignature, MalformedEvent, ProviderUnavailable } from '../domain/payments.js';

/** Stripe refuses an expiry under 30 minutes after it creates the session, by its own clock: leave a margin. */
const EXPIRY_MARGIN_SECONDS = 120;

/**
 * Stripe Checkout Sessions. The session's metadata names the purchase, so a webhook alone can fulfil it; webhooks
 * are verified against the signing secret over the raw body. STRIPE_API_BASE points the SDK at another host (a
 * local stand-in in tests).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly logger = new Logger('Stripe');

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiBase?: string,
  ) {
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  /** A failure of Stripe's API is the provider's, not the caller's request: 503, with Stripe's reason in the log. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      this.logger.warn(`${what} failed: ${(e as Error).message}`);
      throw new ProviderUnavailable();
    }
  }

  async createCheckout(input: CheckoutInput & { returnUrl: string; cancelUrl: string; expiresAt: Date }): Promise<ProviderCheckout> {
    const session = await this.call('creating a checkout session', () => this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: input.userId,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: input.packageName } } }],
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000) + EXPIRY_MARGIN_SECONDS,
      metadata: { scriven_user: input.userId, scriven_purpose: input.purpose, scriven_package: input.package },
    }));
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { id: session.id, url: session.url, expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : input.expiresAt };
  }

  async retrieve(sessionId: string): Promise<ProviderSessionState> {
    const s = await this.call('reading a checkout session', () => this.stripe.checkout.sessions.retrieve(sessionId));
    return {
      status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
      paymentStatus: s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : 'unpaid',
    };
  }

  verifyWebhook(rawBody: string, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new InvalidSignature();
    }
    // Signed, but not an event (a test payload, a provider bug): refused, so nothing half-formed is recorded.
    const shape = event as unknown as { id?: unknown; type?: unknown; data?: unknown };
    if (!shape || typeof shape !== 'object' || Array.isArray(shape) || typeof shape.id !== 'string' || !/^[A-Za-z0-9_-]{1,255}$/.test(shape.id) || typeof shape.type !== 'string' || shape.type.length > 255) {
      throw new MalformedEvent();
    }
    const data = shape.data && typeof shape.data === 'object' ? (shape.data as { object?: unknown }) : undefined;
    const obj = data?.object && typeof data.object === 'object' ? (data.object as { object?: unknown; id?: unknown }) : undefined;
    const sessionId = obj?.object === 'checkout.session' && typeof obj.id === 'string' && /^[A-Za-z0-9_-]{1,255}$/.test(obj.id) ? obj.id : null;
    return { id: shape.id, type: shape.type, sessionId };
  }
}

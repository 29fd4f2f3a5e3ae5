import { randomBytes } from 'node:crypto';
import type { CheckoutInput, PaymentProvider, ProviderCheckout, ProviderEvent } from '../domain/payments.js';
import { WebhooksUnavailable } from '../domain/payments.js';

/**
 * The embedded default: a hosted checkout page served by this server (`/api/payments/sandbox/checkout/{id}`), with
 * Pay, Decline and Cancel, that redirects back exactly as a hosted provider does. No card is charged. The session's
 * state lives in our own table, so there is nothing to retrieve and no webhook.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  async createCheckout(input: CheckoutInput & { siteOrigin: string; expiresAt: Date }): Promise<ProviderCheckout> {
    const id = `cs_sandbox_${randomBytes(24).toString('base64url')}`;
    return { id, url: `${input.siteOrigin}/api/payments/sandbox/checkout/${id}`, expiresAt: input.expiresAt };
  }

  async retrieve(): Promise<null> {
    return null;
  }

  verifyWebhook(): ProviderEvent {
    throw new WebhooksUnavailable();
  }
}

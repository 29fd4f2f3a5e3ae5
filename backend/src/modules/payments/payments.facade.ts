import { Injectable } from '@nestjs/common';
import { PaymentsService } from './application/payments.service.js';
import type { CheckoutInput, Fulfiller, PaymentPurpose } from './domain/payments.js';

export type { PaymentSession, PaymentPurpose } from './domain/payments.js';

/** What other contexts may ask of payments: start a checkout, and fulfil what they sell once it is paid. */
@Injectable()
export class PaymentsFacade {
  constructor(private readonly payments: PaymentsService) {}

  checkout(input: CheckoutInput, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    return this.payments.createCheckout(input, siteOrigins);
  }

  /** The fulfiller runs in the transaction that marks a paid session fulfilled, exactly once per session. */
  onPaid(purpose: PaymentPurpose, fulfiller: Fulfiller): void {
    this.payments.registerFulfiller(purpose, fulfiller);
  }

  get provider(): 'sandbox' | 'stripe' {
    return this.payments.providerName;
  }
}

import { Injectable } from '@nestjs/common';
import { PaymentsFacade } from '../../payments/payments.facade.js';
import { premiumPackage } from '../domain/premium.js';

/** A buyer starts a premium checkout (monthly $6.99 or yearly $69.99); payments hosts the card page. */
@Injectable()
export class StartPremiumCheckoutUseCase {
  constructor(private readonly payments: PaymentsFacade) {}

  execute(userId: string, packageType: unknown, originUrl: string, siteOrigins: string[]): Promise<{ url: string; sessionId: string }> {
    const pkg = premiumPackage(packageType);
    return this.payments.checkout({ userId, purpose: 'premium', package: pkg.type, packageName: pkg.name, amountCents: pkg.cents, reference: {}, originUrl }, siteOrigins);
  }
}

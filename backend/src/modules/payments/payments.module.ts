import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { PaymentsService } from './application/payments.service.js';
import { PAYMENT_PROVIDER, PAYMENT_SESSIONS } from './domain/payments.js';
import { PaymentsController } from './http/payments.controller.js';
import { PgPaymentSessions } from './infrastructure/pg-payment-sessions.js';
import { SandboxProvider } from './infrastructure/sandbox.provider.js';
import { StripeProvider } from './infrastructure/stripe.provider.js';
import { PaymentsFacade } from './payments.facade.js';

/** Hosted card checkout through a provider port: Stripe when a key is configured, else the sandbox. */
@Module({
  controllers: [PaymentsController],
  providers: [
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.payments.stripeSecretKey
          ? new StripeProvider(config.payments.stripeSecretKey, config.payments.stripeWebhookSecret ?? '', config.payments.stripeApiBase)
          : new SandboxProvider(),
    },
    { provide: PAYMENT_SESSIONS, useClass: PgPaymentSessions },
    PaymentsService,
    PaymentsFacade,
  ],
  exports: [PaymentsFacade],
})
export class PaymentsModule {}

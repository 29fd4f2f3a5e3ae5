import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { SocialModule } from '../social/social.module.js';
import { CheckoutService } from './application/checkout.service.js';
import { EarningsService } from './application/earnings.service.js';
import { MembershipsService } from './application/memberships.service.js';
import { MoneySchedules } from './application/money-schedules.js';
import { PartnerService } from './application/partner.service.js';
import { PlatformService } from './application/platform.service.js';
import { LEDGER } from './domain/ledger.js';
import { MonetizationController } from './http/monetization.controller.js';
import { PgLedger } from './infrastructure/pg-ledger.js';
import { MonetizationFacade } from './monetization.facade.js';

/** The double-entry ledger and what it records: premium, memberships, ad revenue, creator payouts, the partner program, owner earnings. */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, SocialModule, PaymentsModule],
  controllers: [MonetizationController],
  providers: [{ provide: LEDGER, useClass: PgLedger }, MembershipsService, CheckoutService, EarningsService, PartnerService, PlatformService, MoneySchedules, MonetizationFacade],
  exports: [MonetizationFacade],
})
export class MonetizationModule {}

import type { DynamicModule, ForwardReference, Provider, Type } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { IdentityModule } from '../../identity/identity.module.js';
import { LiveModule } from '../../live/live.module.js';
import { MonetizationModule } from '../../monetization/monetization.module.js';
import { FounderAnalyticsQuery } from '../application/founder-analytics.query.js';
import { FounderBankAccountQuery } from '../application/founder-bank-account.query.js';
import { FounderEarningsQuery } from '../application/founder-earnings.query.js';
import { FounderPrincipalLoader } from '../application/founder-principal-loader.js';
import { FounderSignInUseCase } from '../application/founder-sign-in.use-case.js';
import { FounderWithdrawUseCase } from '../application/founder-withdraw.use-case.js';
import { RevenueBreakdownQuery } from '../application/revenue-breakdown.query.js';
import { SaveFounderBankAccountUseCase } from '../application/save-founder-bank-account.use-case.js';
import { SetUpFounderUseCase } from '../application/set-up-founder.use-case.js';
import { FOUNDER_ACCOUNT_STORE, FOUNDER_CLOCK, FOUNDER_HOST_FIGURES, FOUNDER_LOCKOUT, FOUNDER_SECRET_HASHER } from '../domain/ports.js';
import { FounderFacade } from '../founder.facade.js';
import { FounderAuthController } from '../http/founder-auth.controller.js';
import { FounderMoneyController } from '../http/founder-money.controller.js';
import { Argon2SecretHasher } from './argon2-secret-hasher.js';
import { FounderHostFigures } from './founder-host-figures.js';
import { PgFounderAccountStore } from './pg-founder-account.store.js';
import { PgFounderLockout } from './pg-founder-lockout.js';
import { SystemFounderClock } from './system-founder-clock.js';

/**
 * The founder context's access part: set-up, sign-in and founder tokens, analytics, revenue, the bank account, earnings
 * and withdrawals (founder.module.ts joins the parts). The contexts it reads through their facades are its imports.
 */
export const FOUNDER_ACCESS: { imports: (Type | DynamicModule | ForwardReference)[]; controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  imports: [IdentityModule, CatalogModule, LiveModule, MonetizationModule],
  controllers: [FounderAuthController, FounderMoneyController],
  providers: [
    { provide: FOUNDER_ACCOUNT_STORE, useClass: PgFounderAccountStore },
    { provide: FOUNDER_SECRET_HASHER, useClass: Argon2SecretHasher },
    { provide: FOUNDER_LOCKOUT, useClass: PgFounderLockout },
    { provide: FOUNDER_CLOCK, useClass: SystemFounderClock },
    { provide: FOUNDER_HOST_FIGURES, useClass: FounderHostFigures },
    FounderPrincipalLoader,
    SetUpFounderUseCase,
    FounderSignInUseCase,
    FounderAnalyticsQuery,
    RevenueBreakdownQuery,
    FounderBankAccountQuery,
    SaveFounderBankAccountUseCase,
    FounderEarningsQuery,
    FounderWithdrawUseCase,
    FounderFacade,
  ],
  exports: [FounderFacade],
};

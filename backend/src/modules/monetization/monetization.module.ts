import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LiveModule } from '../live/live.module.js';
import { ModerationModule } from '../moderation/moderation.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { SocialModule } from '../social/social.module.js';
import { AccrueAdRevenueUseCase } from './application/accrue-ad-revenue.use-case.js';
import { ApplyToPartnerProgramUseCase } from './application/apply-to-partner-program.use-case.js';
import { BaselineAdViews } from './application/baseline-ad-views.js';
import { CreateMembershipTierUseCase } from './application/create-membership-tier.use-case.js';
import { DecidePartnerApplicationUseCase } from './application/decide-partner-application.use-case.js';
import { DecidePayoutUseCase } from './application/decide-payout.use-case.js';
import { DistributePremiumPoolUseCase } from './application/distribute-premium-pool.use-case.js';
import { FulfilMembershipUseCase } from './application/fulfil-membership.use-case.js';
import { FulfilPremiumUseCase } from './application/fulfil-premium.use-case.js';
import { GetCreatorEarningsQuery } from './application/get-creator-earnings.query.js';
import { GetPartnerStatusQuery } from './application/get-partner-status.query.js';
import { GetPlatformEarningsQuery } from './application/get-platform-earnings.query.js';
import { ListChannelMembersQuery } from './application/list-channel-members.query.js';
import { ListMembershipChannelsQuery } from './application/list-membership-channels.query.js';
import { ListPartnerApplicationsQuery } from './application/list-partner-applications.query.js';
import { ListPendingPayoutsQuery } from './application/list-pending-payouts.query.js';
import { MatureDueUseCase } from './application/mature-due.use-case.js';
import { PlatformOwnerPolicy } from './application/platform-owner.policy.js';
import { RequestPayoutUseCase } from './application/request-payout.use-case.js';
import { RetireMembershipTierUseCase } from './application/retire-membership-tier.use-case.js';
import { SavePlatformBankAccountUseCase } from './application/save-platform-bank-account.use-case.js';
import { SeedSampleChannelsUseCase } from './application/seed-sample-channels.use-case.js';
import { StartMembershipCheckoutUseCase } from './application/start-membership-checkout.use-case.js';
import { StartPremiumCheckoutUseCase } from './application/start-premium-checkout.use-case.js';
import { StartSuperChatCheckoutUseCase } from './application/start-super-chat-checkout.use-case.js';
import { FulfilSuperChatUseCase } from './application/fulfil-super-chat.use-case.js';
import { SuperChatRevenueQuery } from './application/super-chat-revenue.query.js';
import { WithdrawPlatformEarningsUseCase } from './application/withdraw-platform-earnings.use-case.js';
import { PlatformRevenueHistoryQuery } from './application/platform-revenue-history.query.js';
import { ApprovedPartnersQuery } from './application/approved-partners.query.js';
import { TopEarnersQuery } from './application/top-earners.query.js';
import { LEDGER } from './domain/ledger.js';
import { AD_ACCRUALS, GUIDELINE_STANDING, MEMBERSHIPS, MONEY_UNIT_OF_WORK, PARTNER_APPLICATIONS, PAYOUTS, PLATFORM_TREASURY, PREMIUM_PERIODS, SEED_MARKS } from './domain/ports.js';
import { ModerationGuidelineStanding } from './infrastructure/moderation-guideline-standing.js';
import { AdminMoneyController } from './http/admin-money.controller.js';
import { BuyerController } from './http/buyer.controller.js';
import { ChannelOwnerController } from './http/channel-owner.controller.js';
import { CreatorController } from './http/creator.controller.js';
import { OwnerController } from './http/owner.controller.js';
import { SuperChatController } from './http/super-chat.controller.js';
import { MoneyScheduler } from './infrastructure/money-scheduler.js';
import { MikroMoneyUnitOfWork } from './infrastructure/money-unit-of-work.js';
import { PgAdAccrualRepository } from './infrastructure/pg-ad-accruals.repository.js';
import { PgLedger } from './infrastructure/pg-ledger.js';
import { PgMembershipRepository } from './infrastructure/pg-memberships.repository.js';
import { PgPartnerApplicationRepository } from './infrastructure/pg-partner-applications.repository.js';
import { PgPayoutRepository } from './infrastructure/pg-payouts.repository.js';
import { PgPlatformTreasury } from './infrastructure/pg-platform-treasury.js';
import { PgPremiumPeriodRepository } from './infrastructure/pg-premium-periods.repository.js';
import { PgSeedMarks } from './infrastructure/pg-seed-marks.js';
import { MonetizationFacade } from './monetization.facade.js';

/** The double-entry ledger and what it records: premium, memberships, Super Chats, ad revenue, creator payouts, the partner program, owner earnings. */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, SocialModule, PaymentsModule, ModerationModule, LiveModule],
  // One controller per audience: buyers, creators, channel owners, admins, the platform owner.
  controllers: [BuyerController, SuperChatController, CreatorController, ChannelOwnerController, AdminMoneyController, OwnerController],
  providers: [
    { provide: LEDGER, useClass: PgLedger },
    { provide: PAYOUTS, useClass: PgPayoutRepository },
    { provide: PARTNER_APPLICATIONS, useClass: PgPartnerApplicationRepository },
    { provide: MEMBERSHIPS, useClass: PgMembershipRepository },
    { provide: PREMIUM_PERIODS, useClass: PgPremiumPeriodRepository },
    { provide: AD_ACCRUALS, useClass: PgAdAccrualRepository },
    { provide: PLATFORM_TREASURY, useClass: PgPlatformTreasury },
    { provide: SEED_MARKS, useClass: PgSeedMarks },
    { provide: MONEY_UNIT_OF_WORK, useClass: MikroMoneyUnitOfWork },
    { provide: GUIDELINE_STANDING, useClass: ModerationGuidelineStanding },
    // Buyers
    StartPremiumCheckoutUseCase,
    StartMembershipCheckoutUseCase,
    FulfilPremiumUseCase,
    FulfilMembershipUseCase,
    ListMembershipChannelsQuery,
    // Super Chat viewers and streamers (live records and shows it, through LiveFacade)
    StartSuperChatCheckoutUseCase,
    FulfilSuperChatUseCase,
    SuperChatRevenueQuery,
    // Channel owners
    CreateMembershipTierUseCase,
    RetireMembershipTierUseCase,
    ListChannelMembersQuery,
    SeedSampleChannelsUseCase,
    // Creators
    GetCreatorEarningsQuery,
    RequestPayoutUseCase,
    GetPartnerStatusQuery,
    ApplyToPartnerProgramUseCase,
    // Admins
    ListPendingPayoutsQuery,
    DecidePayoutUseCase,
    ListPartnerApplicationsQuery,
    DecidePartnerApplicationUseCase,
    BaselineAdViews,
    // The platform owner
    PlatformOwnerPolicy,
    GetPlatformEarningsQuery,
    SavePlatformBankAccountUseCase,
    WithdrawPlatformEarningsUseCase,
    PlatformRevenueHistoryQuery,
    TopEarnersQuery,
    ApprovedPartnersQuery,
    // Periodic work
    MatureDueUseCase,
    DistributePremiumPoolUseCase,
    AccrueAdRevenueUseCase,
    MoneyScheduler,
    MonetizationFacade,
  ],
  exports: [MonetizationFacade],
})
export class MonetizationModule {}

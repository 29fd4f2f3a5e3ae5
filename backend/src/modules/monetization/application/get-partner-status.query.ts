import { Inject, Injectable } from '@nestjs/common';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { SocialFacade } from '../../social/social.facade.js';
import { Accounts, LEDGER, monthStart, type Ledger } from '../domain/ledger.js';
import { partnerStanding, partnerWatchSince, type PartnerStanding } from '../domain/partner-application.js';
import { creatorAccounts, creatorBalances } from '../domain/payout.js';
import { GUIDELINE_STANDING, PARTNER_APPLICATIONS, type GuidelineStanding, type PartnerApplicationRepository } from '../domain/ports.js';

/**
 * A creator's partner program standing, with each requirement computed now: followers, watch hours in the last 365
 * days, no upheld strike in 90 days, the original-content attestation; their latest application and earnings.
 */
@Injectable()
export class GetPartnerStatusQuery {
  constructor(
    @Inject(PARTNER_APPLICATIONS) private readonly applications: PartnerApplicationRepository,
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(GUIDELINE_STANDING) private readonly guidelines: GuidelineStanding,
    private readonly identity: IdentityFacade,
    private readonly social: SocialFacade,
    private readonly catalog: CatalogFacade,
  ) {}

  async execute(userId: string): Promise<PartnerStanding> {
    const [followers, stats, application, balances, month, activeStrike] = await Promise.all([
      this.social.followersCount(userId),
      this.catalog.stats(userId, partnerWatchSince()),
      this.applications.latestOf(userId),
      this.ledger.balances(creatorAccounts(userId)).then((b) => creatorBalances(userId, b)),
      this.ledger.creditedSince([Accounts.userPending(userId)], monthStart()),
      this.guidelines.activeStrike(userId),
    ]);
    const profile = await this.identity.publicProfile(userId);
    return partnerStanding({
      followers,
      watchSeconds: stats.watchSeconds,
      stats,
      application,
      inCreatorProgram: profile?.creatorProgram ?? false,
      monthlyEarningsCents: month,
      lifetimeEarningsCents: balances.lifetimeCents,
      activeStrike,
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';
import { AD_ACCRUALS, MONEY_UNIT_OF_WORK, type AdAccrualRepository, type MoneyUnitOfWork } from '../domain/ports.js';

const PAGE = 500;

/**
 * Ad revenue on the monetized items of creator-program members: each counted view earns RPM / 1000 cents, 55% to
 * the creator and 45% to the platform. Views already paid are remembered per item, and fractions of a cent carry.
 * One transaction per item, under the item's accrual row lock; each posting is keyed by the item and its views.
 */
@Injectable()
export class AccrueAdRevenueUseCase {
  constructor(
    @Inject(LEDGER) private readonly ledger: Ledger,
    @Inject(AD_ACCRUALS) private readonly accruals: AdAccrualRepository,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    private readonly identity: IdentityFacade,
    private readonly catalog: CatalogFacade,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<{ items: number; grossCents: number }> {
    const rpm = this.config.money.adRpmCents;
    if (rpm === 0) return { items: 0, grossCents: 0 };
    const creators = await this.identity.creatorProgramMembers();
    let after: string | null = null;
    let items = 0;
    let gross = 0;
    for (;;) {
      const page = await this.catalog.monetizedViews(creators, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1].mediaId;
      for (const m of page) {
        const added = await this.uow.inTransaction(async () => {
          const accrual = await this.accruals.lockOrCreate(m.mediaId, m.userId);
          const share = accrual.accrue(m.views, rpm);
          if (!share) return 0;
          await this.ledger.post(accrual.posting(m.views, share));
          await this.accruals.save(accrual);
          if (share.creatorCents > 0) await this.catalog.addAdRevenue(m.mediaId, share.creatorCents);
          return share.dueCents;
        });
        if (added > 0) {
          items += 1;
          gross += added;
        }
      }
      if (page.length < PAGE) break;
    }
    return { items, grossCents: gross };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { AdAccrual } from '../domain/ad-revenue.js';
import { AD_ACCRUALS, type AdAccrualRepository } from '../domain/ports.js';

/**
 * A step of a partner's approval, inside its transaction: the views the creator's items had until now were not
 * partner views, so ad revenue counts from here (each item's accrual is set to its views now).
 */
@Injectable()
export class BaselineAdViews {
  constructor(
    @Inject(AD_ACCRUALS) private readonly accruals: AdAccrualRepository,
    private readonly catalog: CatalogFacade,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(userId: string): Promise<void> {
    const rpm = this.config.money.adRpmCents;
    let after: string | null = null;
    for (;;) {
      const page = await this.catalog.monetizedViews([userId], after, 500);
      for (const m of page) await this.accruals.save(AdAccrual.baseline(m.mediaId, m.userId, m.views, rpm));
      if (page.length < 500) return;
      after = page[page.length - 1].mediaId;
    }
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { BRANDING_REPOSITORY, type BrandingRepository } from '../domain/branding.js';
import { FounderAuditLog } from './founder-audit-log.js';
import { CurrentLogoQuery, type CurrentLogoView } from './current-logo.query.js';
import { LogoStateService } from './logo-state.js';

/** Back to the default text logo and the built-in icons (the uploaded sets are removed). */
@Injectable()
export class ResetLogoUseCase {
  private readonly logger = new Logger('Branding');

  constructor(
    @Inject(BRANDING_REPOSITORY) private readonly repository: BrandingRepository,
    private readonly state: LogoStateService,
    private readonly current: CurrentLogoQuery,
    private readonly audit: FounderAuditLog,
  ) {}

  async execute(address: string | null): Promise<CurrentLogoView> {
    await this.state.ensureDefault();
    const before = await this.repository.current();
    await this.repository.switchTo(null, async () => {
      await this.audit.record({ action: 'logo.reset', target: before?.version ?? null, detail: { had_custom_logo: before !== null }, address });
    });
    await this.state.prune().catch((e: Error) => this.logger.warn(`old icon sets not removed: ${e.message}`));
    return this.current.execute();
  }
}

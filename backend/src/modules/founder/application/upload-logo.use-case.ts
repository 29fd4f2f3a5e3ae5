import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { BRANDING_REPOSITORY, ICON_RENDERER, ICON_STORE, type BrandingRepository, type IconRenderer, type IconStore } from '../domain/branding.js';
import { FounderAuditLog } from './founder-audit-log.js';
import { CurrentLogoQuery, type CurrentLogoView } from './current-logo.query.js';
import { LogoStateService } from './logo-state.js';
import { discardLogo, receiveLogo, type ReceivedLogo } from './logo-intake.js';

/**
 * A new logo (seed 001 §2, product.md §11): its icon set is drawn, then written under a new version and switched to in
 * one transaction with the audit entry, under the branding lock (so no concurrent change's prune removes the set
 * before it is current). A failure or a crash before the switch commits leaves the old logo and its icons in use;
 * after the switch the old sets are removed.
 */
@Injectable()
export class UploadLogoUseCase {
  private readonly logger = new Logger('Branding');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BRANDING_REPOSITORY) private readonly repository: BrandingRepository,
    @Inject(ICON_RENDERER) private readonly renderer: IconRenderer,
    @Inject(ICON_STORE) private readonly store: IconStore,
    private readonly state: LogoStateService,
    private readonly current: CurrentLogoQuery,
    private readonly audit: FounderAuditLog,
  ) {}

  /** Streams the upload to a temporary file, refusing a non-image or a file over 5 MB (discard() it when done). */
  receive(file: Readable): Promise<ReceivedLogo> {
    return receiveLogo(file, this.config.dataDir);
  }

  discard(logo: ReceivedLogo): Promise<void> {
    return discardLogo(logo.path);
  }

  async apply(logo: ReceivedLogo, address: string | null): Promise<CurrentLogoView> {
    const rendered = await this.renderer.renderLogo(logo.path);
    const version = `c${this.renderer.logoFingerprint(logo.sha256)}`;
    const updatedAt = new Date();
    await this.repository.switchTo({ version, background: rendered.background, width: rendered.width, height: rendered.height, bytes: logo.bytes, updatedAt }, async () => {
      // Written under the switch's lock: no prune (of another change, in any process) removes it before it is current.
      await this.store.put(version, rendered.files);
      await this.audit.record({ action: 'logo.uploaded', target: version, detail: { bytes: logo.bytes, width: rendered.width, height: rendered.height }, address });
    });
    await this.state.prune().catch((e: Error) => this.logger.warn(`old icon sets not removed: ${e.message}`));
    return this.current.execute();
  }
}

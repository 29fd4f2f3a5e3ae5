import type { Provider, Type } from '@nestjs/common';
import { CurrentLogoQuery } from '../application/current-logo.query.js';
import { LogoStateService } from '../application/logo-state.js';
import { ResetLogoUseCase } from '../application/reset-logo.use-case.js';
import { UploadLogoUseCase } from '../application/upload-logo.use-case.js';
import { WebManifestQuery } from '../application/web-manifest.query.js';
import { BRANDING_REPOSITORY, ICON_RENDERER, ICON_STORE } from '../domain/branding.js';
import { AppBrandingController, WebManifestController } from '../http/app-branding.controller.js';
import { FounderBrandingController } from '../http/founder-branding.controller.js';
import { DiskLogoIconStore } from './logo-icon.store.js';
import { SqlLogoRepository } from './logo.repository.js';
import { SharpLogoIconsRenderer } from './sharp-logo-icons.renderer.js';

/** The founder context's branding part: its controllers and providers (founder.module.ts joins the parts). */
export const FOUNDER_BRANDING: { controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  controllers: [FounderBrandingController, AppBrandingController, WebManifestController],
  providers: [
    { provide: BRANDING_REPOSITORY, useClass: SqlLogoRepository },
    { provide: ICON_RENDERER, useClass: SharpLogoIconsRenderer },
    { provide: ICON_STORE, useClass: DiskLogoIconStore },
    LogoStateService,
    CurrentLogoQuery,
    UploadLogoUseCase,
    ResetLogoUseCase,
    WebManifestQuery,
  ],
  exports: [],
};

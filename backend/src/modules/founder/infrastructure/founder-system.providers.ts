import type { Provider, Type } from '@nestjs/common';
import { EmergencyActionUseCase } from '../application/emergency-action.use-case.js';
import { PlatformHealthQuery } from '../application/platform-health.query.js';
import { SystemControlsQuery } from '../application/system-controls.query.js';
import { FOUNDER_SECURITY_READINGS, HOST_PROBES, SYSTEM_CONTROLS_STORE } from '../domain/system-controls.js';
import { FounderSystemController } from '../http/founder-system.controller.js';
import { LocalHostProbes } from './host-probes.js';
import { PgFounderSecurityReadings, PgSystemControlsStore } from './pg-system-controls.js';

/** The founder context's system part: its controllers and providers (founder.module.ts joins the parts). */
export const FOUNDER_SYSTEM: { controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  controllers: [FounderSystemController],
  providers: [
    { provide: SYSTEM_CONTROLS_STORE, useClass: PgSystemControlsStore },
    { provide: FOUNDER_SECURITY_READINGS, useClass: PgFounderSecurityReadings },
    { provide: HOST_PROBES, useClass: LocalHostProbes },
    PlatformHealthQuery,
    SystemControlsQuery,
    EmergencyActionUseCase,
  ],
  exports: [],
};

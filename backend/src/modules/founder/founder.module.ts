import { Module } from '@nestjs/common';
import { FounderAuditLog } from './application/founder-audit-log.js';
import { FOUNDER_ACCESS } from './infrastructure/founder-access.providers.js';
import { FOUNDER_BRANDING } from './infrastructure/founder-branding.providers.js';
import { FOUNDER_SYSTEM } from './infrastructure/founder-system.providers.js';
import { IdentityModule } from '../identity/identity.module.js';
import { SystemAdminModule } from '../system-admin/system-admin.module.js';

/**
 * Founder (product.md §11): the instance's one founder, signed in with a founder token of its own. Three parts:
 * access (setup, sign-in, analytics, revenue, bank, earnings, withdrawals), system (health, controls, emergency
 * actions, maintenance) and branding (the logo, its icons and the web app manifest).
 */
@Module({
  // The system part asks Identity (failed sign-ins) and System administration (probes, backups, feature flags).
  imports: [IdentityModule, SystemAdminModule, ...FOUNDER_ACCESS.imports],
  controllers: [...FOUNDER_ACCESS.controllers, ...FOUNDER_SYSTEM.controllers, ...FOUNDER_BRANDING.controllers],
  providers: [FounderAuditLog, ...FOUNDER_ACCESS.providers, ...FOUNDER_SYSTEM.providers, ...FOUNDER_BRANDING.providers],
  exports: [FounderAuditLog, ...FOUNDER_ACCESS.exports, ...FOUNDER_SYSTEM.exports, ...FOUNDER_BRANDING.exports],
})
export class FounderModule {}

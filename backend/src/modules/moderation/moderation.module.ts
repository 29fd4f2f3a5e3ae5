import { DecisionRecorder } from './application/decision-recorder.js';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LiveModule } from '../live/live.module.js';
import { SocialModule } from '../social/social.module.js';
import { AppealStrikeUseCase } from './application/appeal-strike.use-case.js';
import { CaseViews } from './application/case-views.js';
import { DecideAppealUseCase } from './application/decide-appeal.use-case.js';
import { DecideCaseUseCase } from './application/decide-case.use-case.js';
import { ListAuditQuery } from './application/list-audit.query.js';
import { ListCasesQuery } from './application/list-cases.query.js';
import { ListStrikesQuery } from './application/list-strikes.query.js';
import { LiveRemovalEvents } from './application/live-removal-events.js';
import { PurgeClosedAppealWindowsUseCase } from './application/purge-closed-appeal-windows.use-case.js';
import { ReportContentUseCase } from './application/report-content.use-case.js';
import { AUDIT_LOG, CASES, CLOCK, CONTENT_DIRECTORY, MODERATION_UNIT_OF_WORK, REPORTS, STRIKES } from './domain/ports.js';
import { AdminModerationController } from './http/admin-moderation.controller.js';
import { ModerationController } from './http/moderation.controller.js';
import { FacadeContentDirectory } from './infrastructure/content-directory.js';
import { ModerationScheduler } from './infrastructure/moderation-scheduler.js';
import { MikroModerationUnitOfWork } from './infrastructure/moderation-unit-of-work.js';
import { PgAuditLog } from './infrastructure/pg-audit-log.js';
import { PgCaseRepository } from './infrastructure/pg-cases.repository.js';
import { PgReportRepository } from './infrastructure/pg-reports.repository.js';
import { PgStrikeRepository } from './infrastructure/pg-strikes.repository.js';
import { SystemClock } from './infrastructure/system-clock.js';
import { ModerationFacade } from './moderation.facade.js';

/**
 * Content reports, the moderation queue and its decisions (removal through the catalog, guideline strikes), appeals
 * and the audit log. Content kinds plug in through CONTENT_KINDS (domain/content.ts) and their resolver
 * (infrastructure/content-directory.ts).
 */
@Module({
  imports: [IdentityModule, AccountsModule, CatalogModule, LiveModule, SocialModule],
  // One controller per audience: signed-in users, admins.
  controllers: [ModerationController, AdminModerationController],
  providers: [
    { provide: CASES, useClass: PgCaseRepository },
    { provide: REPORTS, useClass: PgReportRepository },
    { provide: STRIKES, useClass: PgStrikeRepository },
    { provide: AUDIT_LOG, useClass: PgAuditLog },
    { provide: CONTENT_DIRECTORY, useClass: FacadeContentDirectory },
    { provide: MODERATION_UNIT_OF_WORK, useClass: MikroModerationUnitOfWork },
    { provide: CLOCK, useClass: SystemClock },
    CaseViews,
    DecisionRecorder,
    // Users
    ReportContentUseCase,
    AppealStrikeUseCase,
    // Admins
    ListCasesQuery,
    DecideCaseUseCase,
    DecideAppealUseCase,
    ListAuditQuery,
    ListStrikesQuery,
    // Periodic work and backstops
    PurgeClosedAppealWindowsUseCase,
    LiveRemovalEvents,
    ModerationScheduler,
    ModerationFacade,
  ],
  exports: [ModerationFacade],
})
export class ModerationModule {}

import { Module } from '@nestjs/common';
import { AdminAuditLog } from './application/admin-audit-log.js';
import { DetachUserFeedbackUseCase } from './application/detach-user-feedback.use-case.js';
import { ListFeedbackQuery, SubmitFeedbackUseCase } from './application/feedback.use-cases.js';
import { UserFeedbackQuery } from './application/user-feedback.query.js';
import { FeedbackController } from './http/feedback.controller.js';
import { FeatureFlagController } from './http/feature-flag.controller.js';
import { FEATURE_FLAG_PROVIDERS } from './infrastructure/feature-flag.providers.js';
import { AdminsController } from './http/admins.controller.js';
import { SystemStatusController } from './http/status.controller.js';
import { ADMINS_PROVIDERS } from './infrastructure/admins.providers.js';
import { STATUS_PROVIDERS } from './infrastructure/status.providers.js';
import { SystemAdminFacade } from './system-admin.facade.js';
import { BackupsController } from './http/backups.controller.js';
import { UpdatesController } from './http/updates.controller.js';
import { BACKUP_PROVIDERS } from './infrastructure/backup.providers.js';
import { RestartController } from './http/restart.controller.js';
import { RestartService } from './application/restart.service.js';

@Module({
  controllers: [FeedbackController, FeatureFlagController, SystemStatusController, AdminsController, BackupsController, UpdatesController, RestartController],
  providers: [AdminAuditLog, SubmitFeedbackUseCase, ListFeedbackQuery, UserFeedbackQuery, DetachUserFeedbackUseCase, SystemAdminFacade, ...FEATURE_FLAG_PROVIDERS, ...STATUS_PROVIDERS, ...ADMINS_PROVIDERS, ...BACKUP_PROVIDERS, RestartService],
  exports: [SystemAdminFacade, AdminAuditLog],
})
export class SystemAdminModule {}

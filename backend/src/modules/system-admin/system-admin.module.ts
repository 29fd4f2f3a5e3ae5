import { Module } from '@nestjs/common';
import { AdminAuditLog } from './application/admin-audit-log.js';
import { DetachUserFeedbackUseCase } from './application/detach-user-feedback.use-case.js';
import { ListFeedbackQuery, SubmitFeedbackUseCase } from './application/feedback.use-cases.js';
import { UserFeedbackQuery } from './application/user-feedback.query.js';
import { FeedbackController } from './http/feedback.controller.js';
import { SystemAdminFacade } from './system-admin.facade.js';

@Module({
  controllers: [FeedbackController],
  providers: [AdminAuditLog, SubmitFeedbackUseCase, ListFeedbackQuery, UserFeedbackQuery, DetachUserFeedbackUseCase, SystemAdminFacade],
  exports: [SystemAdminFacade, AdminAuditLog],
})
export class SystemAdminModule {}

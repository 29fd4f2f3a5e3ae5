import { Module } from '@nestjs/common';
import { ListFeedbackQuery, SubmitFeedbackUseCase } from './application/feedback.use-cases.js';
import { FeedbackController } from './http/feedback.controller.js';
import { SystemAdminFacade } from './system-admin.facade.js';

@Module({
  controllers: [FeedbackController],
  providers: [SubmitFeedbackUseCase, ListFeedbackQuery, SystemAdminFacade],
  exports: [SystemAdminFacade],
})
export class SystemAdminModule {}

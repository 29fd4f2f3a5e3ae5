import { Injectable } from '@nestjs/common';
import { DetachUserFeedbackUseCase } from './application/detach-user-feedback.use-case.js';
import { UserFeedbackQuery } from './application/user-feedback.query.js';

/** What other contexts may ask of System administration. Writes join the caller's unit of work. */
@Injectable()
export class SystemAdminFacade {
  constructor(
    private readonly feedback: UserFeedbackQuery,
    private readonly detach: DetachUserFeedbackUseCase,
  ) {}

  feedbackOf(userId: string): Promise<{ message: string; created_at: string }[]> {
    return this.feedback.execute(userId);
  }

  /** The user is being deleted: their feedback stays for the admins, without its author. */
  detachFeedbackOf(userId: string): Promise<void> {
    return this.detach.execute(userId);
  }
}

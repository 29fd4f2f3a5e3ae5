import { Injectable } from '@nestjs/common';
import type { AdminAuditInput } from './domain/admin-audit.js';
import type { UserDirectory } from './domain/admins.js';
import { AdminAuditLog } from './application/admin-audit-log.js';
import { UserDirectoryRef } from './application/user-directory.js';
import { DetachUserFeedbackUseCase } from './application/detach-user-feedback.use-case.js';
import { UserFeedbackQuery } from './application/user-feedback.query.js';

/** What other contexts may ask of System administration. Writes join the caller's unit of work. */
@Injectable()
export class SystemAdminFacade {
  constructor(
    private readonly feedback: UserFeedbackQuery,
    private readonly detach: DetachUserFeedbackUseCase,
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
  ) {}

  /** Identity registers itself at start-up: the console's admins list, grants and removals, and active users. */
  useUserDirectory(directory: UserDirectory): void {
    this.directory.use(directory);
  }

  /** Writes an admin action to the console's audit log (inside the caller's transaction when there is one), e.g. `admin.signed_in`. */
  async recordAdminAction(entry: AdminAuditInput): Promise<void> {
    await this.audit.record(entry);
  }

  feedbackOf(userId: string): Promise<{ message: string; created_at: string }[]> {
    return this.feedback.execute(userId);
  }

  /** The user is being deleted: their feedback stays for the admins, without its author. */
  detachFeedbackOf(userId: string): Promise<void> {
    return this.detach.execute(userId);
  }
}

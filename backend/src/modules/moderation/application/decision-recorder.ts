import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { auditEntry, type AuditEntry } from '../domain/audit.js';
import { AUDIT_LOG, CONTENT_DIRECTORY, type AuditLog, type ContentDirectory } from '../domain/ports.js';
import type { ContentType } from '../domain/content.js';

/** What every admin decision (a case's, an appeal's) does around its change: the audit row, then the content's effect. */
@Injectable()
export class DecisionRecorder {
  private readonly logger = new Logger('Moderation');

  constructor(
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
    private readonly identity: IdentityFacade,
  ) {}

  /**
   * Inside the decision's transaction: writes the audit row under the admin's and the target's current names, and
   * returns those names (the caller's view shows them too).
   */
  async audited(e: Omit<AuditEntry, 'id' | 'adminUsername' | 'targetUsername'>): Promise<Map<string, string>> {
    const names = await this.identity.usernames(e.targetUserId ? [e.adminUserId, e.targetUserId] : [e.adminUserId]);
    await this.audit.add(
      auditEntry({ ...e, adminUsername: names.get(e.adminUserId) ?? null, targetUsername: e.targetUserId ? (names.get(e.targetUserId) ?? null) : null }),
    );
    return names;
  }

  /**
   * After commit: asks the owning context at once to remove, restore or purge the content. Its durable event (recorded
   * with the decision) does the same if this fails or the process dies first, so a failure here is only logged.
   */
  async applied(effect: 'remove' | 'restore' | 'purge', contentType: ContentType, contentId: string, opts: { purgeFiles: boolean } = { purgeFiles: false }): Promise<void> {
    try {
      if (effect === 'remove') await this.content.remove(contentType, contentId, opts);
      else if (effect === 'purge') await this.content.purge(contentType, contentId);
      else if (!(await this.content.restore(contentType, contentId))) this.logger.warn(`${contentType} ${contentId} could not be restored (its files are gone)`);
    } catch (e) {
      this.logger.warn(`${effect === 'remove' ? 'removing' : effect === 'restore' ? 'restoring' : 'purging'} ${contentType} ${contentId} failed (its durable event will retry): ${(e as Error).message}`);
    }
  }
}

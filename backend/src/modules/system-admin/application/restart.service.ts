import { Injectable } from '@nestjs/common';
import { supervisorLink, type RestartRecord, type RestartService as ServiceName } from '../../../common/supervisor-link.js';
import { AdminAuditLog } from './admin-audit-log.js';
import { UserDirectoryRef } from './user-directory.js';
import { restartErrors } from '../domain/restart.js';

/**
 * Restarts (POST /api/system/restart): asked of `npm start`'s supervisor over IPC, never a shell. `backend` is a
 * rolling restart of the API workers, `frontend` re-reads the app's files and tells open pages to reload, `all` does
 * both and restarts the media/jobs worker. The supervisor runs one restart at a time.
 */
@Injectable()
export class RestartService {
  constructor(
    private readonly audit: AdminAuditLog,
    private readonly directory: UserDirectoryRef,
  ) {}

  /**
   * The supervisor reserves the restart (or refuses: one is running), the audit row is written, and only then does the
   * supervisor act on it: a restart that replaces the worker answering this request is audited all the same, and a
   * refused one is not. One refused or unanswered after it was audited is audited again, as `service.restart_failed`.
   */
  async request(adminUserId: string, services: ServiceName[]): Promise<ServiceName[]> {
    const wanted = [...new Set(services)];
    if (!supervisorLink.supervised) throw restartErrors.needsSupervisor();
    const { username } = await this.directory.actor(adminUserId);
    let audited = false;
    const answer = await supervisorLink.requestRestart(wanted, async () => {
      await this.audit.record({ adminUserId, adminUsername: username, action: 'service.restarted', target: wanted.join(','), detail: { services: wanted } });
      audited = true;
    });
    if (!answer.ok && audited) {
      // Audited, then not started after all (the supervisor refused the go, or never answered and it was cancelled):
      // the log says so, rather than leave the restart looking done.
      await this.audit.record({ adminUserId, adminUsername: username, action: 'service.restart_failed', target: wanted.join(','), detail: { services: wanted, reason: answer.reason ?? 'refused' } });
    }
    if (!answer.ok) throw answer.reason === 'busy' ? restartErrors.inProgress() : restartErrors.noAnswer();
    return wanted;
  }

  /** Whether restarts can be asked for, and the last restart of each service. */
  state(): { supervised: boolean; restarts: RestartRecord[] } {
    return { supervised: supervisorLink.supervised, restarts: supervisorLink.restarts() };
  }
}

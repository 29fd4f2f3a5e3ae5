import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { MaintenanceMode } from '../../../common/maintenance/maintenance-mode.js';
import { SystemAdminFacade } from '../../system-admin/system-admin.facade.js';
import {
  emergencyAuditAction,
  emergencyMessage,
  SYSTEM_CONTROLS_STORE,
  type EmergencyAction,
  type EmergencyState,
  type SystemControls,
  type SystemControlsStore,
} from '../domain/system-controls.js';
import { FounderAuditLog } from './founder-audit-log.js';
import { SystemControlsQuery } from './system-controls.query.js';

/** How the founder is named where the admin console shows who did something (its audit log). */
export const FOUNDER_ACTOR_NAME = 'Founder';

export interface EmergencyOutcome {
  message: string;
  action: EmergencyAction;
  state: EmergencyState;
  controls: SystemControls;
}

/**
 * POST /api/founder/emergency-action (product.md §11). Each action is reversible and written to the founder's audit
 * log with its reason:
 * - MAINTENANCE_MODE toggles maintenance (this context's switch, serialized by its row's lock); every process follows
 *   within a second (PgNotifier), and the API answers 503 to everyone but the admins and the founder.
 * - DISABLE_UPLOADS toggles the `uploads` feature flag through the admin console's own use case: the console shows
 *   it, its audit log names the founder (with the reason), and every process follows within a second.
 * - FORCE_BACKUP starts a backup now (the console's backups, one at a time in every process: 409 while one runs); it
 *   goes on in the background and appears in the console's list when written.
 */
@Injectable()
export class EmergencyActionUseCase {
  constructor(
    private readonly em: EntityManager,
    @Inject(SYSTEM_CONTROLS_STORE) private readonly store: SystemControlsStore,
    private readonly maintenance: MaintenanceMode,
    private readonly features: FeatureFlags,
    private readonly systemAdmin: SystemAdminFacade,
    private readonly audit: FounderAuditLog,
    private readonly controls: SystemControlsQuery,
  ) {}

  async execute(action: EmergencyAction, reason: string, address: string | null, now = new Date()): Promise<EmergencyOutcome> {
    let state: EmergencyState;
    let detail: string | undefined;
    switch (action) {
      case 'MAINTENANCE_MODE': {
        const on = await this.em.transactional(async () => {
          const before = await this.store.lockMaintenance();
          const next = !before.on;
          await this.store.setMaintenance(next, next ? now : null, now);
          await this.audit.record({ action: emergencyAuditAction(action, next ? 'on' : 'off'), target: 'maintenance_mode', detail: { reason, on: next }, address });
          return next;
        });
        await this.maintenance.changed({ on, since: on ? now : null });
        state = on ? 'on' : 'off';
        break;
      }
      case 'DISABLE_UPLOADS': {
        const enable = !this.features.isEnabled('uploads');
        const { enabled } = await this.systemAdmin.setFeatureEnabled('uploads', enable, { name: FOUNDER_ACTOR_NAME, detail: { reason, by: 'founder' } });
        state = enabled ? 'off' : 'on';
        await this.audit.record({ action: emergencyAuditAction(action, state), target: 'uploads', detail: { reason, uploads_enabled: enabled }, address });
        break;
      }
      case 'FORCE_BACKUP': {
        const { name } = await this.systemAdmin.startBackup('the founder');
        state = 'started';
        detail = name;
        await this.audit.record({ action: emergencyAuditAction(action, state), target: name, detail: { reason, backup: name }, address });
        break;
      }
    }
    return { message: emergencyMessage(action, state, detail), action, state, controls: await this.controls.execute() };
  }
}

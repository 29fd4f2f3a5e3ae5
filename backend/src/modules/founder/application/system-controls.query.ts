import { Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { MaintenanceMode } from '../../../common/maintenance/maintenance-mode.js';
import { SystemAdminFacade } from '../../system-admin/system-admin.facade.js';
import type { SystemControls } from '../domain/system-controls.js';

/**
 * GET /api/founder/system-controls: the controls map, from the real state: maintenance (this context's switch, as
 * every process follows it), the feature flags the admin console switches (uploads, registration, live…), and the
 * backups (the newest one, whether one is being made, the daily schedule).
 */
@Injectable()
export class SystemControlsQuery {
  constructor(
    private readonly maintenance: MaintenanceMode,
    private readonly features: FeatureFlags,
    private readonly systemAdmin: SystemAdminFacade,
  ) {}

  async execute(): Promise<SystemControls> {
    const backups = await this.systemAdmin.backupsOverview();
    return {
      maintenance_mode: this.maintenance.isOn,
      uploads_disabled: !this.features.isEnabled('uploads'),
      registration_enabled: this.features.isEnabled('registration'),
      live_enabled: this.features.isEnabled('live'),
      reels_enabled: this.features.isEnabled('reels'),
      super_chat_enabled: this.features.isEnabled('super_chat'),
      gaming_enabled: this.features.isEnabled('gaming'),
      last_backup: backups.lastBackupAt?.toISOString() ?? 'never',
      backup_running: backups.running,
      daily_backup_enabled: backups.dailyEnabled,
    };
  }
}

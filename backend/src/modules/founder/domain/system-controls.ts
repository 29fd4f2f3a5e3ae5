import { DomainError } from '../../../common/errors/domain-error.js';

/** The founder's emergency actions (product.md §11). MAINTENANCE_MODE and DISABLE_UPLOADS toggle; FORCE_BACKUP starts one. */
export const EMERGENCY_ACTIONS = ['MAINTENANCE_MODE', 'DISABLE_UPLOADS', 'FORCE_BACKUP'] as const;
export type EmergencyAction = (typeof EMERGENCY_ACTIONS)[number];

/** What an emergency action left behind: a switch now on or off, or a backup started. */
export type EmergencyState = 'on' | 'off' | 'started';

export const REASON_MAX = 500;

export const EMERGENCY_MESSAGES = {
  badAction: `action must be one of ${EMERGENCY_ACTIONS.join(', ')}`,
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters`,
} as const;

/** 'Emergency action executed: <description>' (CONTRACT.md), the description saying what happened. */
export function emergencyDescription(action: EmergencyAction, state: EmergencyState, detail?: string): string {
  switch (action) {
    case 'MAINTENANCE_MODE':
      return state === 'on' ? 'maintenance mode is on: the API answers 503 to everyone but the admins and the founder' : 'maintenance mode is off: the platform is open again';
    case 'DISABLE_UPLOADS':
      return state === 'on' ? 'uploads are disabled' : 'uploads are enabled again';
    case 'FORCE_BACKUP':
      return `a backup was started${detail ? ` (${detail})` : ''}`;
  }
}

export const emergencyMessage = (action: EmergencyAction, state: EmergencyState, detail?: string) => `Emergency action executed: ${emergencyDescription(action, state, detail)}`;

/** The audit log's name of what was done. */
export function emergencyAuditAction(action: EmergencyAction, state: EmergencyState): string {
  switch (action) {
    case 'MAINTENANCE_MODE':
      return `emergency.maintenance_${state}`;
    case 'DISABLE_UPLOADS':
      // 'on' = the emergency switch is on = uploads are disabled.
      return state === 'on' ? 'emergency.uploads_disabled' : 'emergency.uploads_enabled';
    case 'FORCE_BACKUP':
      return 'emergency.backup_started';
  }
}

export const emergencyErrors = {
  badAction: () => new DomainError('invalid', 'FOUNDER.BAD_ACTION', EMERGENCY_MESSAGES.badAction, [{ field: 'action', message: EMERGENCY_MESSAGES.badAction }]),
};

/**
 * The controls map (GET /api/founder/system-controls): each control's name and its state, a boolean or a text.
 * The known ones are always there; `last_backup` is 'never' or an ISO time.
 */
export interface SystemControls {
  maintenance_mode: boolean;
  uploads_disabled: boolean;
  registration_enabled: boolean;
  live_enabled: boolean;
  reels_enabled: boolean;
  super_chat_enabled: boolean;
  gaming_enabled: boolean;
  last_backup: string;
  backup_running: boolean;
  daily_backup_enabled: boolean;
}

/** The stored switches the founder context owns (`system_controls`). */
export interface SystemControlsStore {
  /** Writes the maintenance switch (inside the caller's transaction). */
  setMaintenance(on: boolean, since: Date | null, now: Date): Promise<void>;
  /** Locks the maintenance row for the caller's transaction (creating it off when missing): toggles are serialized. */
  lockMaintenance(): Promise<{ on: boolean }>;
}

export const SYSTEM_CONTROLS_STORE = Symbol('SystemControlsStore');

/** One documented security check of the health figures: its name, whether it passed, and a sentence about it. */
export interface SecurityCheck {
  name: string;
  passed: boolean;
  detail: string;
}

/** Security figures the founder context reads itself (its own sign-in refusals, whether it is set up). */
export interface FounderSecurityReadings {
  /** Refused founder sign-ins (wrong credentials or locked) since `since`, from founder_audit_log. */
  refusedSignIns(since: Date): Promise<number>;
  /** Whether the founder's credentials are set up. */
  founderSetUp(): Promise<boolean>;
}

export const FOUNDER_SECURITY_READINGS = Symbol('FounderSecurityReadings');

/** The database connection pool of this process, and the data directory's disk. */
export interface HostProbes {
  pool(): Promise<{ inUse: number; idle: number; size: number }>;
  /** Percent of the data directory's file system in use; null when it cannot be read. */
  diskUsage(): Promise<number | null>;
}

export const HOST_PROBES = Symbol('FounderHostProbes');

/** A reading the health figures cannot do without (the database, the data directory's disk) could not be had: 503. */
export const healthUnavailable = (what: string) => new DomainError('unavailable', 'FOUNDER.HEALTH_UNAVAILABLE', `The platform health cannot be measured: ${what}`);

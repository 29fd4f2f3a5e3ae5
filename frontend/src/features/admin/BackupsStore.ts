import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';

export type Backup = components['schemas']['BackupDto'];
export type BackupSettings = components['schemas']['BackupSettingsDto'];

/** Seed 000 §8 and §9, verbatim. */
export const BACKUP_MESSAGES = {
  createFailed: 'Failed to create backup',
  loadFailed: 'Failed to load backups',
  deleteFailed: 'Failed to delete backup',
  settingsFailed: 'Failed to save backup settings',
  settingsLoadFailed: 'Failed to load backup settings',
  settingsSaved: 'Backup settings saved',
} as const;

/** Seed 000 §9: "Backup name is 'manual_backup_' followed by the current date" (UTC, as the server names it). */
export function defaultBackupName(now: Date = new Date()): string {
  return `manual_backup_${now.toISOString().slice(0, 10)}`;
}

/** While a backup is being verified ("Verifying…"), the list is read again this often. */
export const BACKUP_POLL_MS = 5000;

/**
 * The Backups section of the Updates tab: the list (GET /api/system/backups), making one (POST /api/system/backup),
 * deleting one, and the retention and daily schedule settings.
 */
export class BackupsStore {
  private readonly list = new Resource<Backup[]>();
  private readonly settingsResource = new Resource<BackupSettings>();
  createPending = false;
  createError: string | null = null;
  /** Where the last backup made from this console was written. */
  lastCreated: Backup | null = null;
  deleting = new Set<string>();
  settingsPending = false;
  settingsError: string | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'list' | 'settingsResource'>(this, { root: false, list: false, settingsResource: false }, { autoBind: true });
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get backups(): Backup[] {
    return this.list.data ?? [];
  }

  /** Whether a backup's verification has not finished (the panel then reads the list again every BACKUP_POLL_MS). */
  get verifying(): boolean {
    return this.backups.some((b) => b.verify_status === 'pending');
  }

  get settings(): BackupSettings | null {
    return this.settingsResource.data;
  }

  get settingsStatus(): LoadStatus {
    return this.settingsResource.status;
  }

  load(): Promise<boolean> {
    return this.list.load(async () => (await this.root.api.GET('/api/system/backups', { headers: this.headers })).data?.backups);
  }

  loadSettings(): Promise<boolean> {
    return this.settingsResource.load(async () => (await this.root.api.GET('/api/system/backup-settings', { headers: this.headers })).data);
  }

  /**
   * Makes a backup now. An empty name sends none: the server then names it 'manual_backup_' and today's date, with
   * _2, _3… when that is taken. The backup, or null (createError says why).
   */
  async create(name: string): Promise<Backup | null> {
    const backupName = name.trim();
    this.createPending = true;
    this.createError = null;
    const result = await sendChange(
      () => this.root.api.POST('/api/system/backup', { params: { query: backupName ? { backup_name: backupName } : {} }, headers: this.headers }),
      BACKUP_MESSAGES.createFailed,
    );
    runInAction(() => {
      this.createPending = false;
      if (result.ok) {
        this.lastCreated = result.data;
        this.list.set([result.data, ...this.backups.filter((b) => b.name !== result.data.name)]);
      } else {
        this.createError = result.detail === BACKUP_MESSAGES.createFailed ? result.detail : `${BACKUP_MESSAGES.createFailed}: ${result.detail}`;
      }
    });
    // Retention may have removed old ones: read the list again.
    if (result.ok) void this.load();
    return result.ok ? result.data : null;
  }

  async remove(name: string): Promise<boolean> {
    this.deleting.add(name);
    const result = await sendChange(
      async () => {
        const { response, error } = await this.root.api.DELETE('/api/system/backups/{name}', { params: { path: { name } }, headers: this.headers });
        return { data: response.ok ? true : undefined, error };
      },
      BACKUP_MESSAGES.deleteFailed,
    );
    runInAction(() => {
      this.deleting.delete(name);
      if (result.ok) this.list.set(this.backups.filter((b) => b.name !== name));
    });
    if (!result.ok) this.root.notify.error(`${BACKUP_MESSAGES.deleteFailed}: ${result.detail}`, { action: `admin.backup.delete.${name}` });
    return result.ok;
  }

  async saveSettings(settings: BackupSettings): Promise<boolean> {
    this.settingsPending = true;
    this.settingsError = null;
    const result = await sendChange(() => this.root.api.PUT('/api/system/backup-settings', { body: settings, headers: this.headers }), BACKUP_MESSAGES.settingsFailed);
    runInAction(() => {
      this.settingsPending = false;
      if (result.ok) this.settingsResource.set(result.data);
      else this.settingsError = result.detail === BACKUP_MESSAGES.settingsFailed ? result.detail : `${BACKUP_MESSAGES.settingsFailed}: ${result.detail}`;
    });
    if (result.ok) {
      this.root.notify.success(BACKUP_MESSAGES.settingsSaved, { action: 'admin.backup.settings' });
      void this.load();
    }
    return result.ok;
  }

  reset(): void {
    this.list.reset();
    this.settingsResource.reset();
    this.createError = null;
    this.lastCreated = null;
    this.settingsError = null;
  }
}

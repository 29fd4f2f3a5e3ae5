import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';

export type UpdateCheck = components['schemas']['UpdateCheckDto'];
export type Update = components['schemas']['UpdateDto'];
export type UpdateStep = components['schemas']['UpdateStepDto'];

/** Seed 000 §8, verbatim ('Update failed: ' is followed by the server's detail). */
export const UPDATE_MESSAGES = {
  checkFailed: 'Failed to check for updates',
  updateFailed: 'Update failed: ',
  connectionFailed: 'the server did not answer',
} as const;

/** Seed 000 §9: the page reloads 3 seconds after a successful update. */
export const RELOAD_AFTER_UPDATE_MS = 3000;

/** How the page is reloaded (a test replaces `run`: jsdom cannot reload). */
export const pageReload = { run: (): void => window.location.reload() };

export type InstallPhase = 'idle' | 'installing' | 'success' | 'failure';

/**
 * The Updates tab (seed 000 §4, System update): idle, installing (the log of steps), then success (the version
 * changes and the page reloads after 3 seconds) or failure ('Update failed: ' and the detail, with the log).
 */
export class UpdatesStore {
  private readonly resource = new Resource<UpdateCheck>();
  phase: InstallPhase = 'idle';
  installing: string | null = null;
  steps: UpdateStep[] = [];
  failure: string | null = null;
  installedVersion: string | null = null;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'resource' | 'reloadTimer'>(this, { root: false, resource: false, reloadTimer: false }, { autoBind: true });
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  get status(): LoadStatus {
    return this.resource.status;
  }

  get check(): UpdateCheck | null {
    return this.resource.data;
  }

  checkForUpdates(): Promise<boolean> {
    return this.resource.load(async () => (await this.root.api.GET('/api/updates/check', { headers: this.headers })).data);
  }

  /** Installs a release, always after a backup (the console always asks for one). */
  async install(version: string): Promise<boolean> {
    if (this.phase === 'installing') return false;
    this.phase = 'installing';
    this.installing = version;
    this.steps = [];
    this.failure = null;
    let ok = false;
    try {
      const { data, error } = await this.root.api.POST('/api/updates/apply/{version}', { params: { path: { version }, query: { backup_first: true } }, headers: this.headers });
      runInAction(() => {
        if (data?.success) {
          ok = true;
          this.steps = data.steps;
          this.phase = 'success';
          this.installedVersion = data.version;
        } else {
          const steps = (error as { steps?: UpdateStep[] } | undefined)?.steps;
          this.steps = Array.isArray(steps) ? steps : [];
          this.phase = 'failure';
          this.failure = UPDATE_MESSAGES.updateFailed + errorDetail(error, UPDATE_MESSAGES.connectionFailed);
        }
      });
    } catch {
      runInAction(() => {
        this.phase = 'failure';
        this.failure = UPDATE_MESSAGES.updateFailed + UPDATE_MESSAGES.connectionFailed;
      });
    }
    if (ok) this.reloadTimer = setTimeout(() => pageReload.run(), RELOAD_AFTER_UPDATE_MS);
    return ok;
  }

  /** Back to idle after a failure (the log is kept until the next install). */
  dismiss(): void {
    if (this.phase === 'failure') this.phase = 'idle';
  }

  reset(): void {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = null;
    this.resource.reset();
    this.phase = 'idle';
    this.installing = null;
    this.steps = [];
    this.failure = null;
  }
}

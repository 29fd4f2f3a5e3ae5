import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';

export type ServiceName = 'frontend' | 'backend' | 'all';
export type ServiceRestart = components['schemas']['ServiceRestartDto'];

/** The rows of the Services tab (seed 000: "restart buttons per service (frontend, backend, all)"). */
export const SERVICES: { name: ServiceName; label: string; description: string }[] = [
  { name: 'frontend', label: 'Frontend', description: 'Reads the app’s files again; open pages are told a new version is there.' },
  { name: 'backend', label: 'Backend', description: 'A rolling restart of the API workers: no request is dropped.' },
  { name: 'all', label: 'All', description: 'The frontend, the backend and the media/jobs worker.' },
];

/** Seed 000 §8, verbatim ({service} is the service's name). */
export const failedToRestart = (service: string) => `Failed to restart ${service}`;
export const SERVICES_MESSAGES = { needsSupervisor: 'Restarts need the supervisor (npm start)', loadFailed: 'Failed to load the restarts' } as const;

/** How often the state of a running restart is asked for. */
export const RESTART_POLL_MS = 1000;

/**
 * The Services tab: a restart per service, its restarting state while the server runs it (GET /api/system/restart,
 * polled), then a success or failure note.
 */
export class ServicesStore {
  supervised: boolean | null = null;
  restarts: ServiceRestart[] = [];
  loadError: string | null = null;
  /** A restart asked for and not yet seen finished (the POST's answer, or a refusal). */
  asked: ServiceName | null = null;
  refusal: { service: ServiceName; detail: string } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'timer'>(this, { root: false, timer: false }, { autoBind: true });
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  /** The last restart of a service, as the server tells it. */
  restartOf(service: ServiceName): ServiceRestart | null {
    return this.restarts.find((r) => r.service === service) ?? null;
  }

  isRestarting(service: ServiceName): boolean {
    return this.asked === service || this.restartOf(service)?.state === 'restarting';
  }

  get anyRestarting(): boolean {
    return this.asked !== null || this.restarts.some((r) => r.state === 'restarting');
  }

  async load(): Promise<void> {
    const { data, error } = await this.root.api.GET('/api/system/restart', { headers: this.headers });
    runInAction(() => {
      if (!data) {
        this.loadError = errorDetail(error, SERVICES_MESSAGES.loadFailed);
        return;
      }
      this.loadError = null;
      this.supervised = data.supervised;
      this.restarts = data.restarts;
      if (this.asked && this.restartOf(this.asked)) this.asked = null;
    });
    if (this.anyRestarting) this.schedule();
  }

  async restart(service: ServiceName): Promise<void> {
    if (this.anyRestarting) return;
    this.asked = service;
    this.refusal = null;
    const { data, error } = await this.root.api.POST('/api/system/restart', { body: { services: [service] }, headers: this.headers });
    if (!data) {
      runInAction(() => {
        this.asked = null;
        this.refusal = { service, detail: errorDetail(error, failedToRestart(service)) };
      });
      return;
    }
    // The server's state says 'restarting' from now on; `asked` covers the moment before the first poll answers.
    runInAction(() => this.restarts = [...this.restarts.filter((r) => r.service !== service), { service, state: 'restarting', started_at: new Date().toISOString(), finished_at: null, detail: null }]);
    runInAction(() => (this.asked = null));
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, RESTART_POLL_MS);
  }

  stopPolling(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  reset(): void {
    this.stopPolling();
    this.supervised = null;
    this.restarts = [];
    this.loadError = null;
    this.asked = null;
    this.refusal = null;
  }
}

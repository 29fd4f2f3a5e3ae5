import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { bearerHeader } from '../../api/client';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';

export type FeatureFlag = components['schemas']['FeatureFlagDto'] & { name: string };

/** A flag's name: a lowercase letter, then lowercase letters, digits and underscores (the server's rule). */
export const FEATURE_FLAG_NAME = /^[a-z][a-z0-9_]{1,63}$/;
export const FEATURE_FLAG_DESCRIPTION_MAX = 500;

/** Seed 000 §7 and §8, verbatim. */
export const FEATURE_FLAG_MESSAGES = {
  loadFailed: 'Failed to load feature flags',
  createFailed: 'Failed to create feature flag',
  toggleFailed: 'Failed to toggle feature flag',
  created: 'Feature flag created successfully',
  nameRequired: 'Feature flag name is required',
  nameInvalid: 'Use a lowercase letter first, then lowercase letters, digits and underscores (2 to 64 characters)',
  exists: 'A feature flag with this name already exists',
  descriptionTooLong: `Description must be at most ${FEATURE_FLAG_DESCRIPTION_MAX} characters`,
} as const;

/**
 * The console's Features tab: every flag (GET /api/system/features, keyed by name), a switch each (shown switched at
 * once, put back when the server refuses) and the form that creates one.
 */
export class FeatureFlagsStore {
  private readonly list = new Resource<FeatureFlag[]>();
  /** Flags with a switch in flight. */
  busy = new Set<string>();
  createPending = false;
  createError: string | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'list'>(this, { root: false, list: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get flags(): FeatureFlag[] {
    return this.list.data ?? [];
  }

  private get headers() {
    return this.root.admin.token ? bearerHeader(this.root.admin.token) : undefined;
  }

  isBusy(name: string): boolean {
    return this.busy.has(name);
  }

  load(): Promise<boolean> {
    return this.list.load(async () => {
      const { data } = await this.root.api.GET('/api/system/features', { headers: this.headers });
      return data ? Object.entries(data).map(([name, flag]) => ({ name, ...flag })) : undefined;
    });
  }

  /** Switches a flag: shown at once, put back (with 'Failed to toggle feature flag') when the server refuses. */
  async toggle(name: string, enabled: boolean): Promise<boolean> {
    if (this.busy.has(name)) return false;
    const before = this.flags;
    this.busy.add(name);
    this.list.set(before.map((f) => (f.name === name ? { ...f, enabled } : f)));
    const result = await sendChange(
      () => this.root.api.POST('/api/system/features/{name}', { params: { path: { name }, query: { enabled: enabled ? 'true' : 'false' } }, headers: this.headers }),
      FEATURE_FLAG_MESSAGES.toggleFailed,
    );
    runInAction(() => {
      this.busy.delete(name);
      const now = this.flags;
      if (result.ok) {
        const { name: _n, created: _c, ...flag } = result.data;
        this.list.set(now.map((f) => (f.name === name ? { name, ...flag } : f)));
      } else {
        this.list.set(now.map((f) => (f.name === name ? { ...f, enabled: !enabled } : f)));
      }
    });
    if (!result.ok) this.root.notify.error(FEATURE_FLAG_MESSAGES.toggleFailed, { action: `admin.feature.${name}` });
    return result.ok;
  }

  /** The form's check before sending: the problem to show, or null. */
  problemOf(name: string, description: string): string | null {
    const n = name.trim();
    if (!n) return FEATURE_FLAG_MESSAGES.nameRequired;
    if (!FEATURE_FLAG_NAME.test(n)) return FEATURE_FLAG_MESSAGES.nameInvalid;
    if (this.flags.some((f) => f.name === n)) return FEATURE_FLAG_MESSAGES.exists;
    if (description.trim().length > FEATURE_FLAG_DESCRIPTION_MAX) return FEATURE_FLAG_MESSAGES.descriptionTooLong;
    return null;
  }

  /** Creates a flag (enabled); true when it was created. */
  async create(name: string, description: string): Promise<boolean> {
    this.createError = this.problemOf(name, description);
    if (this.createError) return false;
    const n = name.trim();
    const text = description.trim();
    this.createPending = true;
    const result = await sendChange(
      () =>
        this.root.api.POST('/api/system/features/{name}', {
          params: { path: { name: n }, query: text ? { description: text } : {} },
          headers: this.headers,
        }),
      FEATURE_FLAG_MESSAGES.createFailed,
    );
    runInAction(() => {
      this.createPending = false;
      if (result.ok) {
        const { name: created, created: _c, ...flag } = result.data;
        const others = this.flags.filter((f) => f.name !== created);
        this.list.set([...others, { name: created, ...flag }].sort((a, b) => a.name.localeCompare(b.name)));
      } else {
        this.createError = `${FEATURE_FLAG_MESSAGES.createFailed}: ${result.detail}`;
      }
    });
    // A failure is shown in the form (not toasted as well).
    if (result.ok) this.root.notify.success(FEATURE_FLAG_MESSAGES.created, { action: 'admin.feature.create' });
    return result.ok;
  }

  clearCreateError(): void {
    this.createError = null;
  }

  reset(): void {
    this.list.reset();
    this.busy.clear();
    this.createError = null;
  }
}

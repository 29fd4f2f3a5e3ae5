import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PgNotifier } from '../database/pg-notifier.js';
import { ProcessReplica } from '../database/process-replica.js';
import { DomainError } from '../errors/domain-error.js';

/**
 * The features the code knows by name (the built-in flags, created enabled by the feature_flags migration).
 * `uploads`, `registration`, `reels`, `live`, `super_chat`, `gaming` and `editor` guard their routes today (`@RequiresFeature`).
 * `music` and `podcasts` have no sections yet: their flags exist so that the work that adds those sections applies
 * `@RequiresFeature('<name>')` to its routes and the app hides their entry points.
 */
export const KNOWN_FEATURES = ['uploads', 'live', 'super_chat', 'registration', 'reels', 'music', 'podcasts', 'gaming', 'editor'] as const;
export type KnownFeature = (typeof KNOWN_FEATURES)[number];

/** PgNotifier topic: a flag changed (payload: JSON `{ name, enabled }`); every process applies it and reloads. */
export const FEATURES_TOPIC = 'features';

/** How often every process re-reads all flags anyway (a safety net for a missed notification). */
export const FEATURES_RELOAD_MS = 30_000;

export const featureDisabledMessage = (name: string) => `The feature "${name}" is disabled on this instance`;

/** A request reached a feature that is switched off: 503 with the feature's name. */
export class FeatureDisabledError extends DomainError {
  constructor(readonly feature: string) {
    super('unavailable', 'SYSTEM.FEATURE_DISABLED', featureDisabledMessage(feature));
  }
}

/**
 * Which features are on, for every context: an in-memory copy of the `feature_flags` table (owned by system-admin),
 * read at bootstrap, on every change notice (PgNotifier, so every server process sees a toggle within a second), after
 * the notice listener reconnects (notices sent meanwhile were missed) and every 30 s. A name that is not a flag, and
 * every name before the first read, counts as enabled: a missing flag never takes a feature away.
 */
@Injectable()
export class FeatureFlags extends ProcessReplica<ReadonlyMap<string, boolean>> {
  protected readonly what = 'the feature flags';

  constructor(
    private readonly orm: MikroORM,
    notifier: PgNotifier,
  ) {
    super(new Map(), notifier, FEATURES_TOPIC, FEATURES_RELOAD_MS, 'FeatureFlags');
  }

  isEnabled(name: string): boolean {
    return this.value.get(name) ?? true;
  }

  /** Throws the 503 (`SYSTEM.FEATURE_DISABLED`) when the feature is off. */
  assertEnabled(name: string): void {
    if (!this.isEnabled(name)) throw new FeatureDisabledError(name);
  }

  /** Every flag this process knows, by name (what the app reads from GET /api/features). */
  snapshot(): Record<string, boolean> {
    return Object.fromEntries([...this.value.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** A flag was written (call after its transaction committed): applied here at once, and told to every process. */
  async changed(name: string, enabled: boolean): Promise<void> {
    await this.publish(new Map(this.value).set(name, enabled), { name, enabled });
  }

  protected async read(): Promise<ReadonlyMap<string, boolean>> {
    const rows = await this.orm.em.getConnection().execute<{ name: string; enabled: boolean }[]>('select name, enabled from feature_flags');
    return new Map(rows.map((r) => [r.name, r.enabled]));
  }

  protected fromNotice(notice: unknown, flags: ReadonlyMap<string, boolean>): ReadonlyMap<string, boolean> | undefined {
    const n = notice as { name?: unknown; enabled?: unknown } | null;
    return n && typeof n.name === 'string' && typeof n.enabled === 'boolean' ? new Map(flags).set(n.name, n.enabled) : undefined;
  }
}

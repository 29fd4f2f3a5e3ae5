import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import {
  auditActionOf,
  FEATURE_FLAG_REPOSITORY,
  FEATURE_FLAGS_MAX,
  parseFlagName,
  tooManyFeatureFlags,
  type FeatureFlag,
  type FeatureFlagChange,
  type FeatureFlagRepository,
  type FeatureFlagView,
} from '../domain/feature-flag.js';
import { NOT_AN_ADMIN_ID } from '../domain/admin-audit.js';
import { AdminAuditLog } from './admin-audit-log.js';
import { UserDirectoryRef } from './user-directory.js';

async function withNames(flags: FeatureFlag[], directory: UserDirectoryRef): Promise<FeatureFlagView[]> {
  const ids = [...new Set(flags.map((f) => f.createdBy).filter((id): id is string => id !== null))];
  const found = ids.length ? await directory.get().usernames(ids) : new Map<string, string>();
  return flags.map((f) => ({ ...f, createdByUsername: f.createdBy ? (found.get(f.createdBy) ?? null) : null }));
}

/** Every feature flag, by name, with the creating admin's name. */
@Injectable()
export class ListFeatureFlagsQuery {
  constructor(
    @Inject(FEATURE_FLAG_REPOSITORY) private readonly flags: FeatureFlagRepository,
    private readonly directory: UserDirectoryRef,
  ) {}

  async execute(): Promise<FeatureFlagView[]> {
    return withNames(await this.flags.list(), this.directory);
  }
}

/**
 * Creates a flag (enabled unless told otherwise) or changes one (its switch and/or description; what is omitted stays).
 * The write and its audit entry commit together; then every server process is told, and applies it within a second.
 */
@Injectable()
export class SetFeatureFlagUseCase {
  constructor(
    private readonly em: EntityManager,
    @Inject(FEATURE_FLAG_REPOSITORY) private readonly flags: FeatureFlagRepository,
    private readonly directory: UserDirectoryRef,
    private readonly audit: AdminAuditLog,
    private readonly features: FeatureFlags,
  ) {}

  async execute(adminUserId: string, rawName: unknown, change: FeatureFlagChange): Promise<{ flag: FeatureFlagView; created: boolean }> {
    return this.executeAs(await this.directory.actor(adminUserId), rawName, change);
  }

  /**
   * The same change made by someone who is not an admin of the console (the founder's emergency actions): the flag
   * names no admin as its last writer, and the console's audit log shows the actor's name (under the nil id), with
   * `detail` added to the entry (the founder's reason).
   */
  async executeAsOther(actor: { name: string; detail?: Record<string, unknown> }, rawName: unknown, change: FeatureFlagChange): Promise<{ flag: FeatureFlagView; created: boolean }> {
    return this.executeAs({ userId: null, username: actor.name, detail: actor.detail }, rawName, change);
  }

  private async executeAs(
    actor: { userId: string | null; username: string | null; detail?: Record<string, unknown> },
    rawName: unknown,
    change: FeatureFlagChange,
  ): Promise<{ flag: FeatureFlagView; created: boolean }> {
    const name = parseFlagName(rawName);
    const adminUserId = actor.userId;
    const adminUsername = actor.username;
    const { flag, created, changed } = await this.em.transactional(async () => {
      await this.flags.lock(name);
      const before = await this.flags.find(name);
      const now = new Date();
      if (!before && (await this.flags.count()) >= FEATURE_FLAGS_MAX) throw tooManyFeatureFlags();
      const after: FeatureFlag = before
        ? { ...before, enabled: change.enabled ?? before.enabled, description: change.description ?? before.description, updatedAt: now, updatedBy: adminUserId }
        : { name, enabled: change.enabled ?? true, description: change.description ?? '', createdBy: adminUserId, createdAt: now, updatedAt: now, updatedBy: null };
      const action = auditActionOf(before, after);
      if (!action) return { flag: before!, created: false, changed: false };
      if (before) await this.flags.update(after);
      else await this.flags.insert(after);
      const detail: Record<string, unknown> = { enabled: after.enabled, ...actor.detail };
      if (before && before.description !== after.description) detail.description = after.description;
      await this.audit.record({ adminUserId: adminUserId ?? NOT_AN_ADMIN_ID, adminUsername, action, target: name, detail });
      return { flag: after, created: !before, changed: true };
    });
    if (changed) await this.features.changed(flag.name, flag.enabled);
    const [view] = await withNames([flag], this.directory);
    return { flag: view, created };
  }
}

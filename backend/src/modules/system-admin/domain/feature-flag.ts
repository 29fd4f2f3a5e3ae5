import { DomainError, ValidationError } from '../../../common/errors/domain-error.js';

/** A flag's name: a lowercase letter, then lowercase letters, digits and underscores; 2 to 64 characters. */
export const FEATURE_FLAG_NAME_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const FEATURE_FLAG_DESCRIPTION_MAX = 500;
/** At most this many flags exist (the built-in ones included), so the list stays one small answer. */
export const FEATURE_FLAGS_MAX = 200;

/** The messages of the Features tab (seed 000 §7 and §8 where it has them), used verbatim. */
export const FEATURE_FLAG_MESSAGES = {
  nameRequired: 'Feature flag name is required',
  nameInvalid: 'Feature flag name must start with a lowercase letter and contain only lowercase letters, digits and underscores (2 to 64 characters)',
  descriptionTooLong: `Description must be at most ${FEATURE_FLAG_DESCRIPTION_MAX} characters`,
  enabled: 'enabled must be true or false',
  tooMany: `There can be at most ${FEATURE_FLAGS_MAX} feature flags`,
} as const;

/** One feature flag (seed 000: "keyed by name: enabled, description, created_by, created_at"). */
export interface FeatureFlag {
  name: string;
  enabled: boolean;
  description: string;
  /** The admin who created it; null for the built-in flags. */
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string | null;
}

/** A flag as the console shows it: with the creating admin's name (null for built-in flags, or when that admin is gone). */
export interface FeatureFlagView extends FeatureFlag {
  createdByUsername: string | null;
}

/** The name from the path: spaces around it are dropped; blank is "required", anything off the pattern is refused. */
export function parseFlagName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw new ValidationError([{ field: 'name', message: FEATURE_FLAG_MESSAGES.nameRequired }]);
  if (!FEATURE_FLAG_NAME_PATTERN.test(name)) throw new ValidationError([{ field: 'name', message: FEATURE_FLAG_MESSAGES.nameInvalid }]);
  return name;
}

/** What a POST asks to change: omitted fields stay as they are (a new flag is enabled, with no description). */
export interface FeatureFlagChange {
  enabled?: boolean;
  description?: string;
}

/** The audit action of a write: created, or the switch moved, or only the description changed; null when nothing changed. */
export function auditActionOf(before: FeatureFlag | null, after: FeatureFlag): string | null {
  if (!before) return 'feature.created';
  if (before.enabled !== after.enabled) return after.enabled ? 'feature.enabled' : 'feature.disabled';
  if (before.description !== after.description) return 'feature.updated';
  return null;
}

export const tooManyFeatureFlags = () => new DomainError('conflict', 'SYSTEM.TOO_MANY_FEATURE_FLAGS', FEATURE_FLAG_MESSAGES.tooMany);

/** Storage of the flags (infrastructure/feature-flag.repository.ts); writes join the caller's transaction. */
export interface FeatureFlagRepository {
  /** Every flag, by name. */
  list(): Promise<FeatureFlag[]>;
  /** Serialises writers of one name until the transaction ends. */
  lock(name: string): Promise<void>;
  find(name: string): Promise<FeatureFlag | null>;
  count(): Promise<number>;
  insert(flag: FeatureFlag): Promise<void>;
  update(flag: FeatureFlag): Promise<void>;
}
export const FEATURE_FLAG_REPOSITORY = Symbol('FeatureFlagRepository');

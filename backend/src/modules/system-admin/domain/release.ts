import { DomainError } from '../../../common/errors/domain-error.js';

/**
 * Releases ship with the code in a manifest (releases/manifest.json): the seed's Update fields (version, description,
 * features, bug_fixes, release_date, size_mb) plus what applying it does: the migrations it brings and its data steps
 * (SQL files shipped beside the manifest, or functions registered in code by name). Nothing of a step ever comes from
 * a request.
 */

export type ReleaseStep = { name: string; sql: string } | { name: string; run: string };

export interface Release {
  version: string;
  description: string;
  features: string[];
  bugFixes: string[];
  releaseDate: string;
  sizeMb: number;
  migrations: string[];
  steps: ReleaseStep[];
}

export type StepStatus = 'ok' | 'failed' | 'skipped';

/** One line of an update's log. */
export interface StepLog {
  name: string;
  status: StepStatus;
  detail: string;
  durationMs: number;
}

export const VERSION_PATTERN = /^\d{1,5}\.\d{1,5}\.\d{1,5}(-[0-9A-Za-z.-]{1,40})?$/;

/** Semantic-version order (major.minor.patch, a pre-release before its release). */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core, pre] = v.split('-', 2);
    return { nums: core.split('.').map(Number), pre: pre ?? null };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/** Releases newer than the installed version that this build contains (not newer than its version), oldest first. */
export function availableReleases(releases: Release[], installed: string, build: string): Release[] {
  return releases.filter((r) => compareVersions(r.version, installed) > 0 && compareVersions(r.version, build) <= 0).sort((a, b) => compareVersions(a.version, b.version));
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => isText(x, 500));

/** Reads a parsed manifest; throws with the first problem (a broken manifest is a build error, not a request's). */
export function parseReleaseManifest(json: unknown): Release[] {
  const list = (json as { releases?: unknown })?.releases;
  if (!Array.isArray(list)) throw new Error('The release manifest has no "releases" list');
  const seen = new Set<string>();
  return list.map((r: Record<string, unknown>, i) => {
    const where = `release #${i + 1}`;
    if (!isText(r.version, 50) || !VERSION_PATTERN.test(r.version)) throw new Error(`${where}: version must be like 1.2.3`);
    if (seen.has(r.version)) throw new Error(`${where}: version ${r.version} is listed twice`);
    seen.add(r.version);
    if (!isText(r.description, 2000)) throw new Error(`${r.version}: description is required`);
    if (!isTextList(r.features) || !isTextList(r.bug_fixes)) throw new Error(`${r.version}: features and bug_fixes must be lists of texts`);
    if (!isText(r.release_date, 10) || !/^\d{4}-\d{2}-\d{2}$/.test(r.release_date)) throw new Error(`${r.version}: release_date must be YYYY-MM-DD`);
    if (typeof r.size_mb !== 'number' || !(r.size_mb >= 0)) throw new Error(`${r.version}: size_mb must be a number of megabytes`);
    const migrations = r.migrations === undefined ? [] : r.migrations;
    if (!isTextList(migrations)) throw new Error(`${r.version}: migrations must be a list of migration names`);
    const steps = (r.steps === undefined ? [] : r.steps) as unknown[];
    if (!Array.isArray(steps)) throw new Error(`${r.version}: steps must be a list`);
    return {
      version: r.version,
      description: r.description,
      features: r.features,
      bugFixes: r.bug_fixes,
      releaseDate: r.release_date,
      sizeMb: r.size_mb,
      migrations,
      steps: steps.map((s, j) => {
        const step = s as Record<string, unknown>;
        if (!isText(step?.name, 200)) throw new Error(`${r.version}: step #${j + 1} needs a name`);
        if (isText(step.sql, 300)) {
          if (step.sql.split(/[\\/]/).includes('..') || step.sql.startsWith('/') || !step.sql.endsWith('.sql')) throw new Error(`${r.version}: step "${step.name}": sql must be a .sql file beside the manifest`);
          return { name: step.name, sql: step.sql };
        }
        if (isText(step.run, 200)) return { name: step.name, run: step.run };
        throw new Error(`${r.version}: step "${step.name}" needs sql (a file) or run (a registered step)`);
      }),
    } satisfies Release;
  });
}

export class UpdateError extends DomainError {}

export const updateErrors = {
  notFound: (version: string) => new UpdateError('not_found', 'SYSTEM.RELEASE_NOT_FOUND', `Version ${version} is not a release this build contains`),
  notNewer: (version: string, installed: string) => new UpdateError('conflict', 'SYSTEM.RELEASE_NOT_NEWER', `Version ${version} is not newer than the installed version ${installed}`),
  running: () => new UpdateError('conflict', 'SYSTEM.UPDATE_RUNNING', 'An update is already being installed'),
  unavailable: (why: string) => new UpdateError('unavailable', 'SYSTEM.RELEASES_UNAVAILABLE', `The release manifest cannot be read: ${why}`),
};

/** An update that failed: its log, and what was rolled back. The HTTP layer answers 409 with the steps. */
export class UpdateFailedError extends UpdateError {
  constructor(
    detail: string,
    readonly steps: StepLog[],
  ) {
    super('conflict', 'SYSTEM.UPDATE_FAILED', detail);
  }
}

/** Where releases and their steps come from, and the installed version (infrastructure). */
export interface ReleaseSource {
  releases(): Promise<Release[]>;
  /** Runs a data step inside the update's transaction (`tx`, the unit of work's handle); a line for the log. */
  execute(step: ReleaseStep, tx: unknown): Promise<string>;
}

/** The installed version, kept in the database (`system_state`). */
export interface InstalledVersion {
  get(): Promise<string | null>;
  /** On first start: the build's version, so a fresh install counts as up to date. */
  initialise(build: string): Promise<void>;
  set(version: string): Promise<void>;
  /** Runs fn as the one update being installed, in every process (held from before its backup to its end); null when another is. */
  exclusive<T>(fn: () => Promise<T>): Promise<T | null>;
}

export const RELEASE_SOURCE = Symbol('ReleaseSource');
export const INSTALLED_VERSION = Symbol('InstalledVersion');

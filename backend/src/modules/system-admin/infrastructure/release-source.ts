import { readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DATABASE_URL } from '../../../common/database/tokens.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { repoRoot } from '../../../common/config/paths.js';
import { parseReleaseManifest, updateErrors, type InstalledVersion, type Release, type ReleaseSource, type ReleaseStep } from '../domain/release.js';
import { RELEASE_STEPS } from './release-steps.js';

/**
 * The release manifest shipped with the code: releases/manifest.json of the repository (RELEASES_FILE names another,
 * for tests). SQL steps are files beside it (`releases/<version>/<step>.sql`); read fresh on each call, so a
 * manifest fixed on disk needs no restart.
 */
@Injectable()
export class FileReleaseSource implements ReleaseSource {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get file(): string {
    return this.config.releasesFile ?? join(repoRoot(), 'releases', 'manifest.json');
  }

  async releases(): Promise<Release[]> {
    try {
      return parseReleaseManifest(JSON.parse(await readFile(this.file, 'utf8')));
    } catch (e) {
      throw updateErrors.unavailable((e as Error).message);
    }
  }

  async execute(step: ReleaseStep, tx: unknown): Promise<string> {
    const em = tx as EntityManager;
    if ('run' in step) {
      const fn = RELEASE_STEPS[step.run];
      if (!fn) throw new Error(`the step "${step.run}" is not in this build`);
      return fn(em);
    }
    const base = dirname(this.file);
    const path = resolve(base, step.sql);
    if (!path.startsWith(base + sep)) throw new Error(`${step.sql} is not beside the release manifest`);
    const sql = await readFile(path, 'utf8');
    await em.execute(sql, [], 'run');
    return `Ran ${step.sql}`;
  }
}

const KEY = 'installed_version';

const UPDATE_LOCK = 42019;

/** The installed version: a `system_state` row; the update lock: a session advisory lock on a connection of its own. */
@Injectable()
export class PgInstalledVersion implements InstalledVersion {
  constructor(
    private readonly em: EntityManager,
    @Inject(DATABASE_URL) private readonly url: string,
  ) {}

  async exclusive<T>(fn: () => Promise<T>): Promise<T | null> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'scriven-update-lock' });
    await client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, 0) as ok', [UPDATE_LOCK]);
      if (!rows[0].ok) return null;
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1, 0)', [UPDATE_LOCK]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async get(): Promise<string | null> {
    const [row] = await this.em.execute<{ value: string }[]>('select value from system_state where key = ?', [KEY]);
    return row ? String(row.value) : null;
  }

  async initialise(build: string): Promise<void> {
    await this.em.execute('insert into system_state (key, value, updated_at) values (?, ?, now()) on conflict (key) do nothing', [KEY, JSON.stringify(build)]);
  }

  async set(version: string): Promise<void> {
    await this.em.execute(
      'insert into system_state (key, value, updated_at) values (?, ?, now()) on conflict (key) do update set value = excluded.value, updated_at = now()',
      [KEY, JSON.stringify(version)],
    );
  }
}

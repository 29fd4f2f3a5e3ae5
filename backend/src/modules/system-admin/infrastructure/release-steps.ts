import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Data steps written in code, by the name a release's `run` gives. Each runs inside the update's transaction (the
 * EntityManager given), must be idempotent, and returns a line for the log. A release lists the ones it needs in
 * releases/manifest.json; a name missing here fails that step (and the update rolls back).
 */
export const RELEASE_STEPS: Record<string, (em: EntityManager) => Promise<string>> = {
  /** 0.1.0: the backup settings row exists with its defaults (reading settings works without it; this makes it visible). */
  'backup-settings-defaults': async (em) => {
    const rows = await em.execute<{ key: string }[]>(
      `insert into system_state (key, value, updated_at) values ('backup_settings', '{"keepLast":7,"dailyEnabled":false,"dailyHourUtc":3}', now()) on conflict (key) do nothing returning key`,
    );
    return rows.length ? 'Backup settings set to their defaults' : 'Backup settings already set';
  },
};

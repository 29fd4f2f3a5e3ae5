import 'reflect-metadata';
import { writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig, type AppConfig } from './common/config/config.js';
import { appVersion, repoRoot } from './common/config/paths.js';
import { EmbeddedDatabaseError, startEmbeddedPostgres, type EmbeddedDatabase } from './common/database/embedded-postgres.js';
import { assertDatabaseReachable, DatabaseUnreachableError } from './common/database/reachable.js';
import { DomainError } from './common/errors/domain-error.js';
import { createApp, createOrmFor } from './bootstrap.js';
import { IdentityFacade } from './modules/identity/identity.facade.js';
import { MonetizationFacade } from './modules/monetization/monetization.facade.js';
import { DemoFacade } from './modules/demo/demo.facade.js';
import { FounderFacade } from './modules/founder/founder.facade.js';
import { founderSetupInput } from './founder-setup-input.js';
// The composition root reaches the backup format directly: a restore must not start the app on the database it replaces.
import {
  backupsRoot,
  checkMedia,
  readManifest,
  restoreDatabase,
  restoreSecrets,
  RestoreRefusedError,
  verifyBackup,
  withBackupLock,
  type RestoreResult,
} from './modules/system-admin/infrastructure/backup-archive.js';
import { isValidBackupName } from './modules/system-admin/domain/backup.js';
import { runningServerPid } from './common/database/embedded-postgres.js';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  admin:create --username NAME --password PASS   Create an admin user (password of 12+ characters)
  founder:setup [--email E --phone P --license-number L --username U]
                                                   Set up the founder (or replace them: their tokens stop
                                                   working). The master key comes from FOUNDER_MASTER_KEY, or
                                                   --master-key-stdin (first line of stdin), or a hidden prompt;
                                                   missing fields are asked for when stdin is a terminal
  money:run-schedules                              Run the money schedules now: premium expiry, maturation of
                                                   pending funds, the premium pool, ad revenue (after downtime)
  demo:remove                                      Remove the demo data (its creators and everything they own);
                                                   it is never seeded again on this database
  backup:restore NAME [--force]                    Restore the backup DATA_DIR/backups/NAME into the database
                                                   (the server stopped; --force restores while it runs); it is
                                                   checked in a scratch database first, and a failure changes nothing
  migration:create [--name NAME]                  Write a migration for the entity changes (developers)
  migration:check                                  Fail when entities and migrations differ (CI)
`;

/**
 * The database the command works on: DATABASE_URL's, else the embedded server of DATA_DIR: the running app's (on
 * the port its postmaster.pid names), or one started for the command on the port the data directory remembers.
 */
async function database(config: AppConfig): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) {
    await assertDatabaseReachable(config.databaseUrl);
    return { url: config.databaseUrl };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'scriven', log: (m) => process.stderr.write(m + '\n'), reuseRunning: true });
  return { url: embedded.url, embedded };
}

/** A domain error in one line: its message, then any further field problems (a ValidationError's message is its first). */
function describe(e: DomainError): string {
  return [...new Set([e.message, ...(e.fields ?? []).map((f) => f.message)])].join('; ');
}

/** A throw-away database on the same server, for comparing migrations with entities. */
async function scratchDatabase(url: string, fn: (scratchUrl: string) => Promise<void>): Promise<void> {
  const name = `scriven_drift_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * `backup:restore NAME`: the backup's database into the configured database (its public schema replaced), its secret
 * files back into DATA_DIR/secrets, and the media files checked against its manifest. Refused while a server uses the
 * database (the embedded server's pid file, or other connections to an external database) unless --force. Before the
 * target is touched: the database user's privileges are checked and the backup is restored into a scratch database
 * (row counts compared); then the target is replaced in ONE transaction, so a failure leaves it as it was.
 */
async function restoreCommand(config: AppConfig, url: string, name: string | undefined, force: boolean): Promise<number> {
  const out = (line: string) => process.stdout.write(line + '\n');
  if (!name || !isValidBackupName(name)) {
    process.stderr.write('backup:restore needs the NAME of a backup in DATA_DIR/backups (letters, digits, _ . -)\n');
    return 64;
  }
  const dir = join(backupsRoot(config.dataDir), name);
  const manifest = await readManifest(dir);
  const pid = runningServerPid(config.dataDir);
  const client = new pg.Client({ connectionString: url, application_name: 'scriven-cli' });
  await client.connect();
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await client.end();
  if ((pid !== null || rows[0].n > 0) && !force) {
    process.stderr.write(
      `${pid !== null ? `A Scriven server (pid ${pid}) is running with ${config.dataDir}` : `${rows[0].n} other connection(s) use the database`}: stop the server first (or pass --force to restore under it).\n`,
    );
    return 1;
  }
  // Read like a verify does (shared with readers): a deletion cannot start meanwhile.
  const code = await withBackupLock(url, name, 'shared', async () => {
    out(`Restoring backup ${manifest.name} (made ${manifest.created_at} by Scriven ${manifest.app_version}) from ${dir}`);
    out('Checking it first by restoring it into a scratch database…');
    const check = await verifyBackup(url, dir);
    if (!check.ok) {
      process.stderr.write(`The backup cannot be restored: ${check.reason}\nNothing was changed.\n`);
      return 1;
    }
    out('The scratch restore matches the backup’s row counts.');
    let result: RestoreResult;
    try {
      result = await restoreDatabase(url, dir, out, { syncBackupsList: true, rollbackOnMismatch: true });
    } catch (e) {
      const refused = e instanceof RestoreRefusedError;
      process.stderr.write(`${refused ? 'The backup cannot be restored' : 'The restore failed and was rolled back'}: ${(e as Error).message}\n${refused ? '' : 'The database is as it was before the restore.\n'}`);
      return 1;
    }
    out(`Restored ${result.tables.length} table(s), ${result.tables.reduce((n, t) => n + t.rows, 0)} row(s), after ${result.migrations.length} migration(s).`);
    const secrets = await restoreSecrets(dir, config.dataDir);
    out(secrets.length ? `Secrets put back into ${join(config.dataDir, 'secrets')}: ${secrets.join(', ')}` : 'The backup holds no secret files (secrets from environment variables are not in backups).');
    const media = await checkMedia(dir, config.dataDir);
    out(`Media: ${media.checked} file(s) checked, ${media.missing.length} missing, ${media.changed.length} changed.`);
    for (const key of media.missing.slice(0, 20)) out(`  missing: ${key}`);
    for (const key of media.changed.slice(0, 20)) out(`  changed: ${key}`);
    if (media.missing.length + media.changed.length > 40) out('  …');
    out('The restore is complete. Start the server.');
    return 0;
  });
  if (code === null) {
    process.stderr.write(`The backup ${name} is being deleted by a server: nothing was changed.\n`);
    return 1;
  }
  return code;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 64;
  }
  const root = repoRoot();
  const config = loadConfig({ ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, { version: appVersion(), cwd: process.cwd() });
  const db = await database(config);
  try {
    switch (command) {
      case 'admin:create': {
        const { values } = parseArgs({ args: rest, options: { username: { type: 'string' }, password: { type: 'string' } } });
        if (!values.username || !values.password) {
          process.stderr.write('admin:create needs --username NAME and --password PASS\n');
          return 64;
        }
        const { app, orm } = await createApp({ ...config, jobsEnabled: false }, { databaseUrl: db.url });
        try {
          const admin = await RequestContext.create(orm.em, () => app.get(IdentityFacade).createAdminUser(values.username!, values.password!));
          process.stdout.write(`Created admin "${admin.displayName}" (${admin.id}). Sign in at /admin.\n`);
        } finally {
          await app.close();
        }
        return 0;
      }
      case 'founder:setup': {
        const input = await founderSetupInput(rest, process.env, process.stdin, process.stderr);
        if (typeof input === 'string') {
          process.stderr.write(`${input}\n`);
          return 64;
        }
        const { app, orm } = await createApp({ ...config, jobsEnabled: false, demoData: false }, { databaseUrl: db.url });
        try {
          const r = await RequestContext.create(orm.em, () => app.get(FounderFacade).setUp(input));
          process.stdout.write(
            r.replaced
              ? 'The founder was replaced. Earlier founder sessions have ended. Sign in at the founder access screen.\n'
              : 'The founder is set up. Sign in at the founder access screen.\n',
          );
        } finally {
          await app.close();
        }
        return 0;
      }
      case 'money:run-schedules': {
        const { app, orm } = await createApp({ ...config, jobsEnabled: false, demoData: false }, { databaseUrl: db.url });
        try {
          const money = app.get(MonetizationFacade);
          const now = new Date();
          const expired = await RequestContext.create(orm.em, () => app.get(IdentityFacade).expirePremiums(now));
          const matured = await RequestContext.create(orm.em, () => money.matureDue(now));
          const pool = await RequestContext.create(orm.em, () => money.distributePremiumPool(now));
          const ads = await RequestContext.create(orm.em, () => money.accrueAdRevenue());
          process.stdout.write(
            `Premium ended for ${expired.length} user(s); ${matured} transaction(s) matured; premium pool ${pool.month}: ${pool.distributedCents} cents to ${pool.creators} creator(s); ad revenue: ${ads.grossCents} cents on ${ads.items} item(s).\n`,
          );
        } finally {
          await app.close();
        }
        return 0;
      }
      case 'demo:remove': {
        // Initialised (not listening): the purge's in-process reactions (media files, index rows) are registered at init.
        const { app } = await createApp({ ...config, jobsEnabled: false, demoData: false }, { databaseUrl: db.url });
        try {
          await app.init();
          const { users } = await app.get(DemoFacade).removeDemo({ onWait: () => process.stdout.write('Waiting for the demo seeding of the running server to stop…\n') });
          process.stdout.write(users ? `Removed the demo data: ${users} demo user(s) and everything they owned. It will not be seeded again.\n` : 'No demo data to remove. It will not be seeded again.\n');
        } finally {
          await app.close();
        }
        return 0;
      }
      case 'backup:restore': {
        const { values, positionals } = parseArgs({ args: rest, options: { force: { type: 'boolean' } }, allowPositionals: true });
        return await restoreCommand(config, db.url, positionals[0], values.force ?? false);
      }
      case 'migration:create': {
        const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
        let code = 0;
        await scratchDatabase(db.url, async (url) => {
          const orm = await createOrmFor(url);
          try {
            await orm.migrator.up();
            const dir = join(root, 'backend', 'migrations');
            const result = await orm.migrator.create(dir, false, false, values.name);
            if (!result.diff.up.length) {
              process.stdout.write('No changes: the migrations already match the entities.\n');
              return;
            }
            const files = readdirSync(dir).filter((f) => /^Migration\d+.*\.ts$/.test(f)).sort();
            const names = files.map((f) => f.replace(/\.ts$/, ''));
            writeFileSync(
              join(dir, 'index.ts'),
              `import type { MigrationObject } from '@mikro-orm/core';\n` +
                names.map((n) => `import { ${n} } from './${n}.js';\n`).join('') +
                `\n/** Every migration, in order. \`npm run migration:create -w backend\` adds new files and updates this list. */\n` +
                `export const MIGRATIONS: MigrationObject[] = [\n${names.map((n) => `  { name: '${n}', class: ${n} },\n`).join('')}];\n`,
            );
            process.stdout.write(`Wrote ${result.fileName}\n`);
          } catch (e) {
            code = 1;
            throw e;
          } finally {
            await orm.close(true);
          }
        });
        return code;
      }
      case 'migration:check': {
        let drift = '';
        await scratchDatabase(db.url, async (url) => {
          const orm = await createOrmFor(url);
          try {
            await orm.migrator.up();
            drift = (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
          } finally {
            await orm.close(true);
          }
        });
        if (drift) {
          process.stderr.write(`The entities differ from the migrations. Run \`npm run migration:create -w backend\`. Missing SQL:\n${drift}\n`);
          return 1;
        }
        process.stdout.write('Migrations match the entities.\n');
        return 0;
      }
      default:
        process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
        return 64;
    }
  } finally {
    await db.embedded?.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    if (e instanceof ConfigError) process.stderr.write(e.message + '\n');
    else if (e instanceof DomainError) process.stderr.write(`${describe(e)}\n`);
    else if (e instanceof DatabaseUnreachableError || e instanceof EmbeddedDatabaseError) process.stderr.write(`${e.message}\n`);
    else process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });

import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './common/config/config.js';
import { appVersion, repoRoot } from './common/config/paths.js';
import { createApp, buildOpenApi } from './bootstrap.js';
import { sortKeys } from './common/http/sort-keys.js';

/** Builds the app without a database or listening, and writes openapi/openapi.json with sorted keys. */
async function main(): Promise<void> {
  const root = repoRoot();
  const config = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://openapi@127.0.0.1:1/openapi', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, { version: appVersion(), cwd: root });
  const { app } = await createApp(config, { databaseUrl: config.databaseUrl!, connect: false });
  const doc = buildOpenApi(app, config);
  const file = join(root, 'openapi', 'openapi.json');
  writeFileSync(file, JSON.stringify(sortKeys(doc), null, 2) + '\n');
  process.stdout.write(`Wrote ${file}\n`);
  process.exit(0);
}

main().catch((e: unknown) => {
  process.stderr.write(`api:sync failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});

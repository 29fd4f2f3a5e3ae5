import './runtime.js';
import 'reflect-metadata';
import { RequestContext } from '@mikro-orm/core';
import { ConfigError, loadConfig } from './common/config/config.js';
import { appVersion } from './common/config/paths.js';
import { claimDataDir, runningServerPid, startEmbeddedPostgres, type EmbeddedDatabase } from './common/database/embedded-postgres.js';
import { AppLogger } from './common/logging/app-logger.js';
import { createApp } from './bootstrap.js';
import { IdentityFacade } from './modules/identity/identity.facade.js';

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config;
  try {
    config = loadConfig(process.env, { version: appVersion() });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      process.exit(78);
    }
    throw e;
  }
  const logger = new AppLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let releaseDataDir = () => undefined as void;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const other = runningServerPid(config.dataDir);
    if (other !== null) throw new Error(`another Scriven server (pid ${other}) is already running with the data directory ${config.dataDir}`);
    releaseDataDir = claimDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'scriven', log: (m) => logger.log(m, 'Database') });
    databaseUrl = embedded.url;
    logger.log(`Embedded PostgreSQL is running from ${config.dataDir}/postgres`, 'Database');
  } else {
    logger.log('Using the external PostgreSQL server from DATABASE_URL', 'Database');
  }

  const { app, orm } = await createApp(config, { databaseUrl, logger });
  if (config.admin) {
    const { username, password } = config.admin;
    const result = await RequestContext.create(orm.em, () => app.get(IdentityFacade).ensureAdmin(username, password));
    logger.log(result === 'created' ? `Created admin "${username}" from ADMIN_USERNAME` : `Admin "${username}" already exists`, 'Admin');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received, shutting down`, 'Scriven');
    await app.close().catch((e: Error) => logger.error(`while closing: ${e.message}`, 'Scriven'));
    await embedded?.stop().catch(() => undefined);
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  logger.log(`Scriven ${config.version} is listening on http://${shown}:${config.port} (API docs at /api/docs), ready in ${Date.now() - startedAt} ms`, 'Scriven');
}

main().catch((e: unknown) => {
  process.stderr.write(`Scriven failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof Error && e.stack && process.env.LOG_LEVEL === 'debug') process.stderr.write(e.stack + '\n');
  process.exit(1);
});

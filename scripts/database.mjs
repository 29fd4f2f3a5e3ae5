// The database of `npm start` (scripts/start.mjs): the embedded PostgreSQL, started once for every worker and sized for
// them, or, with DATABASE_URL, a check that the external server allows the connections the workers may open. Apart
// from start.mjs so that the tests can run it (backend/test/supervisor.test.ts: a Ctrl-C during its start).

/**
 * With an external PostgreSQL (DATABASE_URL): says when its max_connections is below what the workers may open (the
 * start goes on; connections past it would be refused under load). Silent when the server cannot be asked: the workers
 * say why they cannot reach it.
 */
export async function checkConnectionBudget(url, workers, budget) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'scriven-start' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query(`select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int as usable`);
    const usable = rows[0].usable;
    if (usable < budget.needed) {
      console.error(
        `The database at DATABASE_URL allows ${usable} connections, and ${workers} API worker${workers === 1 ? '' : 's'} may open up to ${budget.needed} (${budget.processes} processes with a rolling restart's extra worker, ${budget.perProcess} each): raise its max_connections to at least ${budget.needed + 20}, or lower WORKERS.`,
      );
    }
  } catch {
    // not reachable now: the workers report it
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Without DATABASE_URL: the embedded PostgreSQL, started here once for every worker (its URL goes into `env`), with a
 * max_connections that fits the workers' connection budget; `stop` stops it once the workers have stopped. The
 * configuration is checked here first, as the server checks it. `dist(path)` imports a module of the built server
 * (`common/database/embedded-postgres.js`…; the tests load the TypeScript sources instead).
 */
export async function embeddedDatabase(env, budget, dist) {
  if (env.DATABASE_URL?.trim()) return { embedded: false, stop: async () => undefined };
  const [{ loadConfig, ConfigError }, { appVersion }, pgModule, { AppLogger }] = await Promise.all([
    dist('common/config/config.js'),
    dist('common/config/paths.js'),
    dist('common/database/embedded-postgres.js'),
    dist('common/logging/app-logger.js'),
  ]);
  let config;
  try {
    config = loadConfig(env, { version: appVersion() });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(e.message + '\n');
      process.exit(78);
    }
    throw e;
  }
  const other = pgModule.runningServerPid(config.dataDir);
  if (other !== null) {
    console.error(`Another Scriven server (pid ${other}) is already running with the data directory ${config.dataDir}: stop it, or set DATA_DIR to another directory.`);
    process.exit(1);
  }
  const logger = new AppLogger(config.logLevel);
  const release = pgModule.claimDataDir(config.dataDir);
  let embedded;
  const stop = async () => {
    await embedded?.stop().catch((e) => logger.error(`while stopping the database: ${e.message}`, 'Database'));
    release();
  };
  // A signal while the database starts: the server, which runs in a process group of its own (a terminal's Ctrl-C does
  // not reach it), is stopped as soon as its start has got far enough to be stopped, then this process exits. (The
  // supervisor's own handlers come after.)
  // A second signal meanwhile (a Ctrl-C pressed again) does not wait: this process exits with 130, and the server, if it
  // runs yet, is told to quit as it does (startEmbeddedPostgres's exit hook).
  let interrupted = false;
  const early = () => {
    if (interrupted) {
      release();
      process.exit(130);
    }
    interrupted = true;
    logger.log('Stopping: the embedded database is stopped once its start has finished (press Ctrl-C again to stop it at once)', 'Database');
  };
  process.on('SIGINT', early);
  process.on('SIGTERM', early);
  try {
    embedded = await pgModule.startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'scriven', log: (m) => logger.log(m, 'Database'), maxConnections: budget.maxConnections });
  } catch (e) {
    // (Interrupted: initdb, which shares the terminal's process group, may have been stopped by the same Ctrl-C.)
    if (!interrupted) process.stderr.write((e instanceof pgModule.EmbeddedDatabaseError ? e.message : `Scriven failed to start: ${e.message}`) + '\n');
    release();
    process.exit(interrupted ? 0 : 1);
  }
  process.off('SIGINT', early);
  process.off('SIGTERM', early);
  if (interrupted) {
    await stop();
    process.exit(0);
  }
  logger.log(`Embedded PostgreSQL is running from ${config.dataDir}/postgres on 127.0.0.1:${embedded.port}`, 'Database');
  env.DATABASE_URL = embedded.url;
  // The workers get its URL like an external server's; this says it is the embedded one (DEMO_DATA's default).
  env.SCRIVEN_EMBEDDED_DATABASE = '1';
  return { embedded: true, stop };
}


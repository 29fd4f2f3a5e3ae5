import './runtime.js';
import 'reflect-metadata';
import { createServer } from 'node:net';
import { ConfigError, loadConfig } from './common/config/config.js';
import { appVersion } from './common/config/paths.js';
import { claimDataDir, EmbeddedDatabaseError, runningServerPid, startEmbeddedPostgres, type EmbeddedDatabase } from './common/database/embedded-postgres.js';
import { assertDatabaseReachable } from './common/database/reachable.js';
import { AppLogger } from './common/logging/app-logger.js';
import { supervisorLink } from './common/supervisor-link.js';
import { InFlight } from './common/http/long-running.js';
// The app itself (Nest, every module) is imported once the quick checks have passed: a taken port or an unreachable
// database is reported at once, not after the seconds that loading it takes.
import type { createApp as CreateApp } from './bootstrap.js';

/** Thrown for start-up problems that one sentence explains: printed without "failed to start" or a stack. */
class StartError extends Error {}

function portMessage(code: string | undefined, port: number, host: string): string | null {
  if (code === 'EADDRINUSE') return `Port ${port} is in use by another program: set PORT to another port (PORT=3001 npm start).`;
  if (code === 'EACCES') return `Scriven may not listen on port ${port} (EACCES, ports below 1024 need privileges): set PORT to another port.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or unset it.`;
  return null;
}

/** Fails fast (before the database and the app start) when the HTTP port cannot be had. */
function assertPortAvailable(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => {
      const message = portMessage(e.code, port, host);
      reject(message ? new StartError(message) : e);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

let closing = false;
/** Stops what has started (the app, then the embedded database); set once main() has the logger. */
let stopAll = async (): Promise<void> => undefined;

async function main(): Promise<void> {
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
  /** The embedded database's start while it runs: a stop meanwhile waits for it, then stops the server. */
  let embeddedStarting: Promise<EmbeddedDatabase> | undefined;
  let app: Awaited<ReturnType<typeof CreateApp>>['app'] | undefined;
  let releaseDataDir = () => undefined as void;

  // Stop in order: the app first (HTTP, jobs, schedules, listeners and the ORM close their connections), then the
  // embedded database, so a clean stop logs no connection errors. A signal during start-up stops what has started.
  stopAll = async () => {
    const force = setTimeout(() => {
      logger.error('Stopping takes more than 20 s; stopping the database now', 'Scriven');
      void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    }, 20_000);
    force.unref();
    await app?.close().catch((e: Error) => logger.error(`while closing: ${e.message}`, 'Scriven'));
    if (!embedded && embeddedStarting) {
      // The server runs in a process group of its own (a terminal's Ctrl-C does not reach it): left now, it would run on.
      logger.log('Stopping: the embedded database is stopped once its start has finished', 'Database');
      embedded = await embeddedStarting.catch(() => undefined);
    }
    await embedded?.stop().catch((e: Error) => logger.error(`while stopping the database: ${e.message}`, 'Database'));
    releaseDataDir();
  };
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received, shutting down`, 'Scriven');
    await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Under `npm start`'s supervisor this is one worker (scripts/supervise.mjs): the supervisor started the database and
  // owns the listening socket (shared by the API workers), so neither is checked here.
  const role = supervisorLink.role;
  const supervised = supervisorLink.supervised;
  supervisorLink.attach();
  if (!config.databaseUrl) {
    const other = runningServerPid(config.dataDir);
    if (other !== null) throw new StartError(`Another Scriven server (pid ${other}) is already running with the data directory ${config.dataDir}: stop it, or set DATA_DIR to another directory.`);
  }
  if (!supervised) await assertPortAvailable(config.port, config.host);
  // Loading the app's code (CPU) overlaps the database's start (mostly waiting for postgres).
  const modules = Promise.all([import('./bootstrap.js'), import('@mikro-orm/core'), import('./modules/identity/identity.facade.js')]);
  modules.catch(() => undefined);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    releaseDataDir = claimDataDir(config.dataDir);
    embeddedStarting = startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'scriven', log: (m) => logger.log(m, 'Database') });
    embedded = await embeddedStarting;
    databaseUrl = embedded.url;
    logger.log(`Embedded PostgreSQL is running from ${config.dataDir}/postgres on 127.0.0.1:${embedded.port}`, 'Database');
  } else {
    await assertDatabaseReachable(databaseUrl).catch((e: Error) => {
      throw new StartError(e.message);
    });
    if (!supervised) logger.log('Using the external PostgreSQL server from DATABASE_URL', 'Database');
  }
  if (closing) return;

  const [{ createApp, reloadFrontend, limitToRole }, { RequestContext }, { IdentityFacade }] = await modules;
  const created = await createApp(config, { databaseUrl, logger });
  app = created.app;
  const { orm } = created;
  if (closing) return;
  // The admin account from the environment is made by the first worker (the one that also ran the migrations).
  if (config.admin && role !== 'api') {
    const { username, password } = config.admin;
    const result = await RequestContext.create(orm.em, () => app!.get(IdentityFacade).ensureAdmin(username, password));
    logger.log(result === 'created' ? `Created admin "${username}" from ADMIN_USERNAME` : `Admin "${username}" already exists`, 'Admin');
  }

  if (role === 'jobs') {
    // The media/jobs worker serves no HTTP: the job queue's handlers, the schedules and the sweepers run here.
    await app.init();
    limitToRole(app, role);
    logger.log(`Media/jobs worker ready (pid ${process.pid})`, 'Scriven');
    // Replaced by a restart (`all`): stop as on SIGTERM: the job queue stops gracefully (a job in progress is given
    // back to the queue) rather than being killed when the supervisor's drain time runs out.
    supervisorLink.onDrain(() => {
      if (closing) return;
      closing = true;
      void stopAll().then(() => process.exit(0));
    });
    supervisorLink.ready();
    return;
  }
  onDrain(app);
  supervisorLink.onReloadFrontend(() => reloadFrontend(app!, config));
  try {
    await app.listen(config.port, config.host);
  } catch (e) {
    // Another program took the port during start-up.
    const message = portMessage((e as NodeJS.ErrnoException).code, config.port, config.host);
    throw message ? new StartError(message) : e;
  }
  limitToRole(app, role);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (role === 'api') {
    logger.log(`API worker ready (pid ${process.pid}, ${process.uptime().toFixed(1)} s after it started) on http://${shown}:${config.port}`, 'Scriven');
    supervisorLink.ready();
    return;
  }
  logger.log(`Scriven ${config.version} is listening on http://${shown}:${config.port} (API docs at /api/docs), ready ${process.uptime().toFixed(1)} s after the process started`, 'Scriven');
  // Under `npm start`'s supervisor: from now on a death of this process is a crash to recover from, not a failed start.
  supervisorLink.ready();
}

/**
 * After the last response of a connection (`Connection: close`) the socket is ended but kept reading (and the reads
 * dropped) for a few seconds before it is destroyed: a client that wrote its next request before it read the close
 * (load generators do) then sees the connection end and sends it again on a new one, instead of a reset.
 */
function halfClose(socket: import('node:net').Socket): void {
  socket.destroySoon = function (this: import('node:net').Socket) {
    this.removeAllListeners('data');
    this.on('data', () => undefined);
    this.end();
    setTimeout(() => this.destroy(), 3000).unref();
  };
}

/**
 * A rolling restart's end of an old API worker (the supervisor's `scriven:drain`): it stops taking connections (the
 * supervisor's socket hands new ones to the other workers), answers the requests it has with `Connection: close`,
 * keeps idle keep-alive connections until they send a request or time out (closing them at once would race with a
 * request a client is sending on one), then stops like a SIGTERM. Past `timeoutMs` the connections without a
 * long-running request (an upload, a backup, an update) are cut; those get until `longTimeoutMs`.
 */
function onDrain(app: Awaited<ReturnType<typeof CreateApp>>['app']): void {
  const server = app.getHttpServer() as import('node:http').Server;
  const inFlight = new InFlight(server);
  let draining = false;
  supervisorLink.onDrain((timeoutMs, longTimeoutMs) => {
    if (draining || closing) return;
    draining = true;
    // From now on (not on every request before): each response closes its connection.
    server.prependListener('request', (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
      res.shouldKeepAlive = false;
      halfClose(req.socket);
    });
    // server.close() would cut the idle keep-alive connections at once (see above); InFlight cuts them in its time.
    server.closeIdleConnections = () => undefined;
    void (async () => {
      const { RealtimeGateway } = await import('./common/realtime/realtime.gateway.js');
      app.get(RealtimeGateway, { strict: false }).closeAll(1012, 'server restarting');
      await inFlight.settle(new Promise<void>((resolve) => server.close(() => resolve())), timeoutMs, longTimeoutMs);
      closing = true;
      await stopAll();
      process.exit(0);
    })();
  });
}

main().catch(async (e: unknown) => {
  if (closing) return;
  closing = true;
  if (e instanceof StartError || e instanceof EmbeddedDatabaseError) process.stderr.write(e.message + '\n');
  else process.stderr.write(`Scriven failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof Error && e.stack && process.env.LOG_LEVEL === 'debug') process.stderr.write(e.stack + '\n');
  await stopAll().catch(() => undefined);
  process.exit(1);
});

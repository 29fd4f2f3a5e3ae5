import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { StreamableFile, ValidationPipe, type LoggerService } from '@nestjs/common';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { MikroORM } from '@mikro-orm/postgresql';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/config.js';
import { createOrm } from './common/database/orm.js';
import { ValidationError } from './common/errors/domain-error.js';
import { requestPipeline } from './common/http/request-pipeline.js';
import { clientErrorResponse } from './common/http/client-error.js';
import { validationProblems } from './common/http/validate-dto.js';
import { spaIndex } from './common/http/spa.js';
import { sendPrecompressed } from './common/http/precompressed.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from '../migrations/index.js';
import { RealtimeGateway } from './common/realtime/realtime.gateway.js';
import type { ProcessRole } from './common/supervisor-link.js';

export interface CreateAppOptions {
  databaseUrl: string;
  /** False builds the app without a database connection (OpenAPI export). */
  connect?: boolean;
  logger?: LoggerService | false;
}

export async function createOrmFor(url: string, connect = true): Promise<MikroORM> {
  return createOrm({ url, entities: ENTITIES, migrations: MIGRATIONS, connect });
}


/**
 * Express's adapter with the HTTP server's timeouts set where Node only reads them (at creation): headers must
 * arrive within HTTP_HEADERS_TIMEOUT_MS (10 s), checked every quarter second (Node's default check runs every 30 s,
 * so a client trickling headers kept a connection for 40 s and more). Bodies are bounded by the idle timeout
 * (HTTP_IDLE_TIMEOUT_MS, 60 s) rather than a total time, so a large upload on a slow link is never cut while it moves.
 */
class ScrivenExpressAdapter extends ExpressAdapter {
  constructor(private readonly timeouts: AppConfig['http']) {
    super(express());
  }

  override initHttpServer(): void {
    const { headersTimeoutMs, idleTimeoutMs } = this.timeouts;
    const server = createServer({ headersTimeout: headersTimeoutMs, requestTimeout: 0, connectionsCheckingInterval: Math.min(1000, Math.max(100, headersTimeoutMs / 4)), keepAliveTimeout: 5000 }, this.getInstance());
    server.setTimeout(idleTimeoutMs, (socket: Socket) => socket.destroy());
    // Requests the HTTP parser refuses (malformed, headers too large, too slow) get the error body too.
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
      if (!socket.writable || (err.code === 'ECONNRESET' && !socket.bytesWritten)) return socket.destroy();
      socket.end(clientErrorResponse(err));
    });
    this.httpServer = server;
  }

  /**
   * A route's JSON answer written at once (serialised, typed, sized, ended), without Express's res.json and res.send
   * (ETag, freshness and charset handling that API responses never use); anything else goes the adapter's way.
   */
  override reply(response: ServerResponse, body: unknown, statusCode?: number): unknown {
    if (body !== null && typeof body === 'object' && !(body instanceof StreamableFile) && !(body instanceof Error) && !Buffer.isBuffer(body) && response.getHeader('content-type') === undefined) {
      if (statusCode !== undefined) response.statusCode = statusCode;
      const text = JSON.stringify(body);
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      response.setHeader('Content-Length', Buffer.byteLength(text));
      return response.end((response as ServerResponse & { req?: { method?: string } }).req?.method === 'HEAD' ? undefined : text);
    }
    return super.reply(response, body, statusCode);
  }
}

export async function createApp(config: AppConfig, opts: CreateAppOptions): Promise<{ app: NestExpressApplication; orm: MikroORM }> {
  const orm = await createOrmFor(opts.databaseUrl, opts.connect ?? true);
  if (opts.connect ?? true) await orm.migrator.up();
  const adapter = new ScrivenExpressAdapter(config.http);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, orm, opts.databaseUrl), adapter, {
    logger: opts.logger ?? false,
    abortOnError: false,
    bodyParser: false,
  });
  configureApp(app, config);
  return { app, orm };
}

export function buildOpenApi(app: NestExpressApplication, config: AppConfig): OpenAPIObject {
  const doc = new DocumentBuilder()
    .setTitle('Scriven API')
    .setDescription('The HTTP API of Scriven, a self-hostable video platform. Errors are { statusCode, code, detail, message }.')
    .setVersion(config.version)
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, doc, { operationIdFactory: (_controller, method) => method });
}

/**
 * Security headers of API (JSON) responses, after OWASP's REST Security Cheat Sheet: nothing may be loaded or
 * framed from them, they are never sniffed into HTML, and no cache keeps them.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // 'self' covers the page's own ws:/wss: origin (CSP Level 3): sockets to any other host are refused.
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Self-hosted instances often run on plain HTTP (a LAN address): never rewrite requests to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const res = { setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = String(v)), removeHeader: (k: string) => delete headers[k.toLowerCase()] };
  middleware({} as never, res as never, () => undefined);
  return headers;
}

function configureApp(app: NestExpressApplication, config: AppConfig): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.disable('x-powered-by');
  server.set('etag', false);
  server.set('trust proxy', config.trustProxy);
  // Security headers: helmet's, computed once, for documents; the short REST set for API responses.
  const documentHeaders = helmetHeaders();
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  server.use(requestPipeline((url) => (isApi(url) ? API_HEADERS : documentHeaders)));
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => new ValidationError(validationProblems(errors)),
    }),
  );
  const index = join(config.frontendDist, 'index.html');
  if (existsSync(index)) {
    const files = express.static(config.frontendDist, {
      index: false,
      redirect: false,
      // Vite's hashed assets never change; everything else is revalidated.
      setHeaders: (res, path) => {
        const asset = path.includes(`${join('assets', '')}`);
        res.setHeader('Cache-Control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address is also sent compressed (sendPrecompressed): caches keep one copy per encoding.
        if (asset) res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // The app's files; API requests never look at the disk for one. Built assets go compressed when the browser
    // takes it (the build writes .br and .gz copies beside them).
    server.use((req, res, next) => (req.path.startsWith('/api/') ? next() : sendPrecompressed(config.frontendDist, req, res) || files(req, res, next)));
    spaIndex.html = readFileSync(index, 'utf8');
  }
  const document = buildOpenApi(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  app.enableShutdownHooks();
}

/**
 * A `frontend` restart: the app's index.html is read from disk again (its hashed assets are read on every request
 * anyway), and every page open on this process's sockets is told that a new version is there (`app_updated`).
 */
export async function reloadFrontend(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const index = join(config.frontendDist, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} does not exist: build the frontend (npm run build -w frontend)`);
  spaIndex.html = readFileSync(index, 'utf8');
  app.get(RealtimeGateway, { strict: false }).broadcastLocal({ type: 'app_updated' });
}

/**
 * An API worker under the supervisor runs none of the @Interval and @Cron sweepers and schedules (they are all database
 * work, run once by the media/jobs worker); the one-process server (role `all`) and the jobs worker keep them.
 */
export function limitToRole(app: NestExpressApplication, role: ProcessRole): void {
  if (role !== 'api') return;
  const registry = app.get(SchedulerRegistry, { strict: false });
  for (const name of registry.getIntervals()) registry.deleteInterval(name);
  for (const name of registry.getCronJobs().keys()) registry.deleteCronJob(name);
}

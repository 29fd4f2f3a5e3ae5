import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { ValidationPipe, type LoggerService } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { MikroORM } from '@mikro-orm/postgresql';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { ValidationError as ClassValidatorError } from 'class-validator';
import { AppModule } from './app.module.js';
import type { AppConfig } from './common/config/config.js';
import { createOrm } from './common/database/orm.js';
import { ValidationError } from './common/errors/domain-error.js';
import { lingerOnClose } from './common/http/lingering-close.js';
import { requestContext } from './common/logging/request-context.js';
import { spaIndex } from './common/http/spa.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from '../migrations/index.js';

export interface CreateAppOptions {
  databaseUrl: string;
  /** False builds the app without a database connection (OpenAPI export). */
  connect?: boolean;
  logger?: LoggerService | false;
}

export async function createOrmFor(url: string, connect = true): Promise<MikroORM> {
  return createOrm({ url, entities: ENTITIES, migrations: MIGRATIONS, connect });
}

function flatten(errors: ClassValidatorError[], parent = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

export async function createApp(config: AppConfig, opts: CreateAppOptions): Promise<{ app: NestFastifyApplication; orm: MikroORM }> {
  const orm = await createOrmFor(opts.databaseUrl, opts.connect ?? true);
  if (opts.connect ?? true) await orm.migrator.up();
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, orm, opts.databaseUrl), adapter, {
    logger: opts.logger ?? false,
    abortOnError: false,
    bodyParser: false,
  });
  configureApp(app, config);
  return { app, orm };
}

export function buildOpenApi(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
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
        connectSrc: ["'self'", 'ws:', 'wss:'],
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

function configureApp(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  // A reply sent before the request body was read to its end (a refused upload) closes the connection, so a kept-alive
  // socket cannot hang both sides; the close lingers, so the client still reads the answer (lingering-close.ts).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) {
      void reply.header('Connection', 'close');
      lingerOnClose(request.raw);
    }
    done(null, payload);
  });
  // Clients send `Content-Type: application/json` on body-less POSTs too; treat an empty body as no body.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A payment provider's webhook is verified over the exact bytes it signed.
    if (req.url.startsWith('/api/payments/webhook')) (req as { rawBody?: string }).rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      const err = Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 });
      done(err, undefined);
    }
  });
  void app.register(formBody as never, { bodyLimit: 1024 * 1024 });
  // Raw bodies (a chunk sent as application/octet-stream) reach the handler as the request stream, unread.
  fastify.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  // Multipart bodies are streamed; each route sets its own limits when it reads the parts.
  void app.register(multipart as never, { limits: { fileSize: 0, files: 0, fields: 20, fieldSize: 10_000 }, throwFileSizeLimit: true });
  // One scope per request: its id (logs, response header), the security headers (helmet's, computed once, for
  // documents; the short REST set for API responses), and an
  // EntityManager forked on first use (see common/database/orm.ts).
  const documentHeaders = helmetHeaders();
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.headers(req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') ? API_HEADERS : documentHeaders);
    void reply.header('x-request-id', req.id);
    requestContext.run({ requestId: String(req.id) }, done as () => void);
  });
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => new ValidationError(flatten(errors)),
    }),
  );
  const index = join(config.frontendDist, 'index.html');
  if (existsSync(index)) {
    void app.register(fastifyStatic as never, {
      root: config.frontendDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Vite's hashed assets never change; everything else is revalidated.
      setHeaders: (reply: { header(k: string, v: string): unknown }, path: string) => {
        reply.header('Cache-Control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    spaIndex.html = readFileSync(index, 'utf8');
  }
  const document = buildOpenApi(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  app.enableShutdownHooks();
}

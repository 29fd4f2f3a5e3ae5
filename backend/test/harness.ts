import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../src/common/config/config.js';

export interface TestApp {
  databaseUrl: string;
  app: NestExpressApplication;
  orm: MikroORM;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  /** Runs SQL on the test database (for reading what the server stored). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The whole app on its own fresh database (migrated), as a client sees it over HTTP. With `sameDatabaseAs`, a
 * second server process's view: another app on the database of an existing one. The run's databases are dropped by
 * global teardown.
 */
export async function createTestApp(env: Record<string, string> = {}, sameDatabaseAs?: TestApp): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest (global setup)');
  const label = `createTestApp(${sameDatabaseAs ? 'same database' : 'new database'})`;
  const name = sameDatabaseAs ? new URL(sameDatabaseAs.databaseUrl).pathname.slice(1) : `${process.env.SCRIVEN_TEST_DB_PREFIX ?? 'scriven_test_'}${randomBytes(6).toString('hex')}`;
  if (!sameDatabaseAs) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await watched(`${label}: create database`, serverUrl, async () => {
      await admin.connect();
      await admin.query(`create database ${name}`);
      // A test database needs no commit to wait for the disk (a crash loses nothing a test needs).
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      await admin.end();
    });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JOBS_ENABLED: 'false',
    DEMO_DATA: 'false',
    // No RTMP listener unless a test asks for one on a port of its own (1935 may be taken, or shared by parallel apps).
    LIVE_RTMP_PORT: '0',
    DATABASE_URL: url.toString(),
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    ...(sameDatabaseAs ? { JWT_SECRET: sameDatabaseAs.config.jwtSecret } : {}),
    ...env,
  });
  const { app, orm } = await watched(`${label}: createApp`, serverUrl, () => createApp(config, { databaseUrl: url.toString() }));
  await watched(`${label}: app.init`, serverUrl, () => app.init());
  const client = new pg.Client({ connectionString: url.toString() });
  await watched(`${label}: connect`, serverUrl, () => client.connect());
  return {
    databaseUrl: url.toString(),
    app,
    orm,
    config,
    http: () => request(app.getHttpServer()),
    sql: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    close: async () => {
      await watched(`close ${name}: client.end`, serverUrl, () => client.end());
      await watched(`close ${name}: app.close`, serverUrl, () => app.close());
      rmSync(dataDir, { recursive: true, force: true });
      // The database stays until global teardown drops the run's databases: each DROP DATABASE forces a checkpoint
      // (every dirty page of the server written and synced), which on a busy disk held up the other tests for a minute.
    },
  };
}

/**
 * Runs a step of setting up or closing an app, and prints what the process and the database were doing each 15 s
 * it takes past the first 15 (it takes well under a second on a quiet machine): a step that stalls in CI then says
 * where it stalled, before jest's timeout ends the test.
 */
async function watched<T>(step: string, serverUrl: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const report = async () => {
    let sessions: unknown = 'unknown';
    const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000, query_timeout: 5000 });
    try {
      await admin.connect();
      sessions = (
        await admin.query(
          `select datname, application_name, state, wait_event_type, wait_event, extract(epoch from now() - query_start)::int as seconds, left(query, 160) as query
           from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`,
        )
      ).rows;
    } catch (e) {
      sessions = `could not be read: ${(e as Error).message}`;
    } finally {
      await admin.end().catch(() => undefined);
    }
    const handles = process.getActiveResourcesInfo().reduce<Record<string, number>>((n, k) => ((n[k] = (n[k] ?? 0) + 1), n), {});
    process.stderr.write(`[harness] ${step} still running after ${Math.round((Date.now() - started) / 1000)} s; active resources ${JSON.stringify(handles)}; busy database sessions ${JSON.stringify(sessions)}\n`);
  };
  const timer = setInterval(() => void report(), 15_000);
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

let counter = 0;
/** A valid registration body with unique display name and email. */
export function newUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const tag = `${randomBytes(3).toString('hex')}${counter}`;
  return {
    first_name: 'Test',
    last_name: 'User',
    display_name: `user_${tag}`,
    email: `user_${tag}@example.com`,
    password: 'a-long-password',
    ...overrides,
  };
}

/** Registers a new user and signs them in; returns the token and what was sent. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<{ token: string; user: Record<string, unknown>; auth: [string, string] }> {
  const user = newUser(overrides);
  const r = await t.http().post('/api/register').send(user);
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  const l = await t.http().post('/api/login').send({ login_identifier: user.display_name, password: user.password });
  if (l.status !== 200) throw new Error(`login failed: ${l.status} ${JSON.stringify(l.body)}`);
  return { token: l.body.access_token, user, auth: ['Authorization', `Bearer ${l.body.access_token}`] };
}

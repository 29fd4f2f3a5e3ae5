import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { rememberedPortFile, startEmbeddedPostgres } from '../src/common/database/embedded-postgres.js';
import { freePort } from './net.js';

/** Another program holding a port on 127.0.0.1. */
function hold(port: number): Promise<Server> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(port, '127.0.0.1', () => res(s));
  });
}

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query('select 1 as one');
  await c.end();
  return r.rows[0].one === 1;
}

const modulePath = resolve(process.cwd(), 'src/common/database/embedded-postgres.ts');

describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a SIGKILLed owner: the next start stops the orphaned server and reuses the data', async () => {
    const port = await freePort();
    // A process that starts the server, writes a row, then is killed without any chance to clean up.
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(modulePath)});
      const pg = (await import('pg')).default;
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, database: 'app', log: () => {} });
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query('create table kept (v text)');
      await c.query("insert into kept values ('survives')");
      await c.end();
      process.stdout.write('ready\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((res, rej) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && res());
      child.on('exit', (code) => rej(new Error(`child exited ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const orphan = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const db = await startEmbeddedPostgres({ dataDir, port, database: 'app', log: () => undefined });
    try {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const r = await c.query('select v from kept');
      await c.end();
      expect(r.rows).toEqual([{ v: 'survives' }]);
      expect(() => process.kill(orphan, 0)).toThrow();
    } finally {
      await db.stop();
    }
  });

  it('remembers its port in the data directory, and picks another free port when another program holds it', async () => {
    const dir = join(dataDir, 'ports');
    const preferredPort = await freePort();
    const first = await startEmbeddedPostgres({ dataDir: dir, preferredPort, database: 'app', log: () => undefined });
    try {
      expect(first.port).toBe(preferredPort);
      expect(await answers(first.url)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(readFileSync(rememberedPortFile(dir), 'utf8').trim()).toBe(String(preferredPort));

    const squatter = await hold(preferredPort);
    const logs: string[] = [];
    try {
      const second = await startEmbeddedPostgres({ dataDir: dir, preferredPort, database: 'app', log: (m) => logs.push(m) });
      try {
        expect(second.port).not.toBe(preferredPort);
        expect(await answers(second.url)).toBe(true);
      } finally {
        await second.stop();
      }
      expect(readFileSync(rememberedPortFile(dir), 'utf8').trim()).toBe(String(second.port));
      expect(logs).toContain(`Port ${preferredPort} of the embedded database is taken by another program; it now uses port ${second.port}`);

      // The next start keeps the port it moved to.
      const third = await startEmbeddedPostgres({ dataDir: dir, preferredPort, database: 'app', log: () => undefined });
      await third.stop();
      expect(third.port).toBe(second.port);
    } finally {
      squatter.close();
    }
  });

  it('with a given port (EMBEDDED_PG_PORT) another program holds, says so and starts nothing', async () => {
    const dir = join(dataDir, 'given');
    const port = await freePort();
    const squatter = await hold(port);
    try {
      await expect(startEmbeddedPostgres({ dataDir: dir, port, database: 'app', log: () => undefined })).rejects.toThrow(
        `EMBEDDED_PG_PORT ${port} is already in use by another program: choose another port, or unset EMBEDDED_PG_PORT and Scriven picks a free one.`,
      );
      expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      squatter.close();
    }
  });

  it("beside a running app (the CLI), uses that app's server on the port it runs on, and leaves it running", async () => {
    const dir = join(dataDir, 'beside');
    const app = await startEmbeddedPostgres({ dataDir: dir, preferredPort: null, database: 'app', log: () => undefined });
    // A live process standing in for the app that claimed the data directory; the remembered port is out of date.
    const stand = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, 'scriven.pid'), String(stand.pid));
      writeFileSync(rememberedPortFile(dir), '1\n');
      const cli = await startEmbeddedPostgres({ dataDir: dir, database: 'app', log: () => undefined, reuseRunning: true });
      expect(cli.port).toBe(app.port);
      expect(await answers(cli.url)).toBe(true);
      await cli.stop();
      expect(await answers(app.url)).toBe(true);
    } finally {
      stand.kill();
      await app.stop();
    }
  });
});

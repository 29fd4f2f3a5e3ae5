import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/common/database/embedded-postgres.js';

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
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
});

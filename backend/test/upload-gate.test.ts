import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { jest } from '@jest/globals';
import { SessionGate } from '../src/modules/upload/application/chunked-upload.use-cases.js';
import { DomainError } from '../src/common/errors/domain-error.js';

/**
 * The upload session gate across server processes (two gates stand for two workers, each with its own connection):
 * at most 16 chunks of a session are written at once over all processes, completing waits for every process's writers
 * and refuses new ones meanwhile, a slow chunk holds a lock but no database connection of its own, a process whose
 * connection is gone (a killed worker) leaves the session unlocked, and a live process that loses its connection
 * stops the chunks it was writing under those locks (answered busy: their clients send them again).
 */
const tag = `gate_test_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
const gates: SessionGate[] = [];

/** A gate (one process) whose connection is named `name`, for counting it in pg_stat_activity. */
function gate(name: string): SessionGate {
  const url = new URL(process.env.TEST_DATABASE_SERVER_URL!);
  url.searchParams.set('application_name', `${tag}_${name}`);
  const g = new SessionGate(url.toString());
  gates.push(g);
  return g;
}

const connectionsOf = async (name: string) => Number((await admin.query(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [`${tag}_${name}`])).rows[0].n);

/** A chunk write that lasts until `finish()` (a slow uploader), or until its locks are lost (then it stops). */
function slowWrite(g: SessionGate, id: string, log: string[] = []) {
  let finish!: () => void;
  const held = new Promise<void>((r) => (finish = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  let signal: AbortSignal | undefined;
  const done = g.write(id, async (stop) => {
    signal = stop;
    entered();
    await new Promise<void>((resolve, reject) => {
      void held.then(resolve);
      stop.addEventListener('abort', () => reject(stop.reason), { once: true });
    });
    log.push('written');
  });
  done.catch(() => undefined);
  return { finish, inside, done, stopped: () => signal?.aborted === true };
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
});
afterAll(async () => {
  await Promise.all(gates.map((g) => g.onApplicationShutdown()));
  await admin.end();
});

it('lets 16 chunks of a session be written at once over two processes, each on one connection, and refuses the 17th as busy', async () => {
  const a = gate('a1');
  const b = gate('b1');
  const id = randomUUID();
  const writes = [...Array.from({ length: 10 }, () => slowWrite(a, id)), ...Array.from({ length: 6 }, () => slowWrite(b, id))];
  await Promise.all(writes.map((w) => w.inside));
  // Sixteen slow chunks in flight: one connection per process, not one per chunk.
  expect(await connectionsOf('a1')).toBe(1);
  expect(await connectionsOf('b1')).toBe(1);
  expect(await code(b.write(id, async () => undefined))).toBe('UPLOAD.BUSY');
  expect(await code(a.write(id, async () => undefined))).toBe('UPLOAD.BUSY');
  // Another session is not affected.
  expect(await code(a.write(randomUUID(), async () => undefined))).toBe('ok');
  // Once one chunk is done, a place is free again (in either process).
  writes[12].finish();
  await writes[12].done;
  expect(await code(a.write(id, async () => undefined))).toBe('ok');
  for (const w of writes) w.finish();
  await Promise.all(writes.map((w) => w.done));
});

it("completes only after every process's chunks are written, and refuses new chunks meanwhile", async () => {
  const a = gate('a2');
  const b = gate('b2');
  const id = randomUUID();
  const log: string[] = [];
  const writes = Array.from({ length: 3 }, () => slowWrite(a, id, log));
  await Promise.all(writes.map((w) => w.inside));
  let completing!: () => void;
  const inside = new Promise<void>((r) => (completing = r));
  let finishCompletion!: () => void;
  const completion = b.exclusive(id, async () => {
    log.push('completed');
    completing();
    await new Promise<void>((r) => (finishCompletion = r));
  });
  // The completion waits for process a's chunks: they finish first, whenever that is.
  for (const w of writes) w.finish();
  await Promise.all(writes.map((w) => w.done));
  await inside;
  expect(log).toEqual(['written', 'written', 'written', 'completed']);
  // While it completes, a chunk in either process is refused.
  expect(await code(a.write(id, async () => undefined))).toBe('UPLOAD.FINISHING');
  expect(await code(b.write(id, async () => undefined))).toBe('UPLOAD.FINISHING');
  finishCompletion();
  await completion;
});

it('a process whose connection is gone leaves the session unlocked; its chunks being written stop at once, answered busy', async () => {
  const a = gate('a3');
  const b = gate('b3');
  const id = randomUUID();
  const stuck = Array.from({ length: 16 }, () => slowWrite(a, id));
  await Promise.all(stuck.map((w) => w.inside));
  expect(await code(b.write(id, async () => undefined))).toBe('UPLOAD.BUSY');
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`${tag}_a3`]);
  // Process a (alive: only its connection went) stops every chunk it was writing without waiting for them to finish:
  // none goes on writing without its locks while another process may complete the upload. Each is answered busy.
  expect(await Promise.all(stuck.map((w) => code(w.done)))).toEqual(Array(16).fill('UPLOAD.BUSY'));
  expect(stuck.every((w) => w.stopped())).toBe(true);
  // Process b may write and complete as soon as the backend has gone: the dead connection's locks went with it.
  let result = '';
  for (const end = Date.now() + 20_000; Date.now() < end && result !== 'ok'; ) {
    result = await code(b.write(id, async () => undefined));
    if (result !== 'ok') await new Promise((r) => setTimeout(r, 100));
  }
  expect(result).toBe('ok');
  const started = Date.now();
  await b.exclusive(id, async () => undefined);
  expect(Date.now() - started).toBeLessThan(30_000);
  // Process a connects again for its next chunk.
  expect(await code(a.write(id, async () => undefined))).toBe('ok');
});

const advisoryLocksOf = async (name: string) =>
  Number(
    (await admin.query(`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name = $1`, [`${tag}_${name}`])).rows[0].n,
  );

it('a lock statement answered too late is answered busy, keeps the connection, and gives back the locks it took', async () => {
  const a = gate('a4');
  const b = gate('b4');
  const id = randomUUID();
  expect(await code(a.write(id, async () => undefined))).toBe('ok');
  // A slow database: the next writer's lock statement runs (and takes its locks) at once, but its answer arrives
  // after the writer stopped waiting for it.
  a.statementMs = 20;
  const query = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof args[0] !== 'string' || !args[0].includes('pg_try_advisory_lock_shared')) return result;
    return (result as Promise<unknown>).then((r) => new Promise((resolve) => setTimeout(() => resolve(r), 200)));
  } as never);
  const ran: string[] = [];
  try {
    expect(await code(a.write(id, async () => void ran.push('written')))).toBe('UPLOAD.BUSY');
  } finally {
    spy.mockRestore();
    a.statementMs = SessionGate.STATEMENT_MS;
  }
  expect(ran).toEqual([]);
  // The late answer gives the locks back, on the same connection (not dropped for one slow statement).
  for (const end = Date.now() + 20_000; Date.now() < end && (await advisoryLocksOf('a4')) > 0; ) await new Promise((r) => setTimeout(r, 50));
  expect(await advisoryLocksOf('a4')).toBe(0);
  expect(await connectionsOf('a4')).toBe(1);
  // Nothing is left locked: another process completes at once, and a writes again.
  const started = Date.now();
  await b.exclusive(id, async () => undefined);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await code(a.write(id, async () => undefined))).toBe('ok');
});

it('a completion whose lock connection was dropped connects again and completes (no error)', async () => {
  const b = gate('b5');
  const id = randomUUID();
  expect(await code(b.write(id, async () => undefined))).toBe('ok');
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`${tag}_b5`]);
  const ran: string[] = [];
  await b.exclusive(id, async () => void ran.push('completed'));
  expect(ran).toEqual(['completed']);
});

it('a connection still being made when the process shuts down is closed, not left open', async () => {
  const g = gate('c6');
  const writing = g.write(randomUUID(), async () => undefined);
  // Its connection is being made (connecting takes several round trips to the server) when the process shuts down.
  await new Promise((r) => setImmediate(r));
  await g.onApplicationShutdown();
  expect(await code(writing)).toBe('UPLOAD.BUSY');
  for (const end = Date.now() + 10_000; Date.now() < end && (await connectionsOf('c6')) > 0; ) await new Promise((r) => setTimeout(r, 50));
  expect(await connectionsOf('c6')).toBe(0);
});

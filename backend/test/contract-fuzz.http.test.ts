import { writeFileSync } from 'node:fs';
import { loadOperations, type Operation } from './openapi-operations.js';
import { FuzzServer, pool, type RawResult } from './fuzz-server.js';
import { authCases, CONSOLE_OPERATIONS, fixedCases, judge, mainIdentity, materialize, preview, randomCases, WEBHOOK_SECRET, type FuzzCase } from './fuzz-requests.js';

/**
 * The contract fuzzer: every operation of openapi/openapi.json gets well over 100 malformed requests (fixed
 * structural attacks, and random ones from fast-check with a fixed seed), as the identity that reaches its body (a
 * user; the admin console for every console route, whatever its path; an is_admin user for the platform's), as a
 * visitor and with bogus tokens. It passes only when no answer is a 5xx, every 4xx carries the error body of docs/api.md
 * ({ statusCode, code, detail, message }) and every answer a request id, and the server is alive and healthy at the end.
 *
 * The server runs in child processes (fuzz-server.ts; SHARDS of them, each with its own database, the operations shared
 * out between them): a request that kills one fails its operation with that request named (found by sending the
 * requests in flight again one by one), that kind of request is not sent again (each one not sent is a failure too),
 * and the process is started again, at most MAX_STARTS times each.
 *
 * Every request is sent once, from beforeAll, through one pool of CONCURRENCY connections; each operation's test then
 * reports what its requests met. Repeat a run exactly: FUZZ_SEED=<seed> FUZZ_ONLY=<operationId,…> npm test --
 * contract-fuzz. FUZZ_REPORT=<file> writes every failure, the statuses per operation and the time per kind as JSON.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
const ONLY = process.env.FUZZ_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const RANDOM_MAIN = 40;
const RANDOM_VISITOR = 10;
const RANDOM_USER_ON_ADMIN_ROUTES = 8;
const CONCURRENCY = 8;
/**
 * Server processes, the operations shared out between them. One by default: on a busy 2-core machine a second process
 * costs more (its start, and its own database) than it saves; FUZZ_SHARDS=2 may pay off on an idle one.
 */
const SHARDS = Math.max(1, Number(process.env.FUZZ_SHARDS ?? 1));
const MAX_STARTS = 6;
const MIN_REQUESTS_PER_OPERATION = 100;

const APP_ENV: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  MEDIA_RATE_LIMIT_PER_MINUTE: '1000000',
  ENGAGEMENT_LIMIT_PER_MINUTE: '1000000',
  SEARCH_LIMIT_PER_MINUTE: '1000000',
  FOLLOW_LIMIT_PER_MINUTE: '1000000',
  LOGIN_MAX_FAILURES: '1000',
  MAX_UPLOAD_SESSIONS_PER_USER: '100',
  UPLOAD_CHUNK_BYTES: String(256 * 1024),
};
/** The payment webhook is a 404 on a sandbox server; a second app (same process) with Stripe configured checks signatures. */
const STRIPE_ENV: Record<string, string> = {
  ...APP_ENV,
  STRIPE_SECRET_KEY: 'sk_test_fuzz',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Nothing listens there: the fuzzer never reaches the real Stripe.
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  PUBLIC_URL: 'http://127.0.0.1:9',
};

const ALL_OPS = loadOperations();
const OPS = ONLY ? ALL_OPS.filter((o) => ONLY.includes(o.operationId)) : ALL_OPS;

interface Failure {
  operationId: string;
  server: string;
  index: number;
  who: string;
  family: string;
  label: string;
  request: string;
  status?: number;
  body?: string;
  problems: string[];
}

interface Item {
  op: Operation;
  server: FuzzServer;
  serverName: 'sandbox' | 'stripe';
  c: FuzzCase;
  index: number;
}

const failures = new Map<string, Failure[]>();
const sentPerOperation = new Map<string, number>();
const statuses: Record<string, Record<string, number>> = {};
const timings: Record<string, { n: number; ms: number; max: number }> = {};
/** The slowest answers, for the report. */
const slowest: { operationId: string; family: string; label: string; status: number; ms: number }[] = [];
/** Kinds of request that killed the server, and why they are no longer sent. */
const quarantined = new Map<string, string>();
let servers: FuzzServer[] = [];
const elapsed = { start: 0, fuzz: 0 };

function seedOf(op: Operation): number {
  let h = 0x811c9dc5;
  for (const ch of op.operationId) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (SEED ^ h) >>> 0;
}

function casesOf(op: Operation, server: FuzzServer): FuzzCase[] {
  const main = mainIdentity(op);
  const seed = seedOf(op);
  const cases = [...fixedCases(op, main), ...randomCases(op, main, RANDOM_MAIN, seed), ...randomCases(op, 'visitor', RANDOM_VISITOR, seed + 1), ...authCases(op, server.world)];
  if (main === 'admin' || main === 'adminUser' || main === 'founder') cases.push(...randomCases(op, 'user', RANDOM_USER_ON_ADMIN_ROUTES, seed + 2));
  return cases;
}

function requestOf(item: Item) {
  return { ...materialize(item.op, item.c, item.server.world), app: item.serverName };
}

function describeRequest(item: Item): string {
  const r = requestOf(item);
  const type = r.headers['Content-Type'];
  const extra = Object.entries(r.headers).filter(([k]) => !['Content-Type', 'Authorization'].includes(k));
  return `${r.method} ${preview(r.path, 140)}${type !== undefined ? ` [Content-Type: ${type}]` : ''}${extra.map(([k, v]) => ` [${k}: ${preview(v, 60)}]`).join('')}${r.body ? ` body ${preview(r.body, 120)}` : ''}`;
}

function fail(item: Item, problems: string[], res?: RawResult): void {
  const list = failures.get(item.op.operationId) ?? [];
  failures.set(item.op.operationId, list);
  list.push({
    operationId: item.op.operationId,
    server: item.serverName,
    index: item.index,
    who: item.c.who,
    family: item.c.family,
    label: item.c.label,
    request: describeRequest(item),
    status: res?.kind === 'response' ? res.status : undefined,
    body: res?.kind === 'response' ? preview(res.body, 300) : undefined,
    problems,
  });
}

function check(item: Item, res: RawResult): void {
  if (res.kind === 'error') return fail(item, [res.error]);
  if (res.kind !== 'response') return;
  const seen = (statuses[`${item.op.operationId} (${item.serverName})`] ??= {});
  seen[res.status] = (seen[res.status] ?? 0) + 1;
  const tm = (timings[item.c.family] ??= { n: 0, ms: 0, max: 0 });
  tm.n += 1;
  tm.ms += res.ms;
  tm.max = Math.max(tm.max, res.ms);
  if (slowest.length < 20 || res.ms > slowest[slowest.length - 1].ms) {
    slowest.push({ operationId: item.op.operationId, family: item.c.family, label: item.c.label, status: res.status, ms: res.ms });
    slowest.sort((a, b) => b.ms - a.ms).splice(20);
  }
  // 507 is the documented answer of the upload routes when the disk cannot hold what is announced.
  const problems = judge(item.op, res, item.op.responses.filter((s) => s === 507));
  if (problems.length) fail(item, problems, res);
}

async function restart(server: FuzzServer): Promise<boolean> {
  if (server.starts >= MAX_STARTS) return false;
  await server.start();
  return true;
}

/** Sends every item (at most CONCURRENCY at once) and records what is wrong; survives the server process dying. */
async function fuzz(items: Item[]): Promise<void> {
  let pending = items;
  while (pending.length) {
    const suspects: Item[] = [];
    const notSent: Item[] = [];
    await pool(pending, CONCURRENCY, async (item) => {
      const why = quarantined.get(item.c.family);
      if (why) return fail(item, [`not sent: ${why}`]);
      const res = await item.server.send(requestOf(item));
      if (res.kind === 'not-sent') notSent.push(item);
      else if (res.kind === 'died') suspects.push(item);
      else check(item, res);
    });
    if (!suspects.length && !notSent.length) break;
    // A server process died with `suspects` in flight: start it again and send each alone to find the one.
    for (const server of new Set([...suspects, ...notSent].map((i) => i.server))) {
      const crash = server.stderrTail(1500);
      const mine = suspects.filter((s) => s.server === server);
      if (!(await restart(server))) {
        for (const s of [...mine, ...notSent.filter((n) => n.server === server)]) fail(s, [`not sent: the server process died ${server.starts} times`]);
        continue;
      }
      let confirmed = false;
      for (const s of mine) {
        if (quarantined.has(s.c.family)) {
          notSent.push(s);
          continue;
        }
        const res = await server.send(requestOf(s));
        if (res.kind === 'died') {
          confirmed = true;
          fail(s, [`the server process died (and dies again when this request is sent alone):\n${server.stderrTail(1500)}`]);
          quarantined.set(s.c.family, `a request of the same kind (${s.c.family}: ${s.c.label}) to ${s.op.operationId} killed the server process`);
          if (!(await restart(server))) break;
        } else check(s, res);
      }
      if (!confirmed && mine.length) fail(mine[0], [`the server process died with ${mine.length} requests in flight, none of which kills it alone:\n${crash}`]);
    }
    pending = notSent.filter((n) => n.server.alive);
    for (const n of notSent.filter((x) => !x.server.alive)) fail(n, ['not sent: the server process is gone']);
  }
}

/** Round-robin over the operations, so slow kinds (sign-ins, 1 MB bodies) are spread over the run. */
function interleave(lists: Item[][]): Item[] {
  const out: Item[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
  return out;
}

async function health(server: FuzzServer, app: 'sandbox' | 'stripe'): Promise<string[]> {
  const res = await server.send({ app, method: 'GET', path: '/api/health', headers: {} });
  if (res.kind !== 'response') return [`GET /api/health (${app}): ${res.kind === 'error' ? res.error : 'the server process is gone'}`];
  let body: { database?: string } = {};
  try {
    body = JSON.parse(res.body.toString('utf8')) as { database?: string };
  } catch {
    // reported below
  }
  return res.status === 200 && body.database === 'up' ? [] : [`GET /api/health (${app}) answered ${res.status} ${preview(res.body, 200)}`];
}

function report(op: Operation, found: Failure[], sent: number): string {
  const groups = new Map<string, Failure[]>();
  for (const f of found) {
    const key = `${f.problems.map((p) => p.split('\n')[0]).join('; ')} [${f.family}]`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines = [`${op.operationId} (${op.method} ${op.path}): ${found.length} of ${sent} malformed requests failed. Repeat: FUZZ_SEED=${SEED} FUZZ_ONLY=${op.operationId} npm test -- contract-fuzz`];
  for (const [key, list] of groups) {
    lines.push(`  ${key}: ${list.length}`);
    for (const f of list.slice(0, 3)) {
      lines.push(`    case #${f.index} as ${f.who} (${f.server}): ${f.label}`, `      ${f.request}`, `      → ${f.status ?? '-'} ${f.body ?? ''}`);
      for (const p of f.problems.filter((x) => x.includes('\n'))) lines.push(`      ${p.replace(/\n/g, '\n      ')}`);
    }
  }
  return lines.join('\n');
}

beforeAll(async () => {
  const t0 = Date.now();
  // The first process also runs the Stripe-configured app, for the payment webhook.
  servers = Array.from({ length: SHARDS }, (_, i) => new FuzzServer(APP_ENV, i === 0 ? STRIPE_ENV : undefined));
  await Promise.all(servers.map((s) => s.start()));
  elapsed.start = Date.now() - t0;
  const lists = OPS.map((op, i) => {
    const webhook = op.operationId === 'receivePaymentWebhook';
    const server = servers[webhook ? 0 : i % SHARDS];
    const itemsOf = (serverName: Item['serverName']): Item[] => casesOf(op, server).map((c, index) => ({ op, server, serverName, c, index }));
    const items = [...itemsOf('sandbox'), ...(webhook ? itemsOf('stripe') : [])];
    sentPerOperation.set(op.operationId, items.length);
    return items;
  });
  await fuzz(interleave(lists));
  elapsed.fuzz = Date.now() - t0 - elapsed.start;
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (process.env.FUZZ_DEBUG) process.stdout.write(`fuzzer: cpu ${JSON.stringify(process.cpuUsage())}, ${JSON.stringify(elapsed)}\n`);
  if (process.env.FUZZ_REPORT) {
    const all = [...failures.values()].flat();
    writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ seed: SEED, elapsed, sent: Object.fromEntries(sentPerOperation), failures: all, statuses, timings, slowest, quarantined: Object.fromEntries(quarantined) }, null, 2));
  }
}, 60_000);

it('reads every operation of the contract', () => {
  expect(ALL_OPS.length).toBeGreaterThanOrEqual(83);
  expect(new Set(ALL_OPS.map((o) => o.operationId)).size).toBe(ALL_OPS.length);
});

it('sends every admin-console route (each route of the server behind AdminAuthGuard) as the console, and no other route', () => {
  const route = (o: Operation) => `${o.method} ${o.path}`;
  expect(ALL_OPS.filter((o) => CONSOLE_OPERATIONS.has(o.operationId)).map(route).sort()).toEqual(servers[0].world.consoleRoutes);
  expect(ALL_OPS.filter((o) => mainIdentity(o) === 'admin').map(route).sort()).toEqual(servers[0].world.consoleRoutes);
});

it.each(OPS.map((op) => [op.operationId, op] as const))('%s answers malformed requests with 4xx and the error body, never a 5xx', (_, op) => {
  const sent = sentPerOperation.get(op.operationId) ?? 0;
  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS_PER_OPERATION);
  const found = failures.get(op.operationId) ?? [];
  if (found.length) throw new Error(report(op, found, sent));
});

it('leaves every server process alive and healthy, never having restarted one', async () => {
  expect([...(await health(servers[0], 'stripe')), ...(await Promise.all(servers.map((s) => health(s, 'sandbox')))).flat()]).toEqual([]);
  expect({ starts: servers.map((s) => s.starts), quarantined: Object.fromEntries(quarantined) }).toEqual({ starts: servers.map(() => 1), quarantined: {} });
});

import { createTestApp, type TestApp } from './harness.js';
import { binary } from './media-fixtures.js';
import { loadOperations, fillPath, type Operation } from './openapi-operations.js';
import { buildWorld, type AuthzWorld, type Who } from './authz-matrix.fixtures.js';
import { AUTHZ_MATRIX, CALLERS, type AuthzCase, type AuthzRequest } from './authz-matrix.table.js';

/**
 * The authorization matrix: every operation of openapi/openapi.json, sent by a visitor, the owner of the things it
 * names, another user, the admin console, an is_admin user and a founder, must answer the status its row of
 * authz-matrix.table.ts gives. Every operation must have a row, and every row an operation.
 *
 * Rows run in the table's order on one app and one set of fixtures (made in beforeAll); a row may rely on an earlier
 * one, so run the whole file rather than one row (-t). AUTHZ_PRINT=1 prints what every caller got, row by row.
 */

const OPS = loadOperations();
const BY_ID = new Map(OPS.map((o) => [o.operationId, o]));

let t: TestApp;
let w: AuthzWorld;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', MAX_UPLOAD_SESSIONS_PER_USER: '10' });
  w = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  w?.cleanup();
  await t?.close();
});

function send(op: Operation, req: AuthzRequest, auth: [string, string] | null) {
  const params = Object.fromEntries(Object.entries(req.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let r = t.http()[method](fillPath(op.path, params) + query);
  if (auth) r = r.set(...auth);
  if (req.multipart) {
    for (const [k, v] of Object.entries(req.multipart.fields ?? {})) r = r.field(k, v);
    const f = req.multipart.file;
    if (f) r = r.attach(f.field, f.bytes, { filename: f.filename, contentType: f.contentType });
  } else if (req.octets) r = r.set('Content-Type', 'application/octet-stream').send(req.octets);
  else if (req.json !== undefined) r = r.send(req.json as object);
  // Media answers (bytes, playlists) are read as bytes; only JSON bodies are shown in a report.
  return r.buffer(true).parse(binary as never);
}

function detailOf(body: unknown): string {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
  try {
    const parsed = JSON.parse(text) as { code?: string; detail?: string };
    return parsed.detail ? `${parsed.code}: ${parsed.detail}` : text.slice(0, 120);
  } catch {
    return `(${text.length} bytes)`;
  }
}

it('has a row for every operation of openapi.json, and no row for an operation that does not exist', () => {
  const rows = Object.keys(AUTHZ_MATRIX);
  expect({ withoutRow: OPS.map((o) => o.operationId).filter((id) => !rows.includes(id)), withoutOperation: rows.filter((id) => !BY_ID.has(id)) }).toEqual({ withoutRow: [], withoutOperation: [] });
});

describe.each(Object.entries(AUTHZ_MATRIX))('%s', (operationId, row) => {
  const cases: AuthzCase[] = Array.isArray(row) ? row : [row];
  it.each(cases.map((c) => [c.what ?? 'as each caller', c] as const))('%s', async (_, c) => {
    const op = BY_ID.get(operationId);
    if (!op) throw new Error(`${operationId} is in authz-matrix.table.ts but not in openapi/openapi.json: remove its row`);
    const actual = {} as Record<Who, number>;
    const details: string[] = [];
    for (const who of CALLERS) {
      const auth = who === 'owner' && c.ownerIs ? w[c.ownerIs].auth : w.auth(who);
      const res = await send(op, c.request(w, who), auth);
      actual[who] = res.status;
      if (res.status !== c.expect[who]) details.push(`  ${who}: expected ${c.expect[who]}, got ${res.status} ${detailOf(res.body)}`);
    }
    if (c.endsSessions) await w.renew();
    if (process.env.AUTHZ_PRINT) process.stdout.write(`${operationId.padEnd(28)} ${(c.what ?? '').slice(0, 40).padEnd(40)} ${JSON.stringify(actual)}\n`);
    if (details.length) throw new Error(`${op.method} ${op.path} (${c.what ?? operationId}) answered ${JSON.stringify(actual)}\n${details.join('\n')}`);
  });
});

import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ADMIN_ACCESS_REQUIRED } from '../src/common/auth/guards.js';
import { fillPath, OPENAPI_FILE, type JsonSchema, type Operation } from './openapi-operations.js';
import type { FuzzWorld, RawRequest, RawResult, Who } from './fuzz-server.js';

/**
 * Malformed requests for the contract fuzzer, generated from an operation of openapi.json: random ones from fast-check
 * (a fixed seed per operation, so a run can be repeated exactly) and a fixed set of structural attacks (1 MB strings,
 * 10,000-level nesting, wrong and broken content types, path parameters that are not ids). Cases name the things
 * they point at symbolically (`{ fixture }`), so they are the same whichever server process answers them.
 */

export type PathValue = { fixture: string } | { raw: string };

export interface FuzzCase {
  /** The kind of attack; a kind that kills the server is not sent again (and fails the fuzzer). */
  family: string;
  /** What exactly, for the failure report. */
  label: string;
  who: Who;
  pathParams: Record<string, PathValue>;
  /** Raw query string, without '?'. */
  query: string;
  headers: Record<string, string>;
  /** A raw Authorization header instead of the token of `who`. */
  authorization?: string;
  /** The body, or a function making it (large bodies are made when sent, not kept). */
  body?: Buffer | (() => Buffer);
  /** Sign the body as the payment provider would (the Stripe-configured webhook server only). */
  signWebhook?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

const LONG = 'a'.repeat(10_000);
export const ONE_MB = 1_000_000;

/** Path parameter values that are not ids. */
export const BAD_PATH_VALUES: string[] = [
  '..',
  '../',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  'a%00b',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '-1',
  '0',
  '1e3',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '%20',
  '+',
  '%0D%0ASet-Cookie:%20x=1',
  pct('视频'),
  pct('😀'),
  pct('\u202e\ufeff'),
  pct("' OR 1=1 --"),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '9'.repeat(40),
  '0x1F',
  '%u0000',
  'a'.repeat(300),
  'a'.repeat(4096),
  'a'.repeat(12_000),
  '.',
  '~',
  ':id',
  '%7Bid%7D',
  '*',
  '__proto__',
  'constructor',
];

/** The path values every operation with parameters gets as fixed cases (the rest come at random). */
const FIXED_PATH_VALUES = ['../', '..%2F..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(12_000), pct('视频😀'), '-1', '1e3', '%ZZ', '00000000-0000-0000-0000-000000000000'];

const STRING_CONSTANTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f',
  '\u202e\u200b\ufeff',
  '\ud800',
  'a\udfffb',
  '😀👨‍👩‍👧‍👦',
  'ÅÄÖ ß',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; drop table users; --',
  '${7*7}{{7*7}}',
  '__proto__',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e3',
  '0x10',
  '2099-13-45',
  '9'.repeat(400),
  LONG,
  '𝕏'.repeat(3000),
  'a@b',
  'javascript:alert(1)',
  'http://evil.example/',
  '0.001',
  '-0.00',
  '1,000.00',
  '5e1',
];

const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRING_CONSTANTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001f', '\u007f', '\ud800', 'a'), maxLength: 50 }) },
);

const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-0, -1, 0, 1e308, -1e308, 2 ** 53 + 2, 1e-7, 0.1 + 0.2, 274877906945, 49.999, 50.001, 0.5, 1e21),
  fc.integer(),
  fc.double(),
);

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD), never throwing as encodeURIComponent does. */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** A JSON value of a kind a field does not expect. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: weirdString },
  { weight: 3, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(weirdString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 20, max: 400 }), fc.constantFrom('array' as const, 'object' as const)).map(([d, k]) => nested(d, k)) },
  { weight: 1, arbitrary: fc.constantFrom({ __proto__: null, toString: 1 }, { $gt: '' }, { $ne: null }, [null], [], {}) },
);

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'is_admin', 'isAdmin', 'user_id', 'userId', 'id', 'role', 'status', 'creator_program', 'is_premium', 'toString', 'hasOwnProperty', 'valueOf', 'then', 'length'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A body the operation would accept, as far as its schema says (the starting point of mutations). */
export function example(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 5) return 'fuzz';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.example !== undefined && schema.type !== 'object') return schema.example;
  if (schema.oneOf?.length) return example(schema.oneOf[0], depth + 1);
  switch (schema.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [example(schema.items, depth + 1)];
    case 'string':
      return schema.format === 'binary' ? undefined : 'fuzz';
    default: {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        const e = example(v, depth + 1);
        if (e !== undefined) out[k] = e;
      }
      return out;
    }
  }
}

/** The starting point of an operation's body mutations: its example, or an empty object when it lists no body. */
function baseBody(op: Operation): Record<string, unknown> {
  const e = op.body ? example(op.body.schema) : {};
  return e && typeof e === 'object' && !Array.isArray(e) ? (e as Record<string, unknown>) : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Encodings

export function multipartBody(
  boundary: string,
  parts: { name?: string; filename?: string; contentType?: string; value: string | Buffer; rawHeaders?: string }[],
  { close = true }: { close?: boolean } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\n`;
    if (p.rawHeaders !== undefined) head += p.rawHeaders;
    else {
      head += `Content-Disposition: form-data${p.name !== undefined ? `; name="${p.name}"` : ''}${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`;
      if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    }
    chunks.push(Buffer.from(head + '\r\n', 'latin1'), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** qs-style pairs (a[b][0]=c) of a value, for forms. */
function formPairs(v: unknown, prefix = ''): [string, string][] {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
    if (!entries.length) return [[prefix || 'x', '']];
    if (prefix.length > 2000) return [[prefix, asText(v).slice(0, 100)]];
    return entries.flatMap(([k, x]) => formPairs(x, prefix ? `${prefix}[${k}]` : k));
  }
  return [[prefix || 'value', asText(v)]];
}

function urlencoded(v: unknown): Buffer {
  return Buffer.from(formPairs(v).map(([k, x]) => `${pct(k)}=${pct(x)}`).join('&'));
}

interface BodyPlan {
  family: string;
  label: string;
  headers: Record<string, string>;
  body?: Buffer;
  signWebhook?: boolean;
}

function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return '{"unserialisable":true}';
  }
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/JSON', 'application/json; charset=latin1', 'application/vnd.api+json', 'text/json', 'application/json;;;', 'application/json, text/plain', 'application/json; charset=utf-16le'];
const OTHER_TYPES = ['text/plain', 'application/xml', 'text/xml', 'text/html', 'image/png', 'video/mp4', 'application/cbor', 'application/x-msgpack', '*/*', 'invalid', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream'];

function encodeValue(value: unknown, how: string, extra: Buffer): BodyPlan {
  switch (how) {
    case 'json': {
      const text = safeJson(value);
      return { family: 'json:mutated', label: `json ${preview(text ?? '(none)')}`, headers: { 'Content-Type': 'application/json' }, body: text === undefined ? undefined : Buffer.from(text) };
    }
    case 'json-odd-type': {
      const type = JSON_TYPES[extra[0] % JSON_TYPES.length];
      const text = safeJson(value) ?? '';
      return { family: 'json:odd-content-type', label: `${type} ${preview(text)}`, headers: { 'Content-Type': type }, body: Buffer.from(text) };
    }
    case 'json-broken': {
      const text = safeJson(value) ?? '{}';
      const cut = extra.length ? extra[0] % Math.max(1, text.length) : 1;
      const broken = [text.slice(0, cut), text + text, text.slice(0, cut) + '\u0000' + text.slice(cut), text.replace(/"/, "'"), `${text},`, `\ufeff${text}`][extra[1] % 6];
      return { family: 'json:invalid', label: `invalid json ${preview(broken)}`, headers: { 'Content-Type': 'application/json' }, body: Buffer.from(broken) };
    }
    case 'form':
      return { family: 'form:mutated', label: `urlencoded of ${preview(safeJson(value) ?? '')}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: urlencoded(value) };
    case 'multipart': {
      const boundary = `fuzz${extra.toString('hex').slice(0, 12)}`;
      const pairs = formPairs(value).slice(0, 30);
      const parts: Parameters<typeof multipartBody>[1] = pairs.map(([name, v]) => ({ name, value: v }));
      if (extra[2] % 2 === 0) parts.push({ name: ['file', 'video', 'chunk', 'x'][extra[3] % 4], filename: ['a.mp4', '../../x.mp4', 'a\u0000.mp4', '视频.png', ''][extra[4] % 5], contentType: 'video/mp4', value: extra });
      return { family: 'multipart:mutated', label: `multipart ${pairs.map(([k]) => k).join(',')}${parts.length > pairs.length ? ' + file' : ''}`, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: multipartBody(boundary, parts) };
    }
    case 'octet-stream':
      return { family: 'content-type:application/octet-stream', label: `octet-stream of ${extra.length} bytes`, headers: { 'Content-Type': 'application/octet-stream' }, body: extra };
    case 'other-type': {
      const type = OTHER_TYPES[extra[0] % OTHER_TYPES.length];
      return { family: `content-type:${type.split(';')[0].toLowerCase()}`, label: `${type} with ${extra.length} bytes`, headers: { 'Content-Type': type }, body: extra };
    }
    case 'no-type':
    default:
      return { family: 'content-type:none', label: `no content type, ${extra.length} bytes`, headers: {}, body: extra };
  }
}

export function preview(s: string | Buffer | undefined, max = 160): string {
  if (s === undefined) return '(none)';
  const text = Buffer.isBuffer(s) ? s.toString('latin1') : s;
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}…(${text.length} chars)` : shown;
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

/** Which of the fuzz user's things a path parameter names, to get past lookups to the body. */
export function fixturesFor(op: Operation, param: string): string[] {
  const p = op.path;
  if (param === 'rendition' || param === 'file' || param === 'token') return param === 'token' ? ['consentToken'] : [];
  if (p.startsWith('/api/accounts/')) return ['account', 'secondAccount'];
  if (p.includes('{channelId}')) return ['account'];
  if (p.includes('{tierId}')) return ['tier'];
  if (p.startsWith('/api/movies/')) return ['movie'];
  if (p.startsWith('/api/notifications/')) return ['notification'];
  if (p.includes('{sessionId}') && !p.startsWith('/api/videos/')) return ['checkoutSession'];
  if (p.startsWith('/api/reels/')) return ['reel'];
  if (p.startsWith('/api/revenue/')) return ['userId'];
  if (p.startsWith('/api/users/')) return ['otherUserId', 'userId'];
  if (p.startsWith('/api/videos/upload/')) return ['uploadSession'];
  if (p.startsWith('/api/videos/')) return ['video'];
  // The fuzz user's live stream and a message of its chat; the end route has a stream of its own (see mainIdentity).
  if (p.startsWith('/api/live/')) return param === 'commentId' ? ['liveComment'] : op.operationId === 'endLiveStream' ? ['liveStreamToEnd'] : ['liveStream'];
  // A built-in game (the fuzz user has a play of it).
  if (p.startsWith('/api/gaming/game/')) return ['game'];
  // The fuzz user's community post (the post's delete route has one of its own) and a comment of it to delete.
  if (p.startsWith('/api/gaming/community/post/')) {
    if (param === 'commentId') return ['communityCommentToDelete'];
    return op.operationId === 'deleteCommunityPost' ? ['communityPostToDelete'] : ['communityPost'];
  }
  // The fuzz user's open tournament; the match report route names the started one and its match.
  if (p.startsWith('/api/gaming/tournament/')) {
    if (param === 'matchId') return ['tournamentMatch'];
    return op.operationId === 'reportTournamentMatch' ? ['tournamentStarted'] : ['tournament'];
  }
  // The fuzz user's ready track, and their playlist holding it (the delete route has one of its own).
  if (p.startsWith('/api/music/playlists/')) {
    if (param === 'trackId') return ['musicTrack'];
    return op.operationId === 'deletePlaylist' ? ['musicPlaylistToDelete'] : ['musicPlaylist'];
  }
  if (p.startsWith('/api/music/')) return ['musicTrack'];
  // The editor: the fuzz user's video (still processing: its bodies and queries are read, then 409), and an export of it.
  if (p.startsWith('/api/editor/videos/')) return ['video'];
  if (p.startsWith('/api/editor/exports/')) return ['editorExport'];
  // The fuzz user's ready episode, and its show.
  if (p.startsWith('/api/podcasts/shows/')) return ['podcastShow'];
  if (p.startsWith('/api/podcasts/episode/')) return ['podcastEpisode'];
  if (p.startsWith('/api/comments/')) return op.method === 'DELETE' ? ['commentToDelete'] : ['comment'];
  if (p.startsWith('/api/admin/moderation/cases/')) return ['moderationCase'];
  if (p.startsWith('/api/moderation/strikes/') || p.startsWith('/api/admin/moderation/strikes/')) return ['strike'];
  // A flag name of the right pattern (the fuzzer's own flag, created by the first request that gets that far), and the
  // installed version (a release that is not newer: a 409, nothing is installed).
  if (p.startsWith('/api/system/features/')) return ['featureFlag'];
  if (p.startsWith('/api/updates/apply/')) return ['installedVersion'];
  return [];
}

/** Names a live stream's LL-HLS may have (a part, a segment, an init): they pass the name check and reach the stream's. */
const LIVE_HLS_FILES = ['p0.0.m4s', 's0.m4s', 'init-1.mp4'];

function pathValue(op: Operation, param: string): fc.Arbitrary<PathValue> {
  const fixtures = fixturesFor(op, param);
  const raw = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...BAD_PATH_VALUES) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => pct(s) || 'x') },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.uuid() },
  );
  const arbs: fc.WeightedArbitrary<PathValue>[] = [{ weight: 2, arbitrary: raw.map((r) => ({ raw: r })) }];
  if (fixtures.length) arbs.push({ weight: 3, arbitrary: fc.constantFrom(...fixtures).map((f) => ({ fixture: f })) });
  if (param === 'rendition') arbs.push({ weight: 2, arbitrary: fc.constantFrom('360p', '1080p', '0p', '-1p', '99999999999p').map((r) => ({ raw: r })) });
  if (param === 'file') arbs.push({ weight: 2, arbitrary: fc.constantFrom('index.m3u8', 'seg_000.ts', 'x.webp', '..%2Fmaster.m3u8', '.webp', ...(op.path.startsWith('/api/live/') ? LIVE_HLS_FILES : [])).map((r) => ({ raw: r })) });
  return fc.oneof(...arbs);
}

const QUERY_VALUES = ['', 'abc', '-1', '0', '1e3', '1.5', '99999999999999999999999', 'NaN', 'Infinity', 'true', 'null', '%00', '%ZZ', '%5B%5D', 'a'.repeat(2000), '__proto__', pct('视频😀'), Buffer.from('{"a":1}').toString('base64url'), Buffer.from('garbage').toString('base64url'), 'eyJpZCI6IjEiLCJ0IjoiMjAyNC0wMS0wMVQwMDowMDowMFoifQ', '%0D%0A', '+', '%2B1'];

function queryArb(op: Operation, minLength = 0): fc.Arbitrary<string> {
  const names = [...op.queryParams.map((q) => q.name), 'limit', 'cursor'];
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names.flatMap((n) => [`${n}[]`, `${n}[a]`, `${n}[__proto__]`]), '__proto__', 'constructor[prototype][x]', 'a[b][c][d][e][f][g]') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }).map((s) => pct(s) || 'k') },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(pct) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map((d) => pct(String(d))) },
  );
  return fc.array(fc.tuple(name, value), { minLength, maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

function bodyArb(op: Operation): fc.Arbitrary<BodyPlan> {
  const base = baseBody(op);
  const keys = base && typeof base === 'object' ? Object.keys(base) : [];
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), extraKey) : extraKey;
  const value: fc.Arbitrary<unknown> = fc.oneof(
    { weight: keys.length ? 2 : 0, arbitrary: fc.subarray(keys, { minLength: Math.min(1, keys.length) }).map((drop) => Object.fromEntries(Object.entries(base).filter(([k]) => !drop.includes(k)))) },
    { weight: 4, arbitrary: fc.tuple(key, weirdValue).map(([k, v]) => ({ ...base, [k]: v })) },
    { weight: 2, arbitrary: fc.dictionary(key, weirdValue, { maxKeys: 6 }).map((d) => ({ ...base, ...d })) },
    { weight: 1, arbitrary: fc.dictionary(extraKey, weirdValue, { maxKeys: 4 }).map((d) => ({ ...base, ...d })) },
    { weight: 1, arbitrary: weirdValue },
  );
  const multipartOp = op.body?.contentTypes.includes('multipart/form-data');
  const how = fc.oneof(
    { weight: multipartOp ? 1 : 6, arbitrary: fc.constant('json') },
    { weight: 1, arbitrary: fc.constant('json-odd-type') },
    { weight: 1, arbitrary: fc.constant('json-broken') },
    { weight: multipartOp ? 2 : 1, arbitrary: fc.constant('form') },
    { weight: multipartOp ? 6 : 1, arbitrary: fc.constant('multipart') },
    { weight: 1, arbitrary: fc.constant('octet-stream') },
    { weight: 1, arbitrary: fc.constant('other-type') },
    { weight: 1, arbitrary: fc.constant('no-type') },
  );
  const bytes = fc.uint8Array({ minLength: 8, maxLength: 600 }).map((a) => Buffer.from(a));
  return fc.tuple(value, how, bytes).map(([v, h, extra]) => encodeValue(v, h, extra));
}

/**
 * The admin console's operations (every route of `AdminConsole()`, wherever its path: /api/admin, /api/system,
 * /api/updates…), as the contract tells them: the operations whose 403 is the console's refusal of another audience's
 * token. contract-fuzz checks them against the server's routes behind AdminAuthGuard.
 */
export const CONSOLE_OPERATIONS: ReadonlySet<string> = (() => {
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { description?: string }> }>> };
  const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).filter((o) => o.operationId && o.responses?.['403']?.description?.includes(ADMIN_ACCESS_REQUIRED)).map((o) => o.operationId!));
  return new Set(ids);
})();

/**
 * Who reaches the operation's body: the admin console for the console's operations, the staff user for the platform's,
 * the founder for the founder's,
 * etc. The console's operations with effects beyond the fuzz database are made safe by the fuzz server: a backup is
 * always already running (a valid POST /api/system/backup is a 409, nothing is written), restarts need the supervisor
 * (a 409: the server process has none), and no release is newer than the installed version (an update is a 409).
 */
const FOUNDER_SIGN_IN = new Set(['founderLogin', 'founderPersonalLogin']);

export function mainIdentity(op: Operation): Who {
  if (CONSOLE_OPERATIONS.has(op.operationId)) return 'admin';
  if (op.path.startsWith('/api/platform/')) return 'adminUser';
  // The founder's routes (the two sign-in forms take no token: a user sends them, as anyone may).
  if (op.path.startsWith('/api/founder/') && !FOUNDER_SIGN_IN.has(op.operationId)) return 'founder';
  if (op.operationId === 'signOutEverywhere') return 'leaver';
  if (op.operationId === 'deleteMyAccount') return 'quitter';
  // The other user's stream: ending it leaves the fuzz user's stream open for every other live route.
  if (op.operationId === 'endLiveStream') return 'other';
  return 'user';
}

/** `count` random cases as `who`, from the operation's own seed. */
export function randomCases(op: Operation, who: Who, count: number, seed: number): FuzzCase[] {
  // Each case attacks at least one of body, query and path (a GET's body too); the others may be mutated as well.
  const targets = ['body', 'body', 'query', ...(op.pathParams.length ? ['path', 'path'] : [])] as const;
  const arb = fc.record({
    target: fc.constantFrom(...targets),
    pathParams: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue(op, p)]))) as fc.Arbitrary<Record<string, PathValue>>,
    badParam: fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...BAD_PATH_VALUES), fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(pct))),
    query: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryArb(op) }),
    badQuery: queryArb(op, 1),
    plan: bodyArb(op),
    sign: fc.boolean(),
  });
  return fc.sample(arb, { seed, numRuns: count }).map(({ target, pathParams, badParam, query, badQuery, plan, sign }) => {
    const params = { ...pathParams };
    if (target === 'path') params[op.pathParams[badParam[0] % op.pathParams.length]] = { raw: badParam[1] };
    const q = target === 'query' ? badQuery : query;
    // GETs and DELETEs carry a body only when it is the attack; everything else always has one.
    const body = target === 'body' || !['GET', 'DELETE'].includes(op.method) ? plan.body : undefined;
    return {
      family: target === 'body' ? plan.family : `${target}:mutated`,
      label: [body ? plan.label : 'no body', q ? `query ${preview(q, 100)}` : '', target === 'path' ? 'a path parameter that is not an id' : ''].filter(Boolean).join(', '),
      who,
      pathParams: params,
      query: q,
      headers: body ? plan.headers : {},
      body,
      signWebhook: op.operationId === 'receivePaymentWebhook' && sign,
    };
  });
}

/** Bogus credentials, sent as a visitor would send them: each must be a 401 (or the route's answer to a visitor). */
export function authCases(op: Operation, world: FuzzWorld): FuzzCase[] {
  const fixtures = Object.fromEntries(op.pathParams.map((p) => [p, fixturesFor(op, p).length ? { fixture: fixturesFor(op, p)[0] } : { raw: 'x' }]));
  const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const claims = Buffer.from(JSON.stringify({ sub: world.ids.userId, aud: 'user', iss: 'scriven', ver: 0, exp: 4102444800 })).toString('base64url');
  const values = [
    'Bearer',
    'Bearer ',
    'Bearer garbage',
    'Bearer a.b.c',
    `Bearer ${head}.${claims}.`,
    `Bearer ${world.tokens.user}x`,
    `bearer ${world.tokens.user.split('.').reverse().join('.')}`,
    'Basic dXNlcjpwYXNzd29yZA==',
    `Bearer ${'x'.repeat(8000)}`,
    `Bearer ${world.tokens.user} ${world.tokens.user}`,
  ];
  return values.map((authorization) => ({ family: 'auth:bogus-token', label: `Authorization: ${preview(authorization, 60)}`, who: 'visitor' as Who, pathParams: fixtures, query: '', headers: {}, authorization }));
}

/** The structural attacks every operation gets, as `who` (at most three bodies of about 1 MB each). */
export function fixedCases(op: Operation, who: Who): FuzzCase[] {
  const base = baseBody(op);
  const keys = Object.keys(base);
  const firstKey = keys[0] ?? 'a';
  const fixtures: Record<string, PathValue> = Object.fromEntries(op.pathParams.map((p) => [p, fixturesFor(op, p).length ? { fixture: fixturesFor(op, p)[0] } : { raw: p === 'rendition' ? '360p' : p === 'file' ? (op.path.startsWith('/api/live/') ? LIVE_HLS_FILES[0] : 'index.m3u8') : 'x' }]));
  const cases: FuzzCase[] = [];
  const add = (family: string, label: string, headers: Record<string, string>, body?: Buffer | string | (() => Buffer), extra: Partial<FuzzCase> = {}) =>
    cases.push({ family, label, who, pathParams: fixtures, query: '', headers, body: body === undefined || typeof body === 'function' || Buffer.isBuffer(body) ? body : Buffer.from(body), ...extra });
  const json = { 'Content-Type': 'application/json' };

  // About 1 MB (built when sent, not kept): a string of 1,000,000 characters in the first string field (the body stays
  // under the 1 MiB limit, so it reaches validation), and a body just over 1 MiB.
  const stringKey = keys.find((k) => typeof base[k] === 'string') ?? firstKey;
  add('json:1MB-string', `"${stringKey}" of 1,000,000 characters`, json, () => Buffer.from(JSON.stringify({ ...base, [stringKey]: 'a'.repeat(ONE_MB) })));
  add('json:over-1MiB', '1 MiB + 10 bytes of JSON', json, () => Buffer.from(JSON.stringify({ [firstKey]: 'b'.repeat(1024 * 1024 + 10) })));
  add('content-type:application/octet-stream', '64 KiB of NUL bytes as application/octet-stream', { 'Content-Type': 'application/octet-stream' }, Buffer.alloc(64 * 1024));

  // 10,000 levels of nesting, as the body and inside a field.
  const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
  add('json:deep-array', '10,000 levels of [[[…]]] as the body', json, deepArray);
  add('json:deep-object', '10,000 levels of {"a":{"a":…}} as the body', json, deepObject);
  add('json:deep-array', `10,000 levels of [[[…]]] in "${firstKey}"`, json, `{${JSON.stringify(firstKey)}:${deepArray}}`);
  add('json:deep-object', `10,000 levels of {"a":…} in "${firstKey}"`, json, `{${JSON.stringify(firstKey)}:${deepObject}}`);
  add('form:deep', '10,000 levels of a[a][a]… in a form', { 'Content-Type': 'application/x-www-form-urlencoded' }, `${firstKey}${'[a]'.repeat(10_000)}=1`);

  // Not JSON, or not the JSON expected.
  for (const text of ['{', '{"a":', "{'a':1}", '{"a":1,}', 'NaN', '{"a":1}garbage', `{"${firstKey}":1e400}`, `{"${firstKey}":123456789012345678901234567890}`, 'null', '[]', '"text"', '0', 'true']) {
    add(text.length < 6 || !text.startsWith('{"') ? 'json:invalid-or-not-object' : 'json:odd-number', `json ${preview(text)}`, json, text);
  }
  add('json:prototype', '{"__proto__":{"is_admin":true}, "constructor":{"prototype":{"x":1}}}', json, `{"__proto__":{"is_admin":true,"isAdmin":true},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(firstKey)}:"x"}`);
  add('json:control-characters', 'every string field with NUL and control characters', json, JSON.stringify(Object.fromEntries((keys.length ? keys : ['a']).map((k) => [k, 'a\u0000b\u0001\u001f\u007f\u202e\ud800']))));
  add('json:invalid-utf8', 'bytes that are not UTF-8 inside a JSON string', json, Buffer.concat([Buffer.from(`{${JSON.stringify(firstKey)}:"`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]));
  add('json:utf16', 'UTF-16LE JSON declared as such', { 'Content-Type': 'application/json; charset=utf-16le' }, Buffer.from(JSON.stringify(base), 'utf16le'));
  add('json:duplicate-keys', 'the same key twice with different types', json, `{${JSON.stringify(firstKey)}:"x",${JSON.stringify(firstKey)}:{"y":[1]}}`);

  // Wrong content types.
  add('content-type:application/octet-stream', '1 KB of bytes as application/octet-stream', { 'Content-Type': 'application/octet-stream' }, Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37) % 256)));
  add('content-type:text/plain', 'text/plain', { 'Content-Type': 'text/plain' }, JSON.stringify(base));
  add('content-type:application/xml', 'XML with an external entity', { 'Content-Type': 'application/xml' }, '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
  add('content-type:none', 'a body without a content type', {}, JSON.stringify(base));
  add('content-type:garbage', 'Content-Type: no/such; x=y', { 'Content-Type': 'no/such; x=y' }, 'hello');
  add('content-type:empty', 'an empty Content-Type', { 'Content-Type': '' }, 'hello');
  add('content-type:gzip-garbage', 'JSON declared gzip, not gzip', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, JSON.stringify(base));
  add('content-type:unknown-encoding', 'Content-Encoding: br, x-unknown', { 'Content-Type': 'application/json', 'Content-Encoding': 'br, x-unknown' }, JSON.stringify(base));

  // Broken multipart.
  const fields = (keys.length ? keys : ['a']).map((k) => ({ name: k, value: asText(base[k] ?? 'x') }));
  const file = { name: 'file', filename: 'a.mp4', contentType: 'video/mp4', value: Buffer.from('not a video at all') };
  add('multipart:no-boundary', 'multipart/form-data without a boundary', { 'Content-Type': 'multipart/form-data' }, multipartBody('b0', fields));
  add('multipart:empty-boundary', 'multipart/form-data; boundary=', { 'Content-Type': 'multipart/form-data; boundary=' }, multipartBody('', fields));
  add('multipart:boundary-mismatch', 'the body uses another boundary', { 'Content-Type': 'multipart/form-data; boundary=expected' }, multipartBody('other', [...fields, file]));
  add('multipart:truncated', 'cut in the middle of the file part', { 'Content-Type': 'multipart/form-data; boundary=cut' }, multipartBody('cut', [...fields, file], { close: false }).subarray(0, -9));
  add('multipart:garbage', 'random bytes as multipart', { 'Content-Type': 'multipart/form-data; boundary=g' }, Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 131 + 7) % 256)));
  add('multipart:no-disposition', 'a part without Content-Disposition', { 'Content-Type': 'multipart/form-data; boundary=nd' }, multipartBody('nd', [{ rawHeaders: 'Content-Type: text/plain\r\n', value: 'x' }, ...fields]));
  add('multipart:many-fields', '200 fields', { 'Content-Type': 'multipart/form-data; boundary=mf' }, multipartBody('mf', Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, value: 'x' }))));
  add('multipart:huge-field', `"${fields[0].name}" of 100,000 characters`, { 'Content-Type': 'multipart/form-data; boundary=hf' }, multipartBody('hf', [{ name: fields[0].name, value: 'h'.repeat(100_000) }, ...fields.slice(1), file]));
  add('multipart:many-files', 'five files', { 'Content-Type': 'multipart/form-data; boundary=fs' }, multipartBody('fs', [...fields, file, file, file, { ...file, name: 'video' }, { ...file, name: 'chunk' }]));
  add('multipart:hostile-filename', 'a file named ../../etc/passwd with NUL, file first', { 'Content-Type': 'multipart/form-data; boundary=fn' }, multipartBody('fn', [{ ...file, filename: '../../../etc/passwd\u0000.mp4' }, ...fields]));
  add('multipart:nested', 'multipart/mixed inside a part', { 'Content-Type': 'multipart/form-data; boundary=outer' }, multipartBody('outer', [{ name: 'file', contentType: 'multipart/mixed; boundary=inner', value: multipartBody('inner', [file]) }, ...fields]));

  // Path parameters that are not ids.
  for (const p of op.pathParams) {
    for (const raw of FIXED_PATH_VALUES) {
      cases.push({ family: 'path:not-an-id', label: `${p} = ${preview(raw, 40)}`, who, pathParams: { ...fixtures, [p]: { raw } }, query: '', headers: op.method === 'GET' ? {} : json, body: op.method === 'GET' ? undefined : Buffer.from(JSON.stringify(base)) });
    }
  }

  // Query parameters of the wrong type or shape.
  const q = op.queryParams.map((x) => x.name);
  const qs = q.length ? q : ['limit'];
  for (const query of [qs.map((n) => `${n}=abc&${n}[]=1&${n}[]=2`).join('&'), qs.map((n) => `${n}=-1`).join('&'), qs.map((n) => `${n}=1e3&${n}[a][b]=1`).join('&'), `${qs[0]}=${'9'.repeat(400)}%00`, `a${'[a]'.repeat(1000)}=1&${Array.from({ length: 300 }, (_, i) => `p${i}=1`).join('&')}`]) {
    cases.push({ family: 'query:wrong-type', label: `?${preview(query, 80)}`, who, pathParams: fixtures, query, headers: op.method === 'GET' ? {} : json, body: op.method === 'GET' ? undefined : Buffer.from(JSON.stringify(base)) });
  }

  if (op.operationId === 'receivePaymentWebhook') {
    const event = JSON.stringify({ id: 'evt_fuzz', type: 'checkout.session.completed', data: { object: { id: 'cs_fuzz', metadata: { x: '1' } } } });
    for (const sig of ['', 't=1,v1=abc', `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`, 't=,v1=', 'v1=' + 'f'.repeat(64), `t=${'9'.repeat(30)},v1=00`, 'garbage'.repeat(500)]) {
      add('webhook:bad-signature', `stripe-signature: ${preview(sig, 60)}`, { ...json, 'stripe-signature': sig }, event);
    }
    for (const body of [event, '{}', '[]', '{"type":"checkout.session.completed"}', '{"type":"checkout.session.completed","data":{"object":null}}', '{"type":"checkout.session.completed","data":{"object":{"id":{"$ne":1},"amount_total":"x","metadata":[]}}}', '{"type":"payment_intent.succeeded","data":"x"}', deepObject]) {
      add('webhook:signed-garbage', `validly signed ${preview(body, 80)}`, json, body, { signWebhook: true });
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and judging

export const WEBHOOK_SECRET = 'whsec_fuzz_contract_secret';

/** The request a case makes, with the current server's ids and tokens. */
export function materialize(op: Operation, c: FuzzCase, world: FuzzWorld): RawRequest {
  const values = Object.fromEntries(Object.entries(c.pathParams).map(([k, v]) => [k, 'fixture' in v ? (world.ids[v.fixture] ?? 'missing-fixture') : v.raw]));
  const path = fillPath(op.path, values) + (c.query ? `?${c.query}` : '');
  const headers: Record<string, string> = { ...c.headers };
  if (c.authorization !== undefined) headers.Authorization = c.authorization;
  else if (c.who !== 'visitor') headers.Authorization = `Bearer ${world.tokens[c.who]}`;
  const body = typeof c.body === 'function' ? c.body() : c.body;
  if (c.signWebhook && body) {
    const ts = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${ts}.${body.toString('utf8')}`).digest('hex');
    headers['stripe-signature'] = `t=${ts},v1=${v1}`;
  }
  return { method: op.method, path, headers, body };
}

const LEAKS = /node_modules|\/src\/|\.ts:\d|\bat [\w.<>]+ \(|QueryFailedError|DriverException|syntax error at|violates .* constraint|duplicate key|relation "|ECONNREFUSED|password_hash|TypeError|RangeError|ReferenceError|Cannot read propert|Maximum call stack/i;

/** What is wrong with a response: a 5xx, an error without the documented body, a missing request id, a leak. */
export function judge(op: Operation, res: Extract<RawResult, { kind: 'response' }>, allowed5xx: number[]): string[] {
  const problems: string[] = [];
  if (res.status >= 500 && !allowed5xx.includes(res.status)) problems.push(`${res.status} response`);
  if (!res.headers['x-request-id']) problems.push('no x-request-id header');
  if (res.status >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.includes('application/json')) problems.push(`error body is not JSON (content-type ${type || 'none'})`);
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      problems.push('error body does not parse as JSON');
    }
    if (body !== undefined) {
      const b = body as Record<string, unknown>;
      const shape = b && typeof b === 'object' && b.statusCode === res.status && typeof b.code === 'string' && b.code !== '' && typeof b.detail === 'string' && b.detail !== '' && b.message === b.detail;
      if (!shape) problems.push('error body is not { statusCode (= status), code, detail, message (= detail) }');
      const text = `${String(b?.detail)} ${String(b?.message)} ${JSON.stringify(b?.errors ?? '')}`;
      if (LEAKS.test(text)) problems.push('error body leaks internals');
    }
  }
  void op;
  return problems;
}

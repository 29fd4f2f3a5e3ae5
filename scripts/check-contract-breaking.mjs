#!/usr/bin/env node
// Fails when openapi/openapi.json breaks what clients of its previous committed version rely on, unless every such
// change is listed, with a reason, in openapi/approved-changes.json.
//
//   node scripts/check-contract-breaking.mjs              compare with the previous version (see below)
//   node scripts/check-contract-breaking.mjs --base REF   compare with the contract as committed in REF (e.g. origin/main)
//   node scripts/check-contract-breaking.mjs --list       print every breaking change as a JSON entry to approve
//
// The previous version: when the working copy differs from HEAD, HEAD's; otherwise the version before the last commit
// that changed the file (`git log -n 2 --format=%H -- openapi/openapi.json`), so that CI, on a clean clone, judges the
// commit that changed the contract. Plain Node, no dependency: the contract is OpenAPI 3.0 as @nestjs/swagger writes it.
//
// Breaking: a path or an operation removed; a parameter removed, made required, or added as required; a request body
// removed, made required, or added as required; a media type removed; a response status removed; in what clients send
// (parameters, request bodies), a property removed, a property made required or added as required, a type narrowed,
// null no longer accepted, an enum value removed or an enum added, and any limit tightened (maxLength, maxItems, maximum
// lowered or added; minLength, minItems, minimum raised or added; exclusive bounds, pattern, format or multipleOf added
// or changed; uniqueItems or additionalProperties: false added); in what clients receive (responses), a property
// removed or no longer required, a type changed or widened, null added, an enum value added or the enum dropped.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = 'openapi/openapi.json';
const APPROVALS = 'openapi/approved-changes.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

function git(...argv) {
  return execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The contract as committed in `ref`, or null when it did not exist there. */
function committed(ref) {
  try {
    return JSON.parse(git('show', `${ref}:${CONTRACT}`));
  } catch {
    return null;
  }
}

function previousVersion(current) {
  const explicit = option('--base');
  if (explicit) {
    const doc = committed(explicit);
    if (!doc) throw new Error(`${CONTRACT} is not in ${explicit}`);
    return { doc, label: explicit };
  }
  const head = committed('HEAD');
  if (!head) return null;
  if (JSON.stringify(head) !== JSON.stringify(current)) return { doc: head, label: 'HEAD' };
  const [, before] = git('log', '-n', '2', '--format=%H', '--', CONTRACT).trim().split('\n');
  if (!before) return null;
  const doc = committed(before);
  return doc ? { doc, label: before.slice(0, 12) } : null;
}

// ---------------------------------------------------------------------------------------------------------------------

/** The breaking changes from contract `before` to contract `after`, one line each, sorted. */
export function breakingChanges(before, after) {
  return new Differ(before, after).run();
}

class Differ {
  constructor(before, after) {
    this.before = before;
    this.after = after;
    this.changes = new Set();
    this.compared = new Set();
  }

  add(where, what) {
    this.changes.add(`${where}: ${what}`);
  }

  /** A schema with its $refs (and a single-entry allOf, how Nest writes a nullable reference) resolved; `name` is the last component. */
  resolve(doc, schema, name = null) {
    for (let depth = 0; schema && depth < 32; depth++) {
      if (schema.$ref) {
        name = schema.$ref.split('/').pop();
        schema = doc.components?.schemas?.[name];
      } else if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
        const { allOf, ...rest } = schema;
        const inner = this.resolve(doc, allOf[0], name);
        name = inner.name;
        schema = { ...inner.schema, ...rest, type: inner.schema?.type ?? rest.type };
      } else break;
    }
    return { schema: schema ?? {}, name };
  }

  resolveParameter(doc, p) {
    return p?.$ref ? doc.components?.parameters?.[p.$ref.split('/').pop()] : p;
  }

  resolveBody(doc, b) {
    return b?.$ref ? doc.components?.requestBodies?.[b.$ref.split('/').pop()] : b;
  }

  run() {
    const oldPaths = this.before.paths ?? {};
    const newPaths = this.after.paths ?? {};
    for (const [path, oldItem] of Object.entries(oldPaths)) {
      const newItem = newPaths[path];
      if (!newItem) {
        this.add(path, 'path removed');
        continue;
      }
      for (const method of METHODS) {
        if (!oldItem[method]) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!newItem[method]) this.add(where, 'operation removed');
        else this.operation(where, oldItem[method], newItem[method], oldItem.parameters, newItem.parameters);
      }
    }
    return [...this.changes].sort();
  }

  operation(where, oldOp, newOp, oldShared = [], newShared = []) {
    // Parameters, by where they go and their name (header names without case).
    const key = (p) => `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
    const params = (doc, list) => new Map(list.map((p) => this.resolveParameter(doc, p)).filter(Boolean).map((p) => [key(p), p]));
    const oldParams = params(this.before, [...(oldShared ?? []), ...(oldOp.parameters ?? [])]);
    const newParams = params(this.after, [...(newShared ?? []), ...(newOp.parameters ?? [])]);
    for (const [k, o] of oldParams) {
      const n = newParams.get(k);
      const at = `${where} ${o.in} parameter ${o.name}`;
      if (!n) this.add(at, 'parameter removed');
      else {
        if (!o.required && n.required) this.add(at, 'parameter became required');
        this.schema(at, o.schema, n.schema, 'request');
      }
    }
    for (const [k, n] of newParams) if (!oldParams.has(k) && n.required) this.add(`${where} ${n.in} parameter ${n.name}`, 'required parameter added');

    const oldBody = this.resolveBody(this.before, oldOp.requestBody);
    const newBody = this.resolveBody(this.after, newOp.requestBody);
    const bodyAt = `${where} request body`;
    if (!oldBody && newBody?.required) this.add(bodyAt, 'required request body added');
    if (oldBody && !newBody) this.add(bodyAt, 'request body removed');
    if (oldBody && newBody) {
      if (!oldBody.required && newBody.required) this.add(bodyAt, 'request body became required');
      for (const [type, media] of Object.entries(oldBody.content ?? {})) {
        const next = newBody.content?.[type];
        if (!next) this.add(bodyAt, `media type ${type} removed`);
        else this.schema(`${bodyAt} ${type}`, media.schema, next.schema, 'request');
      }
    }

    for (const [status, oldResponse] of Object.entries(oldOp.responses ?? {})) {
      const newResponse = newOp.responses?.[status];
      const at = `${where} response ${status}`;
      if (!newResponse) {
        this.add(at, 'response removed');
        continue;
      }
      for (const [type, media] of Object.entries(oldResponse.content ?? {})) {
        const next = newResponse.content?.[type];
        if (!next) this.add(at, `media type ${type} removed`);
        else this.schema(`${at} ${type}`, media.schema, next.schema, 'response');
      }
    }
  }

  /** Compares what a schema accepts (request) or promises (response). A named component is reported once, by its name. */
  schema(where, oldRaw, newRaw, direction) {
    if (!oldRaw || !newRaw) return;
    const o = this.resolve(this.before, oldRaw);
    const n = this.resolve(this.after, newRaw);
    if (n.name) {
      const pair = `${direction} ${o.name ?? `inline ${where}`} → ${n.name}`;
      if (this.compared.has(pair)) return;
      this.compared.add(pair);
      where = `${direction} schema ${n.name}`;
    }
    const a = o.schema;
    const b = n.schema;
    const request = direction === 'request';

    // Types ('null' for nullable); no type at all accepts (or may be) anything.
    const types = (s) => {
      const t = new Set(s.type ? [].concat(s.type) : s.properties ? ['object'] : s.items ? ['array'] : []);
      if (t.size && s.nullable) t.add('null');
      return t;
    };
    const within = (type, set) => set.size === 0 || set.has(type) || (type === 'integer' && set.has('number'));
    const ta = types(a);
    const tb = types(b);
    const list = (set) => (set.size ? [...set].join('|') : 'any');
    if (request) {
      const lost = ta.size === 0 ? (tb.size ? ['any'] : []) : [...ta].filter((t) => !within(t, tb));
      if (lost.length === 1 && lost[0] === 'null') this.add(where, 'null no longer accepted');
      else if (lost.length) this.add(where, `type narrowed (${list(ta)} → ${list(tb)})`);
    } else {
      const gained = tb.size === 0 ? (ta.size ? ['any'] : []) : [...tb].filter((t) => !within(t, ta));
      if (gained.length === 1 && gained[0] === 'null') this.add(where, 'became nullable');
      else if (gained.length) this.add(where, `type changed (${list(ta)} → ${list(tb)})`);
    }

    // Enums.
    const show = (v) => JSON.stringify(v);
    if (request) {
      if (!a.enum && b.enum) this.add(where, `enum added (${b.enum.map(show).join(', ')})`);
      else if (a.enum && b.enum) for (const v of a.enum) if (!b.enum.some((w) => show(w) === show(v))) this.add(where, `enum value removed (${show(v)})`);
    } else if (a.enum && !b.enum) this.add(where, 'enum removed');
    else if (a.enum && b.enum) for (const v of b.enum) if (!a.enum.some((w) => show(w) === show(v))) this.add(where, `enum value added (${show(v)})`);

    // Limits on what clients may send.
    if (request) {
      const was = (k) => (a[k] === undefined ? 'none' : show(a[k]));
      for (const k of ['maxLength', 'maxItems', 'maxProperties', 'maximum']) {
        if (b[k] !== undefined && (a[k] === undefined || b[k] < a[k])) this.add(where, `${k} tightened (${was(k)} → ${b[k]})`);
      }
      for (const k of ['minLength', 'minItems', 'minProperties']) {
        if ((b[k] ?? 0) > (a[k] ?? 0)) this.add(where, `${k} tightened (${was(k)} → ${b[k]})`);
      }
      if (b.minimum !== undefined && (a.minimum === undefined || b.minimum > a.minimum)) this.add(where, `minimum tightened (${was('minimum')} → ${b.minimum})`);
      for (const k of ['exclusiveMaximum', 'exclusiveMinimum', 'uniqueItems']) if (b[k] === true && a[k] !== true) this.add(where, `${k} added`);
      for (const k of ['pattern', 'format', 'multipleOf']) if (b[k] !== undefined && b[k] !== a[k]) this.add(where, `${k} ${a[k] === undefined ? 'added' : 'changed'} (${was(k)} → ${show(b[k])})`);
      if (b.additionalProperties === false && a.additionalProperties !== false) this.add(where, 'additionalProperties: false added');
    }

    // Object properties.
    const oldProps = a.properties ?? {};
    const newProps = b.properties ?? {};
    const oldRequired = new Set(a.required ?? []);
    const newRequired = new Set(b.required ?? []);
    for (const [name, schema] of Object.entries(oldProps)) {
      const at = `${where}.${name}`;
      if (!(name in newProps)) {
        this.add(at, 'property removed');
        continue;
      }
      if (request && !oldRequired.has(name) && newRequired.has(name)) this.add(at, 'property became required');
      if (!request && oldRequired.has(name) && !newRequired.has(name)) this.add(at, 'property no longer required');
      this.schema(at, schema, newProps[name], direction);
    }
    if (request) for (const name of Object.keys(newProps)) if (!(name in oldProps) && newRequired.has(name)) this.add(`${where}.${name}`, 'required property added');
    if (a.additionalProperties && typeof a.additionalProperties === 'object' && b.additionalProperties && typeof b.additionalProperties === 'object') {
      this.schema(`${where}.*`, a.additionalProperties, b.additionalProperties, direction);
    }

    // Array items.
    if (a.items && b.items) this.schema(`${where}[]`, a.items, b.items, direction);

    // Alternatives: compared in order; any other change of their shape is reported as such.
    for (const k of ['oneOf', 'anyOf']) {
      const x = a[k];
      const y = b[k];
      if (!x && !y) continue;
      if (!x || !y || x.length !== y.length) this.add(where, `${k} changed`);
      else x.forEach((s, i) => this.schema(`${where}<${k}[${i}]>`, s, y[i], direction));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------------

function readApprovals() {
  const file = join(ROOT, APPROVALS);
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  const list = Array.isArray(parsed) ? parsed : parsed.approved;
  if (!Array.isArray(list)) throw new Error(`${APPROVALS}: expected { "approved": [{ "change": "...", "reason": "..." }] }`);
  for (const [i, entry] of list.entries()) {
    if (typeof entry?.change !== 'string' || typeof entry?.reason !== 'string' || !entry.reason.trim()) {
      throw new Error(`${APPROVALS}: entry ${i} needs a "change" and a non-empty "reason"`);
    }
  }
  return list;
}

function main() {
  const current = JSON.parse(readFileSync(join(ROOT, CONTRACT), 'utf8'));
  const base = previousVersion(current);
  if (!base) {
    const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
    console.log(`No previous committed version of ${CONTRACT}: nothing to compare.${shallow ? ' (This clone is shallow: fetch more history, or pass --base.)' : ''}`);
    return 0;
  }
  const changes = breakingChanges(base.doc, current);
  if (args.includes('--list')) {
    console.log(JSON.stringify(changes.map((change) => ({ change, reason: '' })), null, 2));
    return 0;
  }
  const approvals = readApprovals();
  const approved = new Map(approvals.map((a) => [a.change, a.reason]));
  const unapproved = changes.filter((c) => !approved.has(c));
  const accepted = changes.length - unapproved.length;
  console.log(`${CONTRACT} against ${base.label}: ${changes.length} breaking change${changes.length === 1 ? '' : 's'}, ${accepted} approved.`);
  if (unapproved.length) {
    console.error(`\nBreaking changes not approved in ${APPROVALS}:`);
    for (const c of unapproved) console.error(`  ${c}`);
    console.error(`\nMake the change compatible, or add each to ${APPROVALS} as { "change": "<the line above>", "reason": "<why>" } (\`--list\` prints them all).`);
    return 1;
  }
  console.log('No unapproved breaking change.');
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = main();
  } catch (e) {
    console.error(`check-contract-breaking: ${e.message}`);
    process.exitCode = 2;
  }
}

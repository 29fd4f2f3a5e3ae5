import { readFileSync } from 'node:fs';

/** The operations of the committed contract (openapi/openapi.json), as the contract fuzzer and the authz matrix read them. */

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  example?: unknown;
  nullable?: boolean;
};

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the contract writes it, e.g. /api/accounts/{id}. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  headerParams: string[];
  /** The request body's content types and schema (references resolved), when the contract lists one. */
  body?: { contentTypes: string[]; schema: JsonSchema };
  /** Whether the contract lists bearer security for it. */
  secured: boolean;
  /** The statuses the contract documents. */
  responses: number[];
}

export const OPENAPI_FILE = new URL('../../openapi/openapi.json', import.meta.url);

interface OpenApiDoc {
  paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Replaces every $ref (and a single-entry allOf) by the schema it names. */
function resolve(schema: JsonSchema | undefined, doc: OpenApiDoc, depth = 0): JsonSchema {
  if (!schema || depth > 10) return {};
  if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()!], doc, depth + 1);
  const out: JsonSchema = { ...schema };
  if (schema.allOf?.length === 1) Object.assign(out, resolve(schema.allOf[0], doc, depth + 1), { allOf: undefined });
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)]));
  if (schema.items) out.items = resolve(schema.items, doc, depth + 1);
  if (schema.oneOf) out.oneOf = schema.oneOf.map((s) => resolve(s, doc, depth + 1));
  return out;
}

export function loadOperations(): Operation[] {
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content;
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(p.schema, doc) })),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        body: content ? { contentTypes: Object.keys(content), schema: resolve(Object.values(content)[0].schema, doc) } : undefined,
        secured: (op.security ?? []).length > 0,
        responses: Object.keys(op.responses).map(Number),
      });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/** A path with its parameters filled in (each value used as given: callers encode what they mean to encode). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for path parameter ${name} of ${path}`);
    return values[name];
  });
}

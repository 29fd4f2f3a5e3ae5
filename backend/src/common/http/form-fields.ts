import type { Request } from 'express';
import { isMultipart, multipartFields } from './multipart.js';

/** The fields of a body sent as JSON, urlencoded or multipart (files are not accepted here). */
export async function formFields(req: Request, body: unknown): Promise<Record<string, unknown>> {
  if (!isMultipart(req)) return (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  return multipartFields(req, { fields: 30, fieldSize: 10_000, parts: 31 });
}

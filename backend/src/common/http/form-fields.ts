import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

/** The fields of a body sent as JSON, urlencoded or multipart (files are not accepted here). */
export async function formFields(req: FastifyRequest, body: unknown): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) return (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: { files: 0, fields: 30, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      part.file.resume();
      throw new DomainError('invalid', 'HTTP.UNEXPECTED_FILE', 'This form takes no file');
    }
    fields[part.fieldname] = part.value;
  }
  return fields;
}

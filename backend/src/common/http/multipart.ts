import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { DomainError } from '../errors/domain-error.js';
import { controlCharacterIn } from './text-guard.js';

/** One part of a multipart form, in the order the client sent it. A file part must be read or resumed. */
export type Part =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; mimeType: string; file: Readable };

export interface PartLimits {
  /** Bytes of one file; the file stream fails with MultipartLimit('fileSize') past it. */
  fileSize?: number;
  files?: number;
  fields?: number;
  /** Bytes of one field's value. */
  fieldSize?: number;
  parts?: number;
}

export type MultipartLimitName = 'fileSize' | 'files' | 'fields' | 'fieldSize' | 'parts';

/** A form over one of the limits its route set; routes turn it into their own message. */
export class MultipartLimit extends DomainError {
  constructor(readonly limit: MultipartLimitName) {
    super(limit === 'fileSize' ? 'too_large' : 'invalid', 'HTTP.FORM_LIMIT', limit === 'fileSize' ? 'The file is too large' : 'The form has too many or too large parts');
  }
}

export const malformedForm = () => new DomainError('invalid', 'HTTP.MALFORMED_MULTIPART', 'The multipart form is malformed');

/** Whether the request says it is a multipart form (its parts are read by the route, never by a global parser). */
export function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * The parts of a multipart request body, streamed (busboy): fields as strings, files as streams that the caller
 * consumes before the next part arrives. A body that is not a well-formed form (no boundary, garbage, cut short) is a
 * 400; text with control characters (NUL…) is a 400; each limit breached is a MultipartLimit. Leaving the loop early
 * (break or throw) stops reading; the rest of the body is dropped by the lingering close.
 */
export async function* multipartParts(req: IncomingMessage, limits: PartLimits): AsyncGenerator<Part> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits, defParamCharset: 'utf8', preservePath: false });
  } catch {
    throw malformedForm();
  }
  const queue: Part[] = [];
  let failure: Error | null = null;
  let done = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (e: Error) => {
    if (!failure) failure = e;
    notify();
  };
  parser.on('field', (fieldname, value, info) => {
    if (info.valueTruncated) return fail(new MultipartLimit('fieldSize'));
    if (controlCharacterIn(fieldname) || controlCharacterIn(value)) return fail(controlCharacters(fieldname));
    queue.push({ type: 'field', fieldname, value });
    notify();
  });
  // File streams still being read: a client that goes away mid-file fails them, so no reader waits forever.
  const open = new Set<Readable>();
  parser.on('file', (fieldname, file, info) => {
    open.add(file);
    // A stream failed here (client gone, size limit) may have no reader any more: its error must not go unhandled.
    file.on('error', () => undefined);
    file.once('close', () => open.delete(file));
    file.once('end', () => open.delete(file));
    file.once('limit', () => file.destroy(new MultipartLimit('fileSize')));
    const filename = info.filename ?? '';
    if (controlCharacterIn(fieldname) || controlCharacterIn(filename)) {
      file.resume();
      return fail(controlCharacters(fieldname));
    }
    // The reader gets the bytes through a stream whose failures are ours: a form cut short (busboy's 'Unexpected end
    // of form') is a malformed form (400), a size limit a MultipartLimit, never a bare library error (500).
    const body = new PassThrough();
    body.on('error', () => undefined);
    file.on('error', (e) => body.destroy(e instanceof DomainError ? e : malformedForm()));
    file.pipe(body);
    queue.push({ type: 'file', fieldname, filename, mimeType: info.mimeType, file: body });
    notify();
  });
  parser.on('filesLimit', () => fail(new MultipartLimit('files')));
  parser.on('fieldsLimit', () => fail(new MultipartLimit('fields')));
  parser.on('partsLimit', () => fail(new MultipartLimit('parts')));
  const broken = () => {
    const e = malformedForm();
    for (const file of open) file.destroy(e);
    fail(e);
  };
  parser.on('error', broken);
  parser.on('close', () => {
    done = true;
    notify();
  });
  const onClose = () => {
    if (!req.complete) broken();
  };
  req.once('close', onClose);
  req.pipe(parser);
  try {
    for (;;) {
      // Parts that arrived before a failure come first, in order, as the client sent them.
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // Whatever is left (a refused form, a consumer that stopped) is not parsed; open file streams are released.
    req.off('close', onClose);
    req.unpipe(parser);
    parser.removeAllListeners();
    parser.on('error', () => undefined);
    for (const part of queue) if (part.type === 'file') part.file.resume();
    for (const file of open) file.resume();
    if (!req.complete) req.resume();
  }
}

const controlCharacters = (field: string) =>
  new DomainError('invalid', 'HTTP.CONTROL_CHARACTERS', 'Text must not contain control characters', [{ field, message: 'Text must not contain control characters' }]);

/** The text fields of a form (files refused), with the route's limits. */
export async function multipartFields(req: IncomingMessage, limits: PartLimits): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of multipartParts(req, { ...limits, files: 0 })) {
    if (part.type === 'file') {
      part.file.resume();
      throw new DomainError('invalid', 'HTTP.UNEXPECTED_FILE', 'This form takes no file');
    }
    fields[part.fieldname] = part.value;
  }
  return fields;
}

import { DomainError, type FieldProblem } from '../errors/domain-error.js';

/** C0 control characters other than tab, line feed and carriage return, and DEL: never meaningful in a request's text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function controlCharacterIn(text: string): boolean {
  return CONTROL.test(text);
}

/** How deep a JSON body may nest; deeper bodies are refused before they are parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * The nesting depth of a JSON text, counted without parsing (brackets outside strings), stopping as soon as it
 * passes `limit`: a body of a million `[` costs a scan, not a parse and a recursive walk.
 */
export function jsonDepthExceeds(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The problems of a parsed body's text: every string (keys included) with a control character, named by its path.
 * The walk is bounded by MAX_JSON_DEPTH (checked before parsing) and by the body size.
 */
export function controlCharacterProblems(value: unknown, path = '', out: FieldProblem[] = []): FieldProblem[] {
  if (out.length >= 20) return out;
  if (typeof value === 'string') {
    if (controlCharacterIn(value)) out.push({ field: path || 'body', message: 'Text must not contain control characters' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => controlCharacterProblems(v, `${path}[${i}]`, out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const field = path ? `${path}.${k}` : k;
      if (controlCharacterIn(k)) out.push({ field: path || 'body', message: 'Text must not contain control characters' });
      else controlCharacterProblems(v, field, out);
    }
  }
  return out;
}

export function rejectControlCharacters(value: unknown): void {
  const problems = controlCharacterProblems(value);
  if (problems.length) throw new DomainError('invalid', 'HTTP.CONTROL_CHARACTERS', 'Text must not contain control characters', problems);
}

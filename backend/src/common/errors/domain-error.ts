/** What kind of failure a domain error is; the HTTP layer maps each kind to one status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'insufficient_storage';

export interface FieldProblem {
  field: string;
  message: string;
}

/** Base of every rule violation raised by domain and application code. Framework-free. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: FieldProblem[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class ValidationError extends DomainError {
  constructor(fields: FieldProblem[], code = 'VALIDATION_FAILED') {
    super('invalid', code, fields[0]?.message ?? 'Invalid request', fields);
  }
}

/**
 * Turns whatever an API call failed with into the sentence to show.
 * The server writes `{ statusCode, code, detail, message }`; `detail` is the human sentence.
 * Anything else (a network failure, an HTML error page, an empty body) gives the fallback.
 */
export function errorDetail(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return fallback;
}


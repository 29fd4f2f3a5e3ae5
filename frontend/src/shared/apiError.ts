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

/** The machine-readable code of an error body (`{ code }`, e.g. `UPLOAD.BUSY`), or null. */
export function errorCode(error: unknown): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null;
  return typeof code === 'string' ? code : null;
}

export type ChangeResult<D> = { ok: true; data: D } | { ok: false; detail: string };

/**
 * Runs an API call that changes something. It succeeded when the server answered with data that `accepted` takes
 * (by default: any); otherwise the result carries the server's sentence, or `fallback` (a network failure too).
 */
export async function sendChange<D>(
  call: () => Promise<{ data?: D; error?: unknown }>,
  fallback: string,
  accepted: (data: D) => boolean = () => true,
): Promise<ChangeResult<D>> {
  try {
    const { data, error } = await call();
    if (data !== undefined && accepted(data)) return { ok: true, data };
    return { ok: false, detail: errorDetail(error, fallback) };
  } catch {
    return { ok: false, detail: fallback };
  }
}

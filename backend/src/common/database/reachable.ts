import pg from 'pg';

/** The database cannot be reached; the message says which, where and why, in one sentence. */
export class DatabaseUnreachableError extends Error {}

/** A database URL fit for a log line: user, host, port and database, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const hidden = u.password !== '';
    u.password = '';
    u.search = '';
    return `${u.toString()}${hidden ? ', password hidden' : ''}`;
  } catch {
    return 'not a valid URL';
  }
}

/** Why a connection failed, in a few words: the error code (ECONNREFUSED, ENOTFOUND, ...) and PostgreSQL's message. */
function reason(e: unknown): string {
  const err = e as { code?: string; message?: string; errors?: { code?: string }[] };
  const code = err.code ?? err.errors?.[0]?.code;
  const message = err.message?.trim();
  if (code && /^[A-Z]+$/.test(code)) return message && !message.includes(code) ? `${code} (${message})` : code;
  return message || String(e);
}

/**
 * Connects once to the server of `url` (10 s at most), so an unreachable DATABASE_URL is reported in one sentence
 * that names the variable, before the slow start-up.
 */
export async function assertDatabaseReachable(url: string, variable = 'DATABASE_URL'): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    throw new DatabaseUnreachableError(`Cannot connect to the database at ${variable} (${describeDatabaseUrl(url)}): ${reason(e)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

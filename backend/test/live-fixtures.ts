import { createTestApp, type TestApp } from './harness.js';
import { freePort } from './net.js';
import type { Person } from './social-fixtures.js';

/** What the live ingest tests share: an app with its RTMP listener on a free port, and a bounded wait. */

/** A test app that runs the RTMP ingest (jobs on) on a free port; test apps open no RTMP port unless asked. */
export async function ingestApp(): Promise<{ t: TestApp; rtmpPort: number }> {
  const rtmpPort = await freePort();
  const t = await createTestApp({ JOBS_ENABLED: 'true', LIVE_RTMP_PORT: String(rtmpPort), RATE_LIMIT_PER_MINUTE: '100000' });
  return { t, rtmpPort };
}

/** Resolves as `p` does, or rejects when it has not settled after `ms`. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** The user's stream key and OBS's server URL (GET /api/live/key). */
export async function streamKeyOf(t: TestApp, who: Person): Promise<{ stream_key: string; server_url: string | null }> {
  return (await t.http().get('/api/live/key').set(...who.auth)).body as { stream_key: string; server_url: string | null };
}

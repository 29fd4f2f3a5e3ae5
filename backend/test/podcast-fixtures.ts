import type { TestApp } from './harness.js';
import type { Auth } from './media-fixtures.js';

/** POST /api/podcasts/upload: the fields first, as a browser form sends them. */
export function uploadEpisode(t: TestApp, auth: Auth | null, file: string | Buffer | null, fields: Record<string, string>, filename?: string) {
  let req = t.http().post('/api/podcasts/upload');
  if (auth) req = req.set(...auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file !== null) req = req.attach('file', file as never, filename ? { filename } : Buffer.isBuffer(file) ? { filename: 'episode.mp3' } : {});
  return req;
}

/** Marks an episode ready as processing would (tests that need no ffmpeg), with this duration. */
export async function markEpisodeReady(t: TestApp, id: string, durationSeconds = 2): Promise<void> {
  const rows = await t.sql(`update media set status = 'ready', duration_seconds = $2, updated_at = now() where id = $1 and kind = 'episode' returning id`, [id, durationSeconds]);
  if (rows.length !== 1) throw new Error(`no episode ${id}`);
}

import { ProcessMediaJob } from '../src/modules/catalog/application/process-media.job.js';
import { DurableEvents } from '../src/common/events/durable-events.js';
import { signUp, type TestApp } from './harness.js';
import { upload, waitFor, type Auth, type Clips } from './media-fixtures.js';

export interface Person {
  id: string;
  name: string;
  auth: Auth;
}

/** A registered, signed-in user whose directory entry exists (registration's event handled). */
export async function person(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Person> {
  const { user, auth } = await signUp(t, overrides);
  const me = await t.http().get('/api/me').set(...auth);
  const id = me.body.id as string;
  await waitFor('directory entry', async () => (await t.sql('select 1 from social_users where user_id = $1', [id])).length > 0, 10_000, 50);
  return { id, name: String(user.display_name), auth };
}

/**
 * Uploads and processes an item as the job queue would (ffmpeg on a real clip), so it becomes ready and its
 * durable events (index, fan-out) are raised exactly as in production. Waits until every event was handled.
 */
export async function publish(t: TestApp, who: Person, clips: Clips, kind: 'video' | 'reel', title: string, extra: Record<string, string> = {}): Promise<string> {
  const r = await upload(t, kind, who.auth, clips.path.landscape, { title, ...extra });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  await t.app.get(ProcessMediaJob).run(r.body.id);
  await settled(t);
  return r.body.id as string;
}

/** Waits until every durable event recorded so far was handled. */
export async function settled(t: TestApp): Promise<void> {
  try {
    await waitFor('durable events', async () => (await t.sql('select 1 from event_outbox where dispatched_at is null limit 1')).length === 0, 20_000, 50);
  } catch (e) {
    console.log(JSON.stringify(await t.sql('select topic, attempts, locked_until, created_at from event_outbox where dispatched_at is null')));
    throw e;
  }
}

export function durable(t: TestApp): DurableEvents {
  return t.app.get(DurableEvents);
}

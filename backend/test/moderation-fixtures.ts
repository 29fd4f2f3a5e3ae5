import type { TestApp } from './harness.js';
import { markReady, MP4_HEAD, upload, type Auth } from './media-fixtures.js';
import { settled, type Person } from './social-fixtures.js';
import { CLOCK, type Clock } from '../src/modules/moderation/domain/ports.js';

/** Helpers of the moderation tests: content to report, reports, the queue, decisions, and moderation's clock. */

export type Any = Record<string, any>;
export const DAY_MS = 86_400_000;

/** Bytes that are MP4 by their head: accepted at upload; made ready with markReady (2 seconds long). */
export const MP4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

/**
 * Moderation's clock, moved by the tests (never a sleep). It starts at the real time, so that what other contexts
 * stamp with the machine's clock (notifications, media) stays in the same order as what moderation stamps.
 */
export class TestClock {
  private at = Date.now();

  constructor(t: TestApp) {
    t.app.get<Clock>(CLOCK).now = () => new Date(this.at);
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }

  /** A little later: decisions made one after the other are in that order. */
  tick(): Date {
    return this.advance(1000);
  }
}

/** A ready item of the person's (markReady: no ffmpeg), as the watch page serves it. */
export async function media(t: TestApp, who: Person, kind: 'video' | 'reel' | 'movie', title = `A ${kind} to report`, fields: Record<string, string> = {}): Promise<string> {
  const r = await upload(t, kind, who.auth, MP4, { title, ...fields });
  if (r.status !== 201) throw new Error(`upload ${kind}: ${r.status} ${JSON.stringify(r.body)}`);
  const id = (kind === 'movie' ? r.body.movie.id : r.body.id) as string;
  await markReady(t, id);
  return id;
}

/** A comment of the person's on an item. */
export async function comment(t: TestApp, who: Person, kind: 'video' | 'reel' | 'movie', mediaId: string, content: string): Promise<string> {
  const r = await t.http().post(`/api/${kind}s/${mediaId}/comments`).set(...who.auth).send({ content });
  if (r.status !== 201) throw new Error(`comment: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

/** The person's channel (their active account): its id (what a `user` report names) and handle. */
export async function channel(t: TestApp, who: Person): Promise<{ id: string; handle: string }> {
  const r = await t.http().get('/api/accounts').set(...who.auth);
  return { id: r.body.active_account.id, handle: r.body.active_account.handle };
}

export function report(t: TestApp, auth: Auth | null, body: Record<string, unknown>) {
  const r = t.http().post('/api/content/report');
  return (auth ? r.set(...auth) : r).send(body);
}

/** Reports, expecting it to be filed. */
export async function reported(t: TestApp, who: Person, contentType: string, contentId: string, extra: Record<string, unknown> = {}): Promise<Any> {
  const r = await report(t, who.auth, { content_type: contentType, content_id: contentId, reason: 'spam', ...extra });
  if (r.status !== 201) throw new Error(`report: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Every case of the queue (all pages). */
export async function allCases(t: TestApp, adminAuth: Auth, status: 'open' | 'resolved' = 'open'): Promise<Any[]> {
  const out: Any[] = [];
  let cursor: string | null = null;
  do {
    const r: Any = await t.http().get(`/api/admin/moderation/cases?status=${status}&limit=100${cursor ? `&cursor=${cursor}` : ''}`).set(...adminAuth);
    if (r.status !== 200) throw new Error(`cases: ${r.status} ${JSON.stringify(r.body)}`);
    out.push(...r.body.cases);
    cursor = r.body.next_cursor;
  } while (cursor);
  return out;
}

/** The case of a piece of content (the open one, else the latest resolved one). */
export async function caseOf(t: TestApp, adminAuth: Auth, contentId: string): Promise<Any> {
  const open = (await allCases(t, adminAuth, 'open')).find((c) => c.content_id === contentId);
  if (open) return open;
  const resolved = (await allCases(t, adminAuth, 'resolved')).find((c) => c.content_id === contentId);
  if (!resolved) throw new Error(`no case of ${contentId}`);
  return resolved;
}

export function decide(t: TestApp, auth: Auth | null, caseId: string, action: string, reason = 'Breaks the community guidelines') {
  const r = t.http().post(`/api/admin/moderation/cases/${caseId}/decision`);
  return (auth ? r.set(...auth) : r).send({ action, reason });
}

export async function strikesOf(t: TestApp, who: Person): Promise<Any[]> {
  const r = await t.http().get('/api/moderation/strikes').set(...who.auth);
  if (r.status !== 200) throw new Error(`strikes: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.strikes;
}

export function appeal(t: TestApp, auth: Auth | null, strikeId: string, message = 'This was a misunderstanding') {
  const r = t.http().post(`/api/moderation/strikes/${strikeId}/appeal`);
  return (auth ? r.set(...auth) : r).send({ message });
}

export function decideAppeal(t: TestApp, auth: Auth | null, strikeId: string, decision: 'uphold' | 'overturn', reason = 'Reviewed again') {
  const r = t.http().post(`/api/admin/moderation/strikes/${strikeId}/appeal-decision`);
  return (auth ? r.set(...auth) : r).send({ decision, reason });
}

/** The person's notifications, once every durable event recorded so far was handled. */
export async function notificationsOf(t: TestApp, who: Person): Promise<{ type: string; title: string; message: string; link: Any }[]> {
  await settled(t);
  const r = await t.http().get('/api/notifications?limit=50').set(...who.auth);
  if (r.status !== 200) throw new Error(`notifications: ${r.status}`);
  return (r.body.notifications as Any[]).map(({ type, title, message, link }) => ({ type, title, message, link }));
}

/** Durable events of a topic recorded so far (their payloads), oldest first. */
export async function events(t: TestApp, topic: string): Promise<Any[]> {
  const rows = await t.sql<{ payload: Any }>('select payload from event_outbox where topic = $1 order by created_at', [topic]);
  return rows.map((r) => r.payload);
}

/** The catalog's status of a media item. */
export async function mediaStatus(t: TestApp, id: string): Promise<string | undefined> {
  return (await t.sql<{ status: string }>('select status from media where id = $1', [id]))[0]?.status;
}

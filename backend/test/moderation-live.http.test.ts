import { jest } from '@jest/globals';
import WebSocket from 'ws';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, waitFor } from './media-fixtures.js';
import { admin, type Admin } from './money-fixtures.js';
import { CatalogFacade } from '../src/modules/catalog/catalog.facade.js';
import { caseOf, decide, media, mediaStatus, notificationsOf, report, reported, TestClock, type Any } from './moderation-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 13/16: live streams and live chat messages are content that can be reported (POST /api/content/report with
 * content_type live_stream / live_chat_message). Removing a stream ends it at once for every open page and takes it
 * out of every list and search, its recording never published; removing a chat message deletes it for every page.
 */

let t: TestApp;
let boss: Admin;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  new TestClock(t);
  boss = await admin(t);
}, 60_000);
afterAll(() => t?.close());

/** A page following a stream's room over the realtime socket, keeping every message. */
async function watching(streamId: string): Promise<{ messages: Any[]; close: () => void }> {
  const ws = new WebSocket((await baseUrl(t)).replace('http', 'ws') + '/api/realtime');
  const messages: Any[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', room: `live:${streamId}` }));
  await waitFor('subscribed', async () => messages.some((m) => m.type === 'subscribed'), 15_000, 20);
  return { messages, close: () => ws.close() };
}

async function streamOf(who: Person, title = 'Late night stream'): Promise<Any> {
  const r = await t.http().post('/api/live/start').set(...who.auth).send({ title, description: 'Come hang out' });
  expect(r.status).toBe(201);
  return r.body;
}

async function chat(who: Person, streamId: string, message: string): Promise<string> {
  const r = await t.http().post(`/api/live/${streamId}/comment`).set(...who.auth).send({ message });
  expect(r.status).toBe(201);
  return r.body.id;
}

describe('reporting', () => {
  it('files a report of a live stream and of a chat message, each opening a case an admin sees', async () => {
    const [streamer, viewer, reporter] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(streamer, 'Stream to report');
    const messageId = await chat(viewer, s.id, 'buy followers at example.com');
    const r1 = await reported(t, reporter, 'live_stream', s.id);
    expect(r1).toMatchObject({ content_type: 'live_stream', content_id: s.id, reason: 'spam' });
    const r2 = await reported(t, reporter, 'live_chat_message', messageId);
    expect(r2).toMatchObject({ content_type: 'live_chat_message', content_id: messageId });

    const streamCase = await caseOf(t, boss.adminAuth, s.id);
    expect(streamCase).toMatchObject({ content_type: 'live_stream', owner: { user_id: streamer.id, username: streamer.name }, report_count: 1 });
    expect(streamCase.content).toMatchObject({ title: 'Stream to report', description: 'Come hang out', media_kind: 'live_stream', media_id: s.id, removed: false });
    const messageCase = await caseOf(t, boss.adminAuth, messageId);
    expect(messageCase).toMatchObject({ content_type: 'live_chat_message', owner: { user_id: viewer.id, username: viewer.name } });
    expect(messageCase.content).toMatchObject({ text: 'buy followers at example.com', title: 'Stream to report', media_kind: 'live_stream', media_id: s.id });
  });

  it('refuses your own stream or message, a second report, an unknown or deleted message, and visitors', async () => {
    const [streamer, viewer] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const mine = await chat(streamer, s.id, 'welcome everyone');
    const theirs = await chat(viewer, s.id, 'hello');
    for (const [type, id] of [['live_stream', s.id], ['live_chat_message', mine]]) {
      const own = await report(t, streamer.auth, { content_type: type, content_id: id, reason: 'spam' });
      expect(own.status).toBe(400);
    }
    await reported(t, viewer, 'live_stream', s.id);
    const again = await report(t, viewer.auth, { content_type: 'live_stream', content_id: s.id, reason: 'other' });
    expect([again.status, again.body.message]).toEqual([400, 'You have already reported this content']);
    const unknown = await report(t, viewer.auth, { content_type: 'live_stream', content_id: '00000000-0000-4000-8000-000000000000', reason: 'spam' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Content not found']);
    // A stream id is not a chat message (and the reverse).
    expect((await report(t, streamer.auth, { content_type: 'live_chat_message', content_id: s.id, reason: 'spam' })).status).toBe(404);
    expect((await t.http().delete(`/api/live/${s.id}/comments/${theirs}`).set(...streamer.auth)).status).toBe(200);
    const deleted = await report(t, streamer.auth, { content_type: 'live_chat_message', content_id: theirs, reason: 'spam' });
    expect(deleted.status).toBe(404);
    const visitor = await report(t, null, { content_type: 'live_stream', content_id: s.id, reason: 'spam' });
    expect([visitor.status, visitor.body.message]).toEqual([401, 'Please login to report content']);
  });

  it('is refused for both kinds while the live feature is off, and works again once it is on', async () => {
    const [streamer, viewer] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    const messageId = await chat(streamer, s.id, 'hi');
    await t.sql(`update feature_flags set enabled = false where name = 'live'`);
    await t.app.get(FeatureFlags).reload();
    try {
      for (const [type, id] of [['live_stream', s.id], ['live_chat_message', messageId]]) {
        const r = await report(t, viewer.auth, { content_type: type, content_id: id, reason: 'spam' });
        expect([r.status, r.body.code]).toEqual([503, 'SYSTEM.FEATURE_DISABLED']);
      }
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'live'`);
      await t.app.get(FeatureFlags).reload();
    }
    await reported(t, viewer, 'live_chat_message', messageId);
  });
});

describe('removal', () => {
  it('ends a reported stream for every open page, takes it out of lists and search, keeps no recording, tells its owner', async () => {
    const [streamer, reporter] = [await person(t), await person(t)];
    const s = await streamOf(streamer, 'Removable broadcast');
    const page = await watching(s.id);
    try {
      await reported(t, reporter, 'live_stream', s.id);
      const c = await caseOf(t, boss.adminAuth, s.id);
      const d = await decide(t, boss.adminAuth, c.id, 'remove');
      expect(d.status).toBe(200);
      expect(d.body).toMatchObject({ status: 'resolved', resolution: 'removed', content: { removed: true } });
      const ended = await waitFor('ended event', async () => page.messages.find((m) => m.type === 'room' && m.event === 'ended'), 15_000, 20);
      expect(ended).toMatchObject({ stream_id: s.id, removed: true });
    } finally {
      page.close();
    }
    const now = await t.http().get(`/api/live/${s.id}`);
    expect(now.body).toMatchObject({ status: 'ended', record: false });
    expect(((await t.http().get('/api/live/streams')).body as Any[]).map((x) => x.id)).not.toContain(s.id);
    const found = await t.http().get('/api/search').query({ q: 'Removable broadcast', content_type: 'live' });
    expect(found.body.results.live).toEqual([]);
    // Its owner may start another stream (the removed one no longer counts as open).
    expect((await t.http().post('/api/live/start').set(...streamer.auth).send({ title: 'Another' })).status).toBe(201);
    expect(await notificationsOf(t, streamer)).toContainEqual(expect.objectContaining({ type: 'content_removed', message: expect.stringContaining('"Removable broadcast" was removed') }));
  });

  it('deletes a reported chat message for every open page and from the chat', async () => {
    const [streamer, chatter, reporter] = [await person(t), await person(t), await person(t)];
    const s = await streamOf(streamer);
    const bad = await chat(chatter, s.id, 'something awful');
    const fine = await chat(reporter, s.id, 'nice stream');
    const page = await watching(s.id);
    try {
      await reported(t, reporter, 'live_chat_message', bad);
      const c = await caseOf(t, boss.adminAuth, bad);
      const d = await decide(t, boss.adminAuth, c.id, 'remove_and_strike');
      expect(d.status).toBe(200);
      const gone = await waitFor('comment_deleted event', async () => page.messages.find((m) => m.type === 'room' && m.event === 'comment_deleted'), 15_000, 20);
      expect(gone).toMatchObject({ stream_id: s.id, id: bad });
    } finally {
      page.close();
    }
    const comments = await t.http().get(`/api/live/${s.id}/comments`);
    expect((comments.body.messages as Any[]).map((m) => m.id)).toEqual([fine]);
    // The stream itself goes on.
    expect((await t.http().get(`/api/live/${s.id}`)).body.status).toBe('created');
    await settled(t);
    const strikes = await t.http().get('/api/moderation/strikes').set(...chatter.auth);
    expect(strikes.body.strikes).toEqual([expect.objectContaining({ content_type: 'live_chat_message', content_id: bad, content_title: 'something awful' })]);
  });

  it("takes down the video an ended stream's recording became, even when the direct takedown fails (the durable event finishes it)", async () => {
    const [streamer, reporter] = [await person(t), await person(t)];
    const s = await streamOf(streamer, 'Recorded then reported');
    expect((await t.http().post(`/api/live/${s.id}/end`).set(...streamer.auth)).status).toBe(200);
    // Its recording became a video (as the ingest's publishRecording leaves it).
    const video = await media(t, streamer, 'video', 'Recorded then reported');
    await t.sql('update live_streams set recording_media_id = $1 where id = $2', [video, s.id]);
    await reported(t, reporter, 'live_stream', s.id);
    const c = await caseOf(t, boss.adminAuth, s.id);
    // The decision's direct call to the catalog fails (a dropped connection, a crash right after the commit).
    const catalog = t.app.get(CatalogFacade);
    const failing = jest.spyOn(catalog, 'removeMediaByModeration').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await decide(t, boss.adminAuth, c.id, 'remove')).status).toBe(200);
      await settled(t);
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    expect(await mediaStatus(t, video)).toBe('removed');
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(404);
  });

  it('dismissing a case changes nothing', async () => {
    const [streamer, reporter] = [await person(t), await person(t)];
    const s = await streamOf(streamer);
    await reported(t, reporter, 'live_stream', s.id);
    const c = await caseOf(t, boss.adminAuth, s.id);
    expect((await decide(t, boss.adminAuth, c.id, 'dismiss')).status).toBe(200);
    expect((await t.http().get(`/api/live/${s.id}`)).body).toMatchObject({ status: 'created', record: true });
  });
});

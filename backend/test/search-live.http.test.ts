import { randomBytes } from 'node:crypto';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { setPrivacy } from './media-fixtures.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 13/16: live streams in search (seed 002 §9 tab `live`, §3 Live item: title, username, viewer_count). Streams
 * on now (created or live) are found by title, game, description or streamer name, with prefixes and typos; ended
 * streams, streams of people others cannot see, and every stream while the `live` feature is off are not.
 */

type Any = Record<string, any>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A word no other test uses (letters only). */
function word(): string {
  return `zl${Array.from(randomBytes(7), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

function search(params: Record<string, string>, who?: Person) {
  const r = t.http().get('/api/search').query(params);
  return who ? r.set(...who.auth) : r;
}

async function goLive(who: Person, body: Any): Promise<Any> {
  const r = await t.http().post('/api/live/start').set(...who.auth).send(body);
  expect(r.status).toBe(201);
  return r.body;
}

const liveIds = (r: { body: Any }) => (r.body.results.live as Any[]).map((s) => s.id);

async function setLive(enabled: boolean): Promise<void> {
  await t.sql(`update feature_flags set enabled = $1 where name = 'live'`, [enabled]);
  await t.app.get(FeatureFlags).reload();
}

describe('the live tab', () => {
  it("finds a stream on now by a word of its title, with seed 002's fields, and 'all' includes it", async () => {
    const w = word();
    const streamer = await person(t);
    const s = await goLive(streamer, { title: `Retro ${w} night`, description: 'Speedruns until late', super_chat_enabled: true });
    const r = await search({ q: w, content_type: 'live' });
    expect(r.status).toBe(200);
    expect(r.body.available).toContain('live');
    expect(r.body.total_results).toBe(1);
    expect(r.body.results.live).toEqual([
      {
        id: s.id,
        title: `Retro ${w} night`,
        description: 'Speedruns until late',
        game: null,
        status: 'created',
        username: streamer.name,
        user_id: streamer.id,
        viewer_count: 0,
        likes: 0,
        is_vertical: false,
        super_chat_enabled: true,
        created_at: s.created_at,
      },
    ]);
    expect(r.body.results.videos).toEqual([]);
    const all = await search({ q: w });
    expect(liveIds(all)).toEqual([s.id]);
  });

  it('matches a prefix being typed, a description word, and forgives a typo in the title', async () => {
    const [w, d] = [word(), word()];
    const s = await goLive(await person(t), { title: `${w} marathon`, description: `Tonight: ${d} and friends` });
    expect(liveIds(await search({ q: w.slice(0, 6), content_type: 'live' }))).toContain(s.id);
    expect(liveIds(await search({ q: d, content_type: 'live' }))).toEqual([s.id]);
    expect(liveIds(await search({ q: `${w} marahton`, content_type: 'live' }))).toEqual([s.id]);
    expect(liveIds(await search({ q: `${w.toUpperCase()} MARATHON`, content_type: 'live' }))).toEqual([s.id]);
  });

  it('finds streams by the streamer name', async () => {
    const name = `${word()}caster`;
    const streamer = await person(t, { display_name: name });
    await settled(t);
    const s = await goLive(streamer, { title: 'Evening session' });
    const r = await search({ q: name, content_type: 'live' });
    expect(liveIds(r)).toEqual([s.id]);
    expect(r.body.results.live[0].username).toBe(name);
  });

  it('finds a gaming stream by its game', async () => {
    const game = word();
    const streamer = await person(t);
    const r0 = await t.http().post('/api/gaming/start-stream').set(...streamer.auth).send({ title: 'Co-op night', game: `${game} Legends`, description: '' });
    expect(r0.status).toBe(201);
    const r = await search({ q: `${game} legends`, content_type: 'live' });
    expect(r.body.results.live).toEqual([expect.objectContaining({ id: r0.body.id, game: `${game} Legends`, title: 'Co-op night' })]);
  });

  it('shows 3 streams per kind on the all tab and up to `limit` on the live tab', async () => {
    const w = word();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await goLive(await person(t), { title: `${w} stream ${i}` })).id);
    const all = await search({ q: w });
    expect(all.body.results.live).toHaveLength(3);
    const tab = await search({ q: w, content_type: 'live', limit: '10' });
    expect([...liveIds(tab)].sort()).toEqual([...ids].sort());
  });

  it('leaves out ended streams and streams of private profiles', async () => {
    const w = word();
    const [a, b] = [await person(t), await person(t)];
    const ended = await goLive(a, { title: `${w} finished` });
    const hidden = await goLive(b, { title: `${w} hidden` });
    expect([...liveIds(await search({ q: w, content_type: 'live' }))].sort()).toEqual([ended.id, hidden.id].sort());
    expect((await t.http().post(`/api/live/${ended.id}/end`).set(...a.auth)).status).toBe(200);
    await setPrivacy(t, b.auth, { profile_visibility: 'private' });
    await settled(t);
    const r = await search({ q: w, content_type: 'live' });
    expect(r.body.results.live).toEqual([]);
    expect(r.body.total_results).toBe(0);
  });

  it('counts the people watching now', async () => {
    const w = word();
    const streamer = await person(t);
    const s = await goLive(streamer, { title: `${w} watched` });
    const sockets = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const viewers = [await person(t), await person(t)];
    for (const [i, v] of viewers.entries()) {
      await t.sql(`insert into live_presence (stream_id, socket_id, user_id, process_id) values ($1, $2, $3, gen_random_uuid())`, [s.id, sockets[i], v.id]);
    }
    const r = await search({ q: w, content_type: 'live' });
    expect(r.body.results.live[0].viewer_count).toBe(2);
  });
});

describe('with the live feature off', () => {
  it('finds no stream and does not offer the tab; back on, they return', async () => {
    const w = word();
    const s = await goLive(await person(t), { title: `${w} flagged` });
    await setLive(false);
    try {
      const tab = await search({ q: w, content_type: 'live' });
      expect(tab.status).toBe(200);
      expect(tab.body.results.live).toEqual([]);
      expect(tab.body.available).not.toContain('live');
      expect((await search({ q: w })).body.results.live).toEqual([]);
    } finally {
      await setLive(true);
    }
    expect(liveIds(await search({ q: w, content_type: 'live' }))).toEqual([s.id]);
  });
});

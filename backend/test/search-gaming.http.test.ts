import { randomBytes } from 'node:crypto';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { person, settled, type Person } from './social-fixtures.js';

/**
 * Issue 15: search's gaming tab (seed 002 §2.11 tab `gaming`, §3 Gaming items): tournaments (name, game, prize_pool,
 * status) found by name, with a prefix or a typo, or by game, and kept up to date as they change; gaming streams on
 * now (title, game_name, viewers) found by title or game. 3 of each in the 'all' tab. Nothing while `gaming` is off.
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
  return `zq${Array.from(randomBytes(7), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

function search(params: Record<string, string>, who?: Person) {
  const r = t.http().get('/api/search').query(params);
  return who ? r.set(...who.auth) : r;
}

const gaming = async (params: Record<string, string>, who?: Person): Promise<Any[]> => {
  const r = await search({ content_type: 'gaming', ...params }, who);
  expect(r.status).toBe(200);
  return r.body.results.gaming;
};

async function tournament(who: Person, body: Any): Promise<Any> {
  const r = await t
    .http()
    .post('/api/gaming/tournament/create')
    .set(...who.auth)
    .send({ prize_pool: '0', start_date: new Date(Date.now() + 86_400_000).toISOString(), ...body });
  expect(r.status).toBe(201);
  await settled(t);
  return r.body;
}

async function gamingStream(who: Person, title: string, game: string): Promise<Any> {
  const r = await t.http().post('/api/gaming/start-stream').set(...who.auth).send({ title, game });
  expect(r.status).toBe(201);
  return r.body;
}

async function setFlag(name: string, enabled: boolean): Promise<void> {
  await t.sql(`update feature_flags set enabled = $1 where name = $2`, [enabled, name]);
  await t.app.get(FeatureFlags).reload();
}

describe('the gaming tab', () => {
  it("finds a tournament by its name with seed 002's fields, by a prefix and a typo, and by its game; 'all' includes it", async () => {
    const [w, g] = [word(), word()];
    const org = await person(t);
    const c = await tournament(org, { name: `${w} Masters`, game: `${g} Arena`, prize_pool: '250.5', description: 'Best of three' });
    const item = { kind: 'tournament', id: c.id, name: `${w} Masters`, game: `${g} Arena`, prize_pool: '250.50', status: 'open' };
    const r = await search({ q: `${w} masters`, content_type: 'gaming' });
    expect(r.status).toBe(200);
    expect(r.body.available).toContain('gaming');
    expect(r.body.total_results).toBe(1);
    expect(r.body.results.gaming).toEqual([item]);
    expect(r.body.results.videos).toEqual([]);
    expect(await gaming({ q: w.slice(0, 6) })).toContainEqual(item);
    expect(await gaming({ q: `${w} mastres` })).toEqual([item]);
    expect(await gaming({ q: `${g} arena` })).toEqual([item]);
    const all = await search({ q: w });
    expect(all.body.results.gaming).toEqual([item]);
    expect(all.body.total_results).toBe(1);
    // Suggestions offer its name.
    expect((await t.http().get('/api/search/suggestions').query({ q: w.slice(0, 5) })).body.suggestions).toContain(`${w} Masters`);
  });

  it('follows the tournament as it changes: started, completed, and gone once cancelled', async () => {
    const w = word();
    const [org, a, b] = [await person(t), await person(t), await person(t)];
    const c = await tournament(org, { name: `${w} Cup`, game: 'Chess' });
    for (const p of [a, b]) expect((await t.http().post(`/api/gaming/tournament/${c.id}/join`).set(...p.auth)).status).toBe(200);
    const started = await t.http().post(`/api/gaming/tournament/${c.id}/start`).set(...org.auth);
    expect(started.status).toBe(200);
    await settled(t);
    expect((await gaming({ q: w })).map((x) => x.status)).toEqual(['in_progress']);
    const final = started.body.bracket.rounds.at(-1).matches[0];
    expect((await t.http().post(`/api/gaming/tournament/${c.id}/match/${final.id}/report`).set(...org.auth).send({ winner_id: final.player1.user_id })).status).toBe(200);
    await settled(t);
    expect((await gaming({ q: w })).map((x) => x.status)).toEqual(['completed']);

    const gone = await tournament(org, { name: `${w} Cancelled`, game: 'Chess' });
    expect((await gaming({ q: `${w} cancelled` })).map((x) => x.id)).toEqual([gone.id]);
    expect((await t.http().post(`/api/gaming/tournament/${gone.id}/cancel`).set(...org.auth).send({ reason: 'Venue closed' })).status).toBe(200);
    await settled(t);
    expect(await gaming({ q: `${w} cancelled` })).toEqual([]);
    // Cancelled but not reindexed yet (its event still pending): not shown either.
    const pending = await tournament(org, { name: `${w} Pending`, game: 'Chess' });
    await t.sql(`update tournaments set status = 'cancelled', cancel_reason = 'Venue closed', cancelled_at = now() where id = $1`, [pending.id]);
    expect(await gaming({ q: `${w} pending` })).toEqual([]);
    expect((await search({ q: `${w} pending` })).body.results.gaming).toEqual([]);
  });

  it('finds a gaming stream on now by its game or title (stream items), not a stream without a game nor an ended one', async () => {
    const [g, w] = [word(), word()];
    const [a, b, c] = [await person(t), await person(t), await person(t)];
    const s = await gamingStream(a, `${w} speedrun`, `${g} Kart`);
    const plain = await t.http().post('/api/live/start').set(...b.auth).send({ title: `${w} and ${g} Kart chat` });
    expect(plain.status).toBe(201);
    const item = { kind: 'stream', id: s.id, title: `${w} speedrun`, game_name: `${g} Kart`, viewers: 0, username: a.name, user_id: a.id };
    expect(await gaming({ q: `${g} kart` })).toEqual([item]);
    expect(await gaming({ q: `${w} speedrun` })).toEqual([item]);
    // A typo in the game.
    expect(await gaming({ q: `${g.slice(0, -1)}x` })).toEqual([item]);
    // The live tab finds both streams, as before.
    expect(((await search({ q: `${g} kart`, content_type: 'live' })).body.results.live as Any[]).map((x) => x.id).sort()).toEqual([s.id, plain.body.id].sort());
    const ended = await gamingStream(c, `${w} finished`, `${g} Kart`);
    expect((await gaming({ q: `${g} kart` })).map((x) => x.id).sort()).toEqual([s.id, ended.id].sort());
    expect((await t.http().post(`/api/live/${ended.id}/end`).set(...c.auth)).status).toBe(200);
    expect((await gaming({ q: `${g} kart` })).map((x) => x.id)).toEqual([s.id]);
  });

  it("lists tournaments, then streams, 3 of each on the 'all' tab and up to `limit` each on the gaming tab", async () => {
    const g = word();
    const tournaments: string[] = [];
    const streams: string[] = [];
    for (let i = 0; i < 4; i++) tournaments.push((await tournament(await person(t), { name: `Open ${i}`, game: `${g} Rally` })).id);
    for (let i = 0; i < 4; i++) streams.push((await gamingStream(await person(t), `Run ${i}`, `${g} Rally`)).id);
    const all = (await search({ q: g })).body;
    expect(all.results.gaming.map((x: Any) => x.kind)).toEqual(['tournament', 'tournament', 'tournament', 'stream', 'stream', 'stream']);
    expect(all.results.live).toHaveLength(3);
    const tab = await gaming({ q: g, limit: '10' });
    expect(tab.filter((x) => x.kind === 'tournament').map((x) => x.id).sort()).toEqual([...tournaments].sort());
    expect(tab.filter((x) => x.kind === 'stream').map((x) => x.id).sort()).toEqual([...streams].sort());
    expect(tab.map((x) => x.kind)).toEqual([...Array(4).fill('tournament'), ...Array(4).fill('stream')]);
  });

  it("finds nothing while 'gaming' is off (and the tab is not available), and everything again once it is on", async () => {
    const [w] = [word()];
    const who = await person(t);
    const c = await tournament(who, { name: `${w} Open`, game: 'Go' });
    const s = await gamingStream(await person(t), `${w} stream`, 'Go');
    await setFlag('gaming', false);
    try {
      const r = await search({ q: w, content_type: 'gaming' });
      expect(r.status).toBe(200);
      expect(r.body.results.gaming).toEqual([]);
      expect(r.body.available).not.toContain('gaming');
      const all = await search({ q: w });
      expect(all.body.results.gaming).toEqual([]);
      // The stream is still a live stream.
      expect(all.body.results.live.map((x: Any) => x.id)).toEqual([s.id]);
      expect((await t.http().get('/api/search/suggestions').query({ q: w })).body.suggestions).not.toContain(`${w} Open`);
    } finally {
      await setFlag('gaming', true);
    }
    expect((await gaming({ q: w })).map((x) => x.id)).toEqual([c.id, s.id]);
    // Live off: the tournaments stay, the streams go.
    await setFlag('live', false);
    try {
      expect((await gaming({ q: w })).map((x) => x.id)).toEqual([c.id]);
    } finally {
      await setFlag('live', true);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { ProcessMediaJob } from '../src/modules/catalog/application/process-media.job.js';
import { AccountPurge } from '../src/modules/accounts/application/account-purge.js';
import { FeatureFlags } from '../src/common/features/feature-flags.js';
import { createTestApp, type TestApp } from './harness.js';
import { makeClips, setPrivacy, upload, type Clips } from './media-fixtures.js';
import { person, publish, settled, type Person } from './social-fixtures.js';

let t: TestApp;
let clips: Clips;

beforeAll(async () => {
  // TRUST_PROXY: visitors are told apart by X-Forwarded-For (as behind the production proxy).
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'true' }), makeClips(['landscape'])]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

/** A word no other test uses (letters only; never starts with 'i', which the suggestions test owns). */
function word(): string {
  return `zq${Array.from(randomBytes(7), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

function search(who: Person | null, params: Record<string, string>, ip?: string) {
  let r = t.http().get('/api/search').query(params);
  if (who) r = r.set(...who.auth);
  if (ip) r = r.set('X-Forwarded-For', ip);
  return r;
}

function suggest(q: string | undefined, who?: Person) {
  let r = t.http().get('/api/search/suggestions').query(q === undefined ? {} : { q });
  if (who) r = r.set(...who.auth);
  return r;
}

type Item = { id: string; kind: string; title: string };
const videoIds = (r: { body: { results: { videos: Item[] } } }) => r.body.results.videos.map((v) => v.id);
const userIds = (r: { body: { results: { users: { id: string }[] } } }) => r.body.results.users.map((u) => u.id);

async function searchQueriesCount(): Promise<number> {
  return (await t.sql<{ n: number }>('select count(*)::int as n from search_queries'))[0].n;
}

/** Switches the `reels` feature as the console does (the table, then this process's copy at once). */
async function setReels(enabled: boolean): Promise<void> {
  await t.sql(`update feature_flags set enabled = $1 where name = 'reels'`, [enabled]);
  await t.app.get(FeatureFlags).reload();
}

describe('with the reels feature off', () => {
  it('shorts leave search results, suggestions, the following feed and content counts; back on, they return', async () => {
    const [maker, viewer] = [await person(t), await person(t)];
    const w = word();
    expect((await t.http().post(`/api/users/${maker.id}/follow`).set(...viewer.auth)).status).toBe(200);
    const video = await publish(t, maker, clips, 'video', `${w} long walk`);
    const reel = await publish(t, maker, clips, 'reel', `${w} short hop`);
    const look = async () => {
      const found = await search(viewer, { q: w });
      const videosTab = await search(viewer, { q: w, content_type: 'videos' });
      const profile = await t.http().get(`/api/users/${maker.id}/profile`).set(...viewer.auth);
      const feed = await t.http().get('/api/feed/following?limit=10').set(...viewer.auth);
      const videosFeed = await t.http().get('/api/feed/following?content_type=videos&limit=10').set(...viewer.auth);
      return {
        all: videoIds(found),
        tab: videoIds(videosTab),
        suggestions: (await suggest(w)).body.suggestions as string[],
        feed: feed.body.content.map((i: Item) => i.id),
        videosFeed: videosFeed.body.content.map((i: Item) => i.id),
        total: profile.body.content_stats.total,
      };
    };
    const on = { all: [reel, video].sort(), tab: [reel, video].sort(), suggestions: [`${w} long walk`, `${w} short hop`], feed: [reel, video], videosFeed: [reel, video], total: 2 };
    const sorted = (r: Awaited<ReturnType<typeof look>>) => ({ ...r, all: [...r.all].sort(), tab: [...r.tab].sort() });
    expect(sorted(await look())).toEqual(on);

    await setReels(false);
    try {
      expect(await look()).toEqual({ all: [video], tab: [video], suggestions: [`${w} long walk`], feed: [video], videosFeed: [video], total: 1 });
    } finally {
      await setReels(true);
    }
    expect(sorted(await look())).toEqual(on);
  }, 120_000);
});

describe('full-text search', () => {
  it('finds a title whatever the accents and case, by a prefix, in any word order, by description, tag and a typo', async () => {
    const [maker, viewer] = [await person(t), await person(t)];
    const descWord = word();
    const tag = word();
    const video = await publish(t, maker, clips, 'video', 'Café Sunrise Timelapse', { description: `Filmed from the ${descWord} harbour wall` });
    const reel = await publish(t, maker, clips, 'reel', 'Harbour loop', { tags: JSON.stringify([`#${tag.toUpperCase()}`]) });

    for (const q of ['cafe', 'CAFÉ', 'Café', 'sunr', 'sunrise cafe', '  Timelapse   café ', descWord, descWord.toUpperCase(), 'timelapes']) {
      const r = await search(viewer, { q });
      expect({ q, status: r.status, videos: videoIds(r) }).toEqual({ q, status: 200, videos: [video] });
    }
    const byTag = await search(viewer, { q: tag });
    expect(byTag.body.results.videos).toEqual([expect.objectContaining({ id: reel, kind: 'reel', title: 'Harbour loop' })]);
    // The query comes back as it was typed, with runs of spaces collapsed.
    expect((await search(viewer, { q: '  Timelapse   café ' })).body.query).toBe('Timelapse café');

    const none = await search(viewer, { q: 'xylophonic' });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ query: 'xylophonic', total_results: 0, results: { videos: [], users: [] } });
    // Every word must match: a word found nowhere finds nothing, even beside one that matches.
    expect(videoIds(await search(viewer, { q: `${descWord} ${word()}` }))).toEqual([]);
  }, 60_000);

  it('ranks a title match above a description-only match', async () => {
    const [maker, viewer] = [await person(t), await person(t)];
    const w = word();
    // The title match is the older one, so newest-first ordering alone would put it second.
    const inTitle = await publish(t, maker, clips, 'video', `${w} over the valley`);
    const inDescription = await publish(t, maker, clips, 'video', 'Valley walk', { description: `Walking towards ${w} in the rain` });
    const r = await search(viewer, { q: w, content_type: 'videos' });
    expect(videoIds(r)).toEqual([inTitle, inDescription]);
    expect((await search(viewer, { q: w })).body.results.videos.map((v: Item) => v.title)).toEqual([`${w} over the valley`, 'Valley walk']);
  }, 60_000);
});

describe('kinds and shape', () => {
  it('answers the "all" search with at most 3 per kind in the exact shape, and one kind with more', async () => {
    const k = word();
    const first = `${k[0].toUpperCase()}${k.slice(1)}`;
    const viewer = await person(t);
    const namesakes: Person[] = [];
    for (let i = 0; i < 4; i++) namesakes.push(await person(t, { first_name: first, last_name: 'Finder' }));
    const maker = await person(t);
    const videos: string[] = [];
    for (let i = 1; i <= 4; i++) videos.push(await publish(t, maker, clips, 'video', `${k} clip ${i}`));
    const reel = await publish(t, maker, clips, 'reel', `${k} short`);
    expect((await t.http().post(`/api/users/${namesakes[0].id}/follow`).set(...viewer.auth)).status).toBe(200);
    await settled(t);

    const all = await search(viewer, { q: k });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      query: k,
      total_results: 6,
      available: ['videos', 'music', 'live', 'users', 'podcasts', 'gaming'],
      results: { videos: expect.any(Array), users: expect.any(Array), music: [], live: [], podcasts: [], gaming: [] },
    });
    expect(all.body.results.videos).toHaveLength(3);
    expect(all.body.results.users).toHaveLength(3);
    for (const v of all.body.results.videos) expect([...videos, reel]).toContain(v.id);
    for (const u of all.body.results.users) expect(namesakes.map((n) => n.id)).toContain(u.id);
    // content_type=all is the same search.
    expect((await search(viewer, { q: k, content_type: 'all' })).body.total_results).toBe(6);

    const many = await search(viewer, { q: k, content_type: 'videos' });
    expect(many.body.total_results).toBe(5);
    expect(many.body.results.users).toEqual([]);
    expect(new Set(videoIds(many))).toEqual(new Set([...videos, reel]));
    const limited = await search(viewer, { q: k, content_type: 'videos', limit: '4' });
    expect(videoIds(limited)).toHaveLength(4);
    expect(limited.body.total_results).toBe(4);

    const v1 = many.body.results.videos.find((v: Item) => v.id === videos[0]);
    expect(v1).toEqual({
      id: videos[0],
      kind: 'video',
      title: `${k} clip 1`,
      username: maker.name,
      user_id: maker.id,
      views: 0,
      likes: 0,
      thumbnail_url: expect.stringMatching(/^\/api\//),
      is_vertical: false,
      duration_seconds: 2,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(many.body.results.videos.find((v: Item) => v.id === reel)).toMatchObject({ kind: 'reel', title: `${k} short`, is_vertical: true, username: maker.name });

    const users = await search(viewer, { q: k, content_type: 'users' });
    expect(users.body.results.videos).toEqual([]);
    expect(new Set(userIds(users))).toEqual(new Set(namesakes.map((n) => n.id)));
    expect(users.body.results.users.find((u: { id: string }) => u.id === namesakes[0].id)).toEqual({
      id: namesakes[0].id,
      user_id: namesakes[0].id,
      username: namesakes[0].name,
      full_name: `${first} Finder`,
      followers_count: 1,
      photo_url: null,
      is_premium: false,
      creator_program: false,
      is_following: true,
      is_self: false,
    });
    expect(users.body.results.users.find((u: { id: string }) => u.id === namesakes[1].id)).toMatchObject({ followers_count: 0, is_following: false, is_self: false });
    const self = await search(namesakes[1], { q: k, content_type: 'users' });
    expect(self.body.results.users.find((u: { id: string }) => u.id === namesakes[1].id)).toMatchObject({ is_self: true, is_following: false });
    // A visitor sees the same, without follow state.
    const visitor = await search(null, { q: k, content_type: 'users' });
    expect(visitor.body.results.users.find((u: { id: string }) => u.id === namesakes[0].id)).toMatchObject({ is_following: false, is_self: false });
    // Kinds this server does not have answer empty.
    const music = await search(viewer, { q: k, content_type: 'music' });
    expect(music.status).toBe(200);
    expect(music.body).toMatchObject({ total_results: 0, results: { videos: [], users: [], music: [] } });
  }, 120_000);

  it('finds users by display name, first name and last name', async () => {
    const [first, last, handle] = [word(), word(), word()];
    const viewer = await person(t);
    const byFirst = await person(t, { first_name: first });
    const byLast = await person(t, { last_name: last });
    const byHandle = await person(t, { display_name: `${handle.slice(0, 10)}_Yo` });
    const find = async (q: string) => userIds(await search(viewer, { q, content_type: 'users' }));
    expect(await find(first)).toEqual([byFirst.id]);
    expect(await find(last.toUpperCase())).toEqual([byLast.id]);
    expect(await find(`${first} user`)).toEqual([byFirst.id]);
    expect(await find(`${handle.slice(0, 10)}_yo`)).toEqual([byHandle.id]);
    expect(await find(handle.slice(0, 6))).toEqual([byHandle.id]);
    expect((await search(viewer, { q: byHandle.name, content_type: 'users' })).body.results.users[0]).toMatchObject({ username: byHandle.name, full_name: 'Test User' });
  });
});

describe('visibility', () => {
  it('hides a private user and their media, and finds them again once public', async () => {
    const [maker, viewer] = [await person(t), await person(t)];
    const w = word();
    const id = await publish(t, maker, clips, 'video', `${w} at the lake`);
    const findVideo = async (who: Person | null) => videoIds(await search(who, { q: w }));
    const findUser = async (who: Person | null) => userIds(await search(who, { q: maker.name, content_type: 'users' }));
    expect(await findVideo(viewer)).toEqual([id]);
    expect(await findUser(viewer)).toEqual([maker.id]);
    expect((await suggest(w, viewer)).body.suggestions).toContain(`${w} at the lake`);

    await setPrivacy(t, maker.auth, { profile_visibility: 'private' });
    await settled(t);
    expect(await findVideo(viewer)).toEqual([]);
    expect(await findVideo(null)).toEqual([]);
    expect(await findUser(viewer)).toEqual([]);
    expect(await findUser(null)).toEqual([]);
    expect((await search(viewer, { q: `${w} lake` })).body.total_results).toBe(0);
    // Not even through the typo path.
    expect(await findVideo(viewer)).toEqual([]);
    // Titles are no longer suggested (what people typed before still may be: it is theirs, not the maker's).
    expect((await suggest(w, viewer)).body.suggestions).not.toContain(`${w} at the lake`);

    await setPrivacy(t, maker.auth, { profile_visibility: 'public' });
    await settled(t);
    expect(await findVideo(viewer)).toEqual([id]);
    expect(await findUser(viewer)).toEqual([maker.id]);
  }, 60_000);

  it("drops a deleted account's media, and a deleted user with all of theirs, once events settle", async () => {
    const viewer = await person(t);
    // A second account of a user: its media, then the account deleted.
    const owner = await person(t);
    const side = (await t.http().post('/api/accounts/create').set(...owner.auth).send({ display_name: 'Side channel' })).body.account.id as string;
    expect((await t.http().post('/api/accounts/switch').set(...owner.auth).send({ account_id: side })).status).toBe(200);
    const w1 = word();
    const sideVideo = await publish(t, owner, clips, 'video', `${w1} from the side channel`);
    expect(videoIds(await search(viewer, { q: w1 }))).toEqual([sideVideo]);
    expect((await search(viewer, { q: w1 })).body.results.videos[0].username).toBe('Side channel');
    expect((await t.http().delete(`/api/accounts/${side}`).set(...owner.auth)).status).toBe(200);
    // The deletion queues the purge job (run here as the job queue would), which removes the account's media.
    await t.app.get(AccountPurge).run(side);
    await settled(t);
    expect(videoIds(await search(viewer, { q: w1 }))).toEqual([]);
    expect(await t.sql('select 1 from content_index where ref_id = $1', [sideVideo])).toEqual([]);
    // The owner themself is still found.
    expect(userIds(await search(viewer, { q: owner.name, content_type: 'users' }))).toEqual([owner.id]);

    // A user who deletes themself: they and their media.
    const leaver = await person(t);
    const w2 = word();
    const mine = await publish(t, leaver, clips, 'video', `${w2} farewell tour`);
    expect(videoIds(await search(viewer, { q: w2 }))).toEqual([mine]);
    expect(userIds(await search(viewer, { q: leaver.name, content_type: 'users' }))).toEqual([leaver.id]);
    expect((await suggest(w2, viewer)).body.suggestions).toContain(`${w2} farewell tour`);
    expect((await t.http().delete('/api/me').set(...leaver.auth).send({ confirmation: leaver.name })).status).toBe(200);
    await settled(t);
    expect(videoIds(await search(viewer, { q: w2 }))).toEqual([]);
    expect(userIds(await search(viewer, { q: leaver.name, content_type: 'users' }))).toEqual([]);
    expect((await suggest(w2, viewer)).body.suggestions).not.toContain(`${w2} farewell tour`);
  }, 60_000);

  it('does not find a video that is still processing, and finds it once it is ready', async () => {
    const [maker, viewer] = [await person(t), await person(t)];
    const w = word();
    const r = await upload(t, 'video', maker.auth, clips.path.landscape, { title: `${w} in progress` });
    expect(r.status).toBe(201);
    await settled(t);
    expect((await search(viewer, { q: w })).body.total_results).toBe(0);
    expect((await search(viewer, { q: `${w} in progres` })).body.total_results).toBe(0);
    expect((await suggest(w, viewer)).body.suggestions).toEqual([]);
    await t.app.get(ProcessMediaJob).run(r.body.id);
    await settled(t);
    expect(videoIds(await search(viewer, { q: w }))).toEqual([r.body.id]);
  }, 60_000);
});

describe('validation', () => {
  it('refuses a blank, missing or too long query and an unknown kind, recording nothing', async () => {
    const viewer = await person(t);
    const before = await searchQueriesCount();
    for (const params of [{ q: '' }, { q: '   ' }, {}] as Record<string, string>[]) {
      const r = await search(viewer, params);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'SEARCH.EMPTY_QUERY', detail: 'Enter something to search for' });
    }
    const long = await search(viewer, { q: 'a'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'SEARCH.QUERY_TOO_LONG', detail: 'Searches are at most 100 characters' });
    const films = await search(viewer, { q: 'anything', content_type: 'films' });
    expect(films.status).toBe(400);
    expect(films.body.detail).toBe('content_type must be one of videos, music, live, users, podcasts, gaming');
    expect(await searchQueriesCount()).toBe(before);
    // 100 characters is allowed (spaces around and repeated inside do not count).
    const max = await search(viewer, { q: `  ${'b'.repeat(50)}    ${'c'.repeat(49)}  ` });
    expect(max.status).toBe(200);
    expect(max.body.query).toHaveLength(100);
  });
});

describe('suggestions', () => {
  it('completes from one character, accent-insensitively, with titles and usernames', async () => {
    const maker = await person(t);
    await publish(t, maker, clips, 'video', 'Ìsola Bella at dawn');
    const one = await suggest('i');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ suggestions: ['Ìsola Bella at dawn'] });
    expect((await suggest('Ì')).body.suggestions).toEqual(['Ìsola Bella at dawn']);
    expect((await suggest('ISOLA B')).body.suggestions).toEqual(['Ìsola Bella at dawn']);
    expect((await suggest('isola x')).body.suggestions).toEqual([]);

    const w = word();
    const named = await person(t, { display_name: `${w.slice(0, 9)}_Cat` });
    expect((await suggest(w.slice(0, 5).toUpperCase())).body.suggestions).toEqual([named.name]);

    for (const q of ['', '   ', undefined]) {
      const r = await suggest(q);
      expect(r.status).toBe(400);
      expect(r.body.detail).toBe('Enter something to search for');
    }
  }, 60_000);

  it('gives at most 8 without repeats, popular searches first', async () => {
    const maker = await person(t);
    const n = word();
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett'];
    await publish(t, maker, clips, 'video', `${n} Alpha`);
    for (const name of names) await publish(t, maker, clips, 'video', `${n} ${name}`);
    const plain = await suggest(n);
    expect(plain.body.suggestions).toEqual(names.slice(0, 8).map((s) => `${n} ${s}`));

    // Searches that found something become suggestions, most searchers first, shown as typed.
    const [a, b] = [await person(t), await person(t)];
    expect(videoIds(await search(a, { q: `${n} Echo` }))[0]).toBeDefined();
    expect(videoIds(await search(b, { q: `${n} Echo` }))[0]).toBeDefined();
    expect(videoIds(await search(a, { q: `${n} gol` }))[0]).toBeDefined();
    // Found nothing: not a suggestion.
    expect((await search(a, { q: `${n} nowhere nothing never` })).body.total_results).toBe(0);
    const ranked = (await suggest(n)).body.suggestions as string[];
    // A query only one person searched is not offered to others; one that two people searched comes first.
    expect(ranked).toEqual([`${n} Echo`, ...['Alpha', 'Bravo', 'Charlie', 'Delta', 'Foxtrot', 'Golf', 'Hotel'].map((s) => `${n} ${s}`)]);
    expect(new Set(ranked.map((s) => s.toLowerCase())).size).toBe(ranked.length);
  }, 120_000);
});

describe('rate limit', () => {
  it('refuses more than 120 searches a minute from one searcher, and only them', async () => {
    const [busy, calm] = [await person(t), await person(t)];
    // Fixed one-minute windows: start well inside one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => search(busy, { q: 'anything at all' })));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await search(busy, { q: 'anything at all' });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('Too many searches. Please wait a minute.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await search(calm, { q: 'anything at all' })).status).toBe(200);
    // Suggestions have their own, higher limit.
    expect((await suggest('any', busy)).status).toBe(200);
  }, 60_000);
});

describe('trending', () => {
  it('counts distinct searchers of searches that found something, shows them as typed, most searched first', async () => {
    await t.sql('delete from search_queries');
    const maker = await person(t);
    const w = word();
    await publish(t, maker, clips, 'video', `Zébra Crossing ${w}`);
    await publish(t, maker, clips, 'video', `${w} Lantern`);
    await publish(t, maker, clips, 'video', `${w} Meadow`);
    const [a, b, c] = [await person(t), await person(t), await person(t)];
    const found = async (who: Person | null, q: string, ip?: string) => expect((await search(who, { q }, ip)).body.total_results).toBeGreaterThan(0);

    await found(a, 'Zébra Crossing');
    await found(a, '  Zébra   Crossing ');
    await found(b, 'Zébra Crossing');
    await found(null, 'Zébra Crossing', '203.0.113.5');
    await found(null, 'Zébra Crossing', '203.0.113.5');
    await found(null, 'Zébra Crossing', '203.0.113.6');
    await found(a, `${w} Lantern`);
    await found(b, `${w} Lantern`);
    await found(b, `${w} Lantern`);
    await found(c, `${w} meadow`);
    for (const who of [a, b, c]) expect((await search(who, { q: 'qqqjjjvvv kkkwww' })).body.total_results).toBe(0);

    // A second server process on the same database: its trending is not cached yet.
    const fresh = await createTestApp({}, t);
    try {
      const r = await fresh.http().get('/api/search/trending');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        trending: [
          { query: 'Zébra Crossing', count: 4 },
          { query: `${w} Lantern`, count: 2 },
          { query: `${w} meadow`, count: 1 },
        ],
      });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

import sharp from 'sharp';
import { createTestApp, type TestApp } from './harness.js';
import { activeAccount, makeClips, markReady, MP4_HEAD, setPrivacy, upload, type Auth, type Clips, type Kind } from './media-fixtures.js';
import { person, publish, type Person } from './social-fixtures.js';

/** Channel pages (GET /api/channels/{handle} and its videos and reels tabs) and the Cinema room for visitors. */

let t: TestApp;
let clips: Clips;
const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(2000, 7)]);

beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape'])]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

function get(path: string, auth?: Auth | null) {
  const r = t.http().get(path);
  return auth ? r.set(...auth) : r;
}

/** An item uploaded (bytes MP4 by their head) and, unless `state` says otherwise, made ready with a view count. */
async function item(who: Person, kind: Kind, title: string, state: { views?: number; status?: 'ready' | 'processing' | 'failed' } = {}): Promise<string> {
  const r = await upload(t, kind, who.auth, mp4, { title });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  const id = (kind === 'movie' ? r.body.movie.id : r.body.id) as string;
  const status = state.status ?? 'ready';
  if (status === 'ready') await markReady(t, id);
  if (status === 'failed') await t.sql(`update media set status = 'failed', failure_reason = 'Not a video' where id = $1`, [id]);
  if (state.views) await t.sql('update media set views = $2 where id = $1', [id, state.views]);
  return id;
}

/** Follows X-Next-Cursor (videos) or next_cursor (reels) to the end, `limit` at a time; every page's ids in order. */
async function pages(path: string, auth: Auth | null, reels: boolean, limit = 2): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const r = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, auth);
    expect(r.status).toBe(200);
    const items = (reels ? r.body.reels : r.body) as { id: string }[];
    out.push(items.map((i) => i.id));
    cursor = reels ? r.body.next_cursor : ((r.headers['x-next-cursor'] as string | undefined) ?? null);
    expect(out.length).toBeLessThan(20);
  } while (cursor);
  return out;
}

describe('GET /api/channels/{handle}', () => {
  let creator: Person;
  let fan: Person;
  let channel: { id: string; handle: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [creator, fan] = await Promise.all([person(t), person(t)]);
    channel = await activeAccount(t, creator.auth);
    // One video processed for real (ffmpeg), two more ready, one processing and one failed: others see three.
    ids.real = await publish(t, creator, clips, 'video', 'Processed for real');
    await t.sql('update media set views = 5 where id = $1', [ids.real]);
    ids.popular = await item(creator, 'video', 'Most viewed', { views: 500 });
    ids.middle = await item(creator, 'video', 'Middle', { views: 50 });
    ids.processing = await item(creator, 'video', 'Still processing', { status: 'processing' });
    ids.failed = await item(creator, 'video', 'Broken', { status: 'failed' });
    ids.reelA = await item(creator, 'reel', 'Reel A', { views: 7 });
    ids.reelB = await item(creator, 'reel', 'Reel B', { views: 70 });
    ids.reelDraft = await item(creator, 'reel', 'Reel draft', { status: 'processing' });
    // Another channel's things never appear on this one.
    await item(fan, 'video', 'Not on this channel', { views: 10_000 });
  }, 60_000);

  it('answers the channel by its handle, in any case, to a visitor, a user and its owner', async () => {
    const visitor = await get(`/api/channels/${channel.handle.toUpperCase()}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      id: channel.id,
      user_id: creator.id,
      handle: channel.handle,
      display_name: creator.name,
      bio: null,
      location: null,
      website: null,
      avatar_url: null,
      banner_url: null,
      banner_small_url: null,
      links: [],
      account_type: 'creator',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      follower_count: 0,
      following_count: 0,
      video_count: 3,
      reel_count: 2,
      total_views: 5 + 500 + 50 + 7 + 70,
      is_following: false,
      is_own: false,
    });
    const mixed = channel.handle.split('').map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
    const user = await get(`/api/channels/${mixed}`, fan.auth);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: channel.id, is_own: false, is_following: false, video_count: 3, reel_count: 2 });
    // The owner counts their own items in every state.
    const own = await get(`/api/channels/${channel.handle}`, creator.auth);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: channel.id, is_own: true, is_following: false, video_count: 5, reel_count: 3, total_views: 632 });
  });

  it('counts followers of the owning user, and tells the follower they follow', async () => {
    const f = await t.http().post(`/api/users/${creator.id}/follow`).set(...fan.auth);
    expect(f.status).toBe(200);
    expect((await get(`/api/channels/${channel.handle}`, fan.auth)).body).toMatchObject({ follower_count: 1, following_count: 0, is_following: true });
    expect((await get(`/api/channels/${channel.handle}`)).body).toMatchObject({ follower_count: 1, is_following: false });
    const fanChannel = await activeAccount(t, fan.auth);
    expect((await get(`/api/channels/${fanChannel.handle}`)).body).toMatchObject({ follower_count: 0, following_count: 1, is_own: false });
    await t.http().post(`/api/users/${creator.id}/follow`).set(...fan.auth); // unfollow
    expect((await get(`/api/channels/${channel.handle}`, fan.auth)).body).toMatchObject({ follower_count: 0, is_following: false });
  });

  it('shows the profile fields and the photo as other answers build its URL', async () => {
    const bob = await person(t);
    // A second account of the user: a brand channel, not the active one.
    const handle = `brand.${Date.now() % 1e9}`;
    const created = await t.http().post('/api/accounts/create').set(...bob.auth).send({ display_name: 'Bob Brand', handle: `@${handle.toUpperCase()}`, account_type: 'brand', bio: 'Hello', location: 'Lisbon', website: 'https://example.com' });
    expect(created.status).toBe(201);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const photo = await t.http().post('/api/profile/upload-photo').set(...bob.auth).field('account_id', created.body.account.id).attach('file', png, { filename: 'me.png', contentType: 'image/png' });
    expect(photo.status).toBe(200);
    const r = await get(`/api/channels/${handle}`);
    expect(r.body).toMatchObject({
      id: created.body.account.id,
      user_id: bob.id,
      handle,
      display_name: 'Bob Brand',
      bio: 'Hello',
      location: 'Lisbon',
      website: 'https://example.com',
      account_type: 'brand',
      avatar_url: photo.body.photo_url,
      video_count: 0,
      reel_count: 0,
      total_views: 0,
    });
    expect((await get(r.body.avatar_url)).status).toBe(200);
  });

  it('videos tab: the same items as GET /api/videos, newest first or most viewed first, paged to the end', async () => {
    const newest = await pages(`/api/channels/${channel.handle}/videos`, null, false);
    expect(newest).toEqual([[ids.middle, ids.popular], [ids.real]]);
    const popular = await pages(`/api/channels/${channel.handle}/videos?sort=popular`, null, false);
    expect(popular).toEqual([[ids.popular, ids.middle], [ids.real]]);
    // The owner also sees the processing and failed ones, newest first.
    const own = await pages(`/api/channels/${channel.handle.toUpperCase()}/videos`, creator.auth, false, 3);
    expect(own.flat()).toEqual([ids.failed, ids.processing, ids.middle, ids.popular, ids.real]);
    // Each item is exactly what the video's own route answers the same viewer.
    const first = await get(`/api/channels/${channel.handle}/videos?limit=1`);
    expect(first.body[0]).toEqual((await get(`/api/videos/${ids.middle}`)).body);
    const processed = (await get(`/api/channels/${channel.handle}/videos?sort=popular&limit=100`)).body.find((v: { id: string }) => v.id === ids.real);
    expect(processed).toMatchObject({ status: 'ready', owner: { account_id: channel.id, handle: channel.handle, user_id: creator.id }, is_owner: false });
    expect(processed.hls_url).toBe(`/api/videos/${ids.real}/hls/master.m3u8`);
  });

  it('reels tab: { reels, next_cursor }, both orders, the owner sees drafts', async () => {
    expect(await pages(`/api/channels/${channel.handle}/reels`, null, true, 1)).toEqual([[ids.reelB], [ids.reelA]]);
    expect(await pages(`/api/channels/${channel.handle}/reels?sort=popular`, fan.auth, true, 1)).toEqual([[ids.reelB], [ids.reelA]]);
    await t.sql('update media set views = 700 where id = $1', [ids.reelA]);
    expect((await pages(`/api/channels/${channel.handle}/reels?sort=popular`, null, true, 5)).flat()).toEqual([ids.reelA, ids.reelB]);
    await t.sql('update media set views = 7 where id = $1', [ids.reelA]);
    const own = await get(`/api/channels/${channel.handle}/reels`, creator.auth);
    expect(own.body.reels.map((r: { id: string }) => r.id)).toEqual([ids.reelDraft, ids.reelB, ids.reelA]);
    expect(own.body.next_cursor).toBeNull();
    const one = await get(`/api/channels/${channel.handle}/reels?limit=1`);
    expect(one.body.reels[0]).toEqual((await get(`/api/reels/${ids.reelB}`)).body);
  });

  it('refuses a sort it does not know (400), and starts over on a cursor that is not one', async () => {
    const bad = await get(`/api/channels/${channel.handle}/videos?sort=oldest`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', detail: 'sort must be newest or popular' });
    const garbage = await get(`/api/channels/${channel.handle}/reels?sort=popular&cursor=nonsense`);
    expect(garbage.status).toBe(200);
    expect(garbage.body.reels).toHaveLength(2);
  });
});

describe('private channels and handles that name nothing', () => {
  it('a private account: 404 to visitors and other users, its page and tabs to its owner', async () => {
    const [recluse, other] = await Promise.all([person(t), person(t)]);
    const account = await activeAccount(t, recluse.auth);
    const v = await item(recluse, 'video', 'Hidden', { views: 3 });
    await setPrivacy(t, recluse.auth, { profile_visibility: 'private' });
    for (const path of [`/api/channels/${account.handle}`, `/api/channels/${account.handle}/videos`, `/api/channels/${account.handle}/reels`]) {
      for (const auth of [null, other.auth]) {
        const r = await get(path, auth);
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ statusCode: 404, code: 'ACCOUNTS.CHANNEL_NOT_FOUND', detail: 'Channel not found', message: 'Channel not found' });
      }
    }
    const own = await get(`/api/channels/${account.handle}`, recluse.auth);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: account.id, is_own: true, video_count: 1, total_views: 3 });
    expect((await get(`/api/channels/${account.handle}/videos`, recluse.auth)).body.map((x: { id: string }) => x.id)).toEqual([v]);
  });

  it('private videos on a public profile: the page shows, its counts and tabs hold nothing for others', async () => {
    const shy = await person(t);
    const account = await activeAccount(t, shy.auth);
    await item(shy, 'video', 'Only mine', { views: 9 });
    await setPrivacy(t, shy.auth, { video_visibility: 'private' });
    expect((await get(`/api/channels/${account.handle}`)).body).toMatchObject({ video_count: 0, total_views: 0 });
    expect((await get(`/api/channels/${account.handle}/videos`)).body).toEqual([]);
    expect((await get(`/api/channels/${account.handle}`, shy.auth)).body).toMatchObject({ video_count: 1, total_views: 9 });
  });

  it('unknown, malformed and deleted handles are 404 with the error body, never 400 or 500', async () => {
    const owner = await person(t);
    const spare = await t.http().post('/api/accounts/create').set(...owner.auth).send({ display_name: 'Spare', handle: `gone_${Date.now() % 1e9}` });
    expect(spare.status).toBe(201);
    await t.http().delete(`/api/accounts/${spare.body.account.id}`).set(...owner.auth).expect(200);
    const handles = ['nobody_has_this_handle', 'ab', 'x'.repeat(31), 'bad%20handle', '%C3%BCnic%C3%B6de', 'semi%3Bcolon', '..%2F..%2Fetc', spare.body.account.handle, spare.body.account.id];
    for (const h of handles) {
      for (const suffix of ['', '/videos', '/reels']) {
        const r = await get(`/api/channels/${h}${suffix}`, owner.auth);
        expect([h, suffix, r.status]).toEqual([h, suffix, 404]);
        expect(r.body).toMatchObject({ statusCode: 404, code: expect.any(String), detail: expect.any(String) });
      }
    }
  });

  it("leaves the memberships routes under /api/channels/{channelId}/… as they were", async () => {
    const owner = await person(t);
    const account = await activeAccount(t, owner.auth);
    const tier = await t.http().post(`/api/channels/${account.id}/membership-tiers`).set(...owner.auth).send({ name: 'Gold', price: 4.99 });
    expect(tier.status).toBe(201);
    const members = await get(`/api/channels/${account.id}/members`, owner.auth);
    expect(members.status).toBe(200);
    expect((await get(`/api/channels/${account.handle}`, owner.auth)).body.id).toBe(account.id);
  });
});

describe('the Cinema room for visitors', () => {
  it('lists movies and opens their pages (premium ones too); the stream still needs a signed-in, entitled viewer', async () => {
    const [studio, viewer] = await Promise.all([person(t), person(t)]);
    const movie = await item(studio, 'movie', 'Open film');
    const premium = (await upload(t, 'movie', studio.auth, mp4, { title: 'Premium film', is_premium: 'true' })).body.movie.id as string;
    await markReady(t, premium);
    const draft = await item(studio, 'movie', 'Unfinished film', { status: 'processing' });

    const list = await get('/api/movies?limit=100');
    expect(list.status).toBe(200);
    const shown = list.body.movies as { id: string; is_premium: boolean; stream_url: string; is_owner: boolean }[];
    expect(shown.map((m) => m.id)).toEqual(expect.arrayContaining([movie, premium]));
    expect(shown.map((m) => m.id)).not.toContain(draft);
    expect(shown.find((m) => m.id === premium)).toMatchObject({ is_premium: true, is_owner: false, stream_url: `/api/movies/${premium}/stream` });

    const page = await get(`/api/movies/${premium}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: premium, title: 'Premium film', is_premium: true, status: 'ready' });
    expect((await get(`/api/movies/${draft}`)).status).toBe(404);
    expect((await get('/api/movies/not-an-id')).status).toBe(404);

    const visitorStream = await get(`/api/movies/${movie}/stream`);
    expect(visitorStream.status).toBe(401);
    expect(visitorStream.body.detail).toBe('Please sign in to watch movies');
    const signedIn = (await get(`/api/movies/${premium}`, viewer.auth)).body.stream_url as string;
    expect((await get(signedIn)).status).toBe(403); // premium: refused to a viewer without premium
    expect((await get((await get(`/api/movies/${movie}`, viewer.auth)).body.stream_url)).status).toBe(200);
  });
});

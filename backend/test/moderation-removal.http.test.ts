import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { AccountsFacade } from '../src/modules/accounts/accounts.facade.js';
import { CatalogFacade } from '../src/modules/catalog/catalog.facade.js';
import { PurgeRemovedMediaJob } from '../src/modules/catalog/application/purge-removed-media.job.js';
import { createTestApp, type TestApp } from './harness.js';
import { activeAccount, binary, makeClips, setPrivacy, upload, waitFor, type Auth, type Clips } from './media-fixtures.js';
import { durable, person, settled, type Person } from './social-fixtures.js';

/**
 * Moderation's side of the catalog (CatalogFacade, AccountsFacade.channelReportTarget and the catalog's handlers of
 * moderation's durable events), seen through HTTP: removed media is gone for everyone, its owner too, from every list,
 * search, feed, page, stream, playlist and thumbnail; its files are purged by a durable job; an item whose files were
 * kept comes back whole when restored.
 */

let t: TestApp;
let clips: Clips;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'scriven-dist-'));
  writeFileSync(join(dist, 'index.html'), readFileSync(new URL('../../frontend/index.html', import.meta.url), 'utf8'));
  [t, clips] = await Promise.all([
    createTestApp({ JOBS_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000', TRENDING_REFRESH_SECONDS: '0', FRONTEND_DIST: dist }),
    makeClips(['landscape']),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

type Any = Record<string, any>;

const catalog = () => t.app.get(CatalogFacade);
const accounts = () => t.app.get(AccountsFacade);
/** A facade call as another context makes it: inside a request's (or a job's) context. */
const ctx = <T>(fn: () => Promise<T>): Promise<T> => RequestContext.create(t.orm.em, fn);

function word(): string {
  return `zq${Array.from(randomBytes(7), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

function as(auth: Auth | null | undefined, path: string) {
  const r = t.http().get(path);
  return auth ? r.set(...auth) : r;
}

function bytes(path: string, auth?: Auth | null, range?: string) {
  let r = as(auth, path);
  if (range) r = r.set('Range', range);
  return r.buffer(true).parse(binary as never);
}

/** Uploads a clip through the API and waits for the queued processing job to make it ready (ffmpeg: HLS and a thumbnail). */
async function processed(who: Person, kind: 'video' | 'reel', title: string, extra: Record<string, string> = {}): Promise<string> {
  const r = await upload(t, kind, who.auth, clips.path.landscape, { title, ...extra });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.id as string;
  await waitFor(`${kind} ${id} processed`, async () => (await t.sql<{ status: string }>('select status from media where id = $1', [id]))[0]?.status === 'ready', 90_000, 200);
  await settled(t);
  return id;
}

/** The stored files of an item, as paths on disk. */
async function files(id: string): Promise<{ original: string; thumbnail: string; hls: string }> {
  const [row] = await t.sql<{ original_key: string; thumbnail_key: string }>('select original_key, thumbnail_key from media where id = $1', [id]);
  const root = join(t.config.dataDir, 'media');
  return { original: join(root, row.original_key), thumbnail: join(root, row.thumbnail_key), hls: join(root, 'hls', id) };
}

const ids = (items: { id: string }[] | undefined) => (items ?? []).map((i) => i.id);

async function searchIds(who: Person | null, q: string): Promise<string[]> {
  const r = await as(who?.auth, `/api/search?q=${q}&content_type=videos&limit=20`);
  expect(r.status).toBe(200);
  return ids(r.body.results.videos);
}

/** Everything a viewer may see of videos: each list that could name the item, in one object. */
async function everywhere(viewer: Person | null, channel: { handle: string }, q: string, kind: 'video' | 'reel' = 'video'): Promise<Any> {
  const auth = viewer?.auth ?? null;
  const list = await as(auth, `/api/${kind}s?limit=100`);
  const mine = viewer ? await as(auth, `/api/${kind}s?limit=100&mine=true`) : null;
  const channelTab = await as(auth, `/api/channels/${channel.handle}/${kind}s?limit=100`);
  const popularTab = await as(auth, `/api/channels/${channel.handle}/${kind}s?limit=100&sort=popular`);
  const page = await as(auth, `/api/channels/${channel.handle}`);
  const home = await as(auth, '/api/home');
  const feed = viewer ? await as(auth, '/api/feed/following?limit=50') : null;
  for (const r of [list, mine, channelTab, popularTab, page, home, feed]) if (r) expect(r.status).toBe(200);
  const items = (b: Any) => (kind === 'reel' ? b.reels : b);
  return {
    list: ids(items(list.body)),
    mine: mine ? ids(items(mine.body)) : [],
    channel: ids(items(channelTab.body)),
    popular: ids(items(popularTab.body)),
    counts: { videos: page.body.video_count, reels: page.body.reel_count, views: page.body.total_views },
    following: ids(home.body.following),
    trending: ids(home.body.trending),
    continueWatching: (home.body.continue_watching as { video: { id: string } }[]).map((c) => c.video.id),
    feed: feed ? ids(feed.body.content) : [],
    search: await searchIds(viewer, q),
  };
}

const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('a video removed by moderation', () => {
  let creator: Person;
  let fan: Person;
  let channel: { id: string; handle: string };
  let q: string;
  let video: string;
  let comment: string;
  let segment: string;

  beforeAll(async () => {
    [creator, fan] = await Promise.all([person(t), person(t)]);
    channel = await activeAccount(t, creator.auth);
    q = word();
    expect((await t.http().post(`/api/users/${creator.id}/follow`).set(...fan.auth)).status).toBe(200);
    video = await processed(creator, 'video', `Harbour at dawn ${q}`, { description: 'Boats leaving at first light' });
    // Ten minutes long for Home's Continue watching (a 2 s clip is never "part-way through").
    await t.sql('update media set duration_seconds = 600 where id = $1', [video]);
    expect((await t.http().post(`/api/videos/${video}/view`).set(...fan.auth)).status).toBe(200);
    expect((await t.http().post(`/api/videos/${video}/heartbeat`).set(...fan.auth).send({ seconds: 20, position: 120 })).status).toBe(204);
    const c = await t.http().post(`/api/videos/${video}/comments`).set(...fan.auth).send({ content: 'Lovely light' });
    expect(c.status).toBe(201);
    comment = c.body.id;
    const variant = await t.http().get(`/api/videos/${video}/hls/360p/index.m3u8`);
    expect(variant.status).toBe(200);
    segment = variant.text.split('\n').find((l) => l.startsWith('seg_'))!.trim();
  }, 120_000);

  it('is everywhere before: lists, channel, Home, the following feed, search', async () => {
    for (const viewer of [null, fan, creator]) {
      const seen = await everywhere(viewer, channel, q);
      expect(seen.list).toContain(video);
      expect(seen.channel).toContain(video);
      expect(seen.popular).toContain(video);
      expect(seen.counts.videos).toBe(1);
      expect(seen.trending).toContain(video);
      expect(seen.search).toEqual([video]);
    }
    const fanSees = await everywhere(fan, channel, q);
    expect(fanSees.following).toContain(video);
    expect(fanSees.continueWatching).toContain(video);
    expect(fanSees.feed).toContain(video);
    expect((await everywhere(creator, channel, q)).mine).toEqual([video]);
  });

  it('is gone for visitors, users and its owner alike; its files stay until purged', async () => {
    const { original, thumbnail, hls } = await files(video);
    const thumbUrl = (await t.http().get(`/api/videos/${video}`)).body.thumbnail_url as string;
    const changes = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from event_outbox where topic = 'catalog.media-changed' and payload->>'mediaId' = $1`, [video]))[0].n;
    const changesBefore = await changes();
    await ctx(() => catalog().removeMediaByModeration(video, { purgeFiles: false }));
    // Idempotent: a second call (the durable event after the direct call) changes nothing and records nothing.
    await ctx(() => catalog().removeMediaByModeration(video, { purgeFiles: false }));
    await settled(t);
    expect(await changes()).toBe(changesBefore + 1);
    expect(await t.sql('select status, purge_requested_at, files_purged_at from media where id = $1', [video])).toEqual([{ status: 'removed', purge_requested_at: null, files_purged_at: null }]);

    for (const viewer of [null, fan, creator]) {
      const seen = await everywhere(viewer, channel, q);
      expect({ viewer: viewer?.name ?? 'visitor', ...seen }).toEqual({
        viewer: viewer?.name ?? 'visitor',
        list: expect.not.arrayContaining([video]),
        mine: [],
        channel: [],
        popular: [],
        counts: { videos: 0, reels: 0, views: 0 },
        following: [],
        trending: expect.not.arrayContaining([video]),
        continueWatching: [],
        feed: expect.not.arrayContaining([video]),
        search: [],
      });
      const auth = viewer?.auth ?? null;
      // The item, its bytes (whole and a range), its HLS master, variant and segment, its thumbnail: the same 404 as a missing item.
      const missing = await as(auth, `/api/videos/${randomUUID()}`);
      for (const path of [
        `/api/videos/${video}`,
        `/api/videos/${video}/stream`,
        `/api/videos/${video}/hls/master.m3u8`,
        `/api/videos/${video}/hls/360p/index.m3u8`,
        `/api/videos/${video}/hls/360p/${segment}`,
        thumbUrl,
        `/api/videos/${video}/comments`,
        `/api/comments/${comment}/replies`,
      ]) {
        const r = await bytes(path, auth);
        expect({ path, status: r.status }).toEqual({ path, status: 404 });
      }
      const ranged = await bytes(`/api/videos/${video}/stream`, auth, 'bytes=0-99');
      expect(ranged.status).toBe(404);
      const plain = await as(auth, `/api/videos/${video}`);
      expect(plain.body.code).toBe(missing.body.code);
      expect(plain.body.detail).toBe(missing.body.detail);
      const view = t.http().post(`/api/videos/${video}/view`);
      expect((await (auth ? view.set(...auth) : view)).status).toBe(404);
      // The share page is the plain app: no title, no preview, nothing of the item.
      const share = await t.http().get(`/videos/${video}`);
      expect(share.status).toBe(200);
      expect(title(share.text)).toBe('Scriven');
      expect(share.text).not.toContain(q);
      expect(share.text).not.toContain('og:title');
    }
    for (const who of [fan, creator]) {
      expect((await t.http().post(`/api/videos/${video}/like`).set(...who.auth)).status).toBe(404);
      expect((await t.http().post(`/api/videos/${video}/heartbeat`).set(...who.auth).send({ seconds: 5, position: 10 })).status).toBe(404);
      expect((await t.http().post(`/api/videos/${video}/comments`).set(...who.auth).send({ content: 'Still here?' })).status).toBe(404);
      expect((await t.http().post(`/api/comments/${comment}/like`).set(...who.auth)).status).toBe(404);
    }
    // Creator figures (the partner program's) count it no more.
    expect((await ctx(() => catalog().stats(creator.id, new Date(0)))).totalVideos).toBe(0);
    // Its files are all still there (kept while a strike may be appealed).
    for (const f of [original, thumbnail, hls]) expect(existsSync(f)).toBe(true);
    expect(await ctx(() => catalog().mediaPlayback(video))).toEqual({ streamUrl: null, thumbnailUrl: null, removed: true });
    expect(await ctx(() => catalog().mediaReportTarget('video', video, fan.id))).toBeNull();
    expect(await ctx(() => catalog().commentReportTarget(comment, fan.id))).toBeNull();
  });

  it('has its files purged by the durable job, and can then never be restored', async () => {
    const { original, thumbnail, hls } = await files(video);
    await ctx(() => catalog().purgeRemovedMedia(video));
    // The queued job (pg-boss) deletes them.
    await waitFor('the purge job', async () => !existsSync(original) && !existsSync(thumbnail) && !existsSync(hls), 30_000, 100);
    await waitFor('the purge recorded', async () => (await t.sql<{ files_purged_at: Date | null }>('select files_purged_at from media where id = $1', [video]))[0].files_purged_at !== null, 10_000, 100);
    // Run again (a retry, the sweeper, the event after the direct call): nothing to do.
    await t.app.get(PurgeRemovedMediaJob).run(video);
    await ctx(() => catalog().purgeRemovedMedia(video));
    await t.app.get(PurgeRemovedMediaJob).sweep();
    expect(await ctx(() => catalog().restoreMediaByModeration(video))).toBe(false);
    expect((await t.sql<{ status: string }>('select status from media where id = $1', [video]))[0].status).toBe('removed');
    expect((await t.http().get(`/api/videos/${video}`).set(...creator.auth)).status).toBe(404);
    // The row stays (moderation's case and the ledger name it); its engagement is untouched.
    expect((await t.sql<{ n: number }>('select count(*)::int as n from media_comments where media_id = $1', [video]))[0].n).toBe(1);
  });
});

describe('a video removed with its files kept, then restored', () => {
  it('comes back everywhere: lists, search, the channel, its stream, HLS and thumbnail', async () => {
    const [creator, fan] = await Promise.all([person(t), person(t)]);
    const channel = await activeAccount(t, creator.auth);
    const q = word();
    expect((await t.http().post(`/api/users/${creator.id}/follow`).set(...fan.auth)).status).toBe(200);
    const video = await processed(creator, 'video', `Lighthouse keeper ${q}`);
    const before = await t.http().get(`/api/videos/${video}`);
    const thumbUrl = before.body.thumbnail_url as string;
    const whole = await bytes(`/api/videos/${video}/stream`);
    expect(whole.status).toBe(200);

    await ctx(() => catalog().removeMediaByModeration(video, { purgeFiles: false }));
    await settled(t);
    expect(await searchIds(fan, q)).toEqual([]);
    expect((await bytes(`/api/videos/${video}/stream`, creator.auth)).status).toBe(404);
    expect((await as(creator.auth, `/api/channels/${channel.handle}`)).body.video_count).toBe(0);

    expect(await ctx(() => catalog().restoreMediaByModeration(video))).toBe(true);
    expect(await ctx(() => catalog().restoreMediaByModeration(video))).toBe(true);
    await settled(t);
    for (const viewer of [null, fan, creator]) {
      const seen = await everywhere(viewer, channel, q);
      expect(seen.list).toContain(video);
      expect(seen.channel).toEqual([video]);
      expect(seen.counts.videos).toBe(1);
      expect(seen.search).toEqual([video]);
      if (viewer === fan) expect(seen.feed).toContain(video);
      if (viewer === creator) expect(seen.mine).toEqual([video]);
    }
    const again = await bytes(`/api/videos/${video}/stream`);
    expect(again.status).toBe(200);
    expect((again.body as Buffer).equals(whole.body as Buffer)).toBe(true);
    const ranged = await bytes(`/api/videos/${video}/stream`, null, 'bytes=0-99');
    expect(ranged.status).toBe(206);
    expect((ranged.body as Buffer).equals((whole.body as Buffer).subarray(0, 100))).toBe(true);
    expect((await t.http().get(`/api/videos/${video}/hls/master.m3u8`)).status).toBe(200);
    expect((await bytes(thumbUrl)).status).toBe(200);
    const share = await t.http().get(`/videos/${video}`);
    expect(title(share.text)).toBe(`Lighthouse keeper ${q} · Scriven`);
    expect(await ctx(() => catalog().mediaPlayback(video))).toEqual({ streamUrl: `/api/videos/${video}/stream`, thumbnailUrl: thumbUrl, removed: false });
  });
});

describe('a reel removed with its files purged at once', () => {
  it('is gone from the reels list, its page, stream and comments, and its files go by the job', async () => {
    const creator = await person(t);
    const fan = await person(t);
    const channel = await activeAccount(t, creator.auth);
    const q = word();
    const reel = await processed(creator, 'reel', `Quick jump ${q}`, { tags: '["bike"]' });
    expect((await t.http().post(`/api/reels/${reel}/comments`).set(...fan.auth).send({ content: 'Wow' })).status).toBe(201);
    expect((await everywhere(fan, channel, q, 'reel')).channel).toEqual([reel]);
    const { original, thumbnail } = await files(reel);

    await ctx(() => catalog().removeMediaByModeration(reel, { purgeFiles: true }));
    await settled(t);
    for (const viewer of [null, fan, creator]) {
      const seen = await everywhere(viewer, channel, q, 'reel');
      expect(seen.list).not.toContain(reel);
      expect(seen.mine).toEqual([]);
      expect(seen.channel).toEqual([]);
      expect(seen.counts).toEqual({ videos: 0, reels: 0, views: 0 });
      expect(seen.search).toEqual([]);
      for (const path of [`/api/reels/${reel}`, `/api/reels/${reel}/stream`, `/api/reels/${reel}/comments`]) {
        expect({ path, status: (await bytes(path, viewer?.auth)).status }).toEqual({ path, status: 404 });
      }
    }
    await waitFor('the purge job', async () => !existsSync(original) && !existsSync(thumbnail), 30_000, 100);
    expect(await ctx(() => catalog().restoreMediaByModeration(reel))).toBe(false);
  });
});

describe("moderation's durable events", () => {
  /** An event as moderation's unit of work records it, dispatched as its runner would (at least once). */
  async function deliver(topic: string, payload: object, createdAt = new Date()): Promise<void> {
    const id = randomUUID();
    await t.sql(`insert into event_outbox (id, topic, payload, created_at, dispatched_at, attempts) values ($1, $2, $3::jsonb, $4, null, 0)`, [id, topic, JSON.stringify(payload), createdAt]);
    expect(await durable(t).dispatch(id)).toBe(true);
    await settled(t);
  }

  it('removes a comment with its replies, counters kept right, and again changes nothing', async () => {
    const [creator, fan, other] = await Promise.all([person(t), person(t), person(t)]);
    const video = await processed(creator, 'video', 'Comments to moderate');
    const post = async (who: Person, body: object) => (await t.http().post(`/api/videos/${video}/comments`).set(...who.auth).send(body)).body.id as string;
    const top = await post(fan, { content: 'Rude words' });
    await post(other, { content: 'Answer', parent_id: top });
    await post(creator, { content: 'Another answer', parent_id: top });
    const kept = await post(other, { content: 'A fine comment' });
    const keptReply = await post(fan, { content: 'Reply to keep', parent_id: kept });
    const doomedReply = await post(fan, { content: 'Rude reply', parent_id: kept });
    expect((await t.http().post(`/api/comments/${top}/like`).set(...other.auth)).status).toBe(200);
    const counter = async () => (await t.sql<{ comments: number }>('select comments from media where id = $1', [video]))[0].comments;
    expect(await counter()).toBe(6);

    await deliver('moderation.content-removed', { contentType: 'comment', contentId: top, ownerUserId: fan.id, reason: 'Harassment', purgeFiles: false, title: 'Rude words' });
    expect(await counter()).toBe(3);
    expect(await t.sql('select 1 from media_comment_likes where comment_id = $1', [top])).toEqual([]);
    expect((await t.http().get(`/api/comments/${top}/replies`)).status).toBe(404);
    // A reply by the direct call: its parent's count goes down with it.
    await ctx(() => catalog().removeCommentByModeration(doomedReply));
    await ctx(() => catalog().removeCommentByModeration(doomedReply));
    await ctx(() => catalog().removeCommentByModeration('not-a-comment'));
    await deliver('moderation.content-removed', { contentType: 'comment', contentId: top, ownerUserId: fan.id, reason: 'Harassment', purgeFiles: false, title: null });
    expect(await counter()).toBe(2);
    expect((await t.sql<{ reply_count: number }>('select reply_count from media_comments where id = $1', [kept]))[0].reply_count).toBe(1);
    const list = await t.http().get(`/api/videos/${video}/comments`);
    expect(ids(list.body.comments)).toEqual([kept]);
    expect(ids((await t.http().get(`/api/comments/${kept}/replies`)).body.comments)).toEqual([keptReply]);
  });

  it('removes, purges and restores media; a profile is not the catalog\'s; a stale event changes nothing', async () => {
    const creator = await person(t);
    const fan = await person(t);
    const q = word();
    const video = await processed(creator, 'video', `Evented ${q}`);
    const removed = { contentType: 'video', contentId: video, ownerUserId: creator.id, reason: 'Spam', title: 'Evented' };

    await deliver('moderation.content-removed', { ...removed, purgeFiles: false });
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(404);
    expect(await searchIds(fan, q)).toEqual([]);
    await deliver('moderation.content-removed', { contentType: 'user', contentId: (await activeAccount(t, creator.auth)).id, ownerUserId: creator.id, reason: 'Spam', purgeFiles: true, title: null });
    await deliver('moderation.content-restored', { contentType: 'video', contentId: video });
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(200);
    expect(await searchIds(fan, q)).toEqual([video]);

    // The first removal's event delivered once more, late (it was taken before the restoration): ignored.
    await deliver('moderation.content-removed', { ...removed, purgeFiles: true }, new Date(Date.now() - 60_000));
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(200);
    // A purge for an item that is not removed does nothing.
    await deliver('moderation.content-purge', { contentType: 'video', contentId: video });
    expect(existsSync((await files(video)).original)).toBe(true);

    // Removed again (a new case, files kept for the appeal); then the appeal window closes: purged.
    await ctx(() => catalog().removeMediaByModeration(video, { purgeFiles: false }));
    // An old restoration delivered late (before this removal): ignored.
    await deliver('moderation.content-restored', { contentType: 'video', contentId: video }, new Date(Date.now() - 60_000));
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(404);
    const { original, hls } = await files(video);
    expect(existsSync(original)).toBe(true);
    await deliver('moderation.content-purge', { contentType: 'video', contentId: video });
    await waitFor('the purge job', async () => !existsSync(original) && !existsSync(hls), 30_000, 100);
    await deliver('moderation.content-restored', { contentType: 'video', contentId: video });
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(404);
  });

  it('a restoration decided before its removal was applied keeps the item up when that removal arrives late', async () => {
    const creator = await person(t);
    const video = await processed(creator, 'video', `Overturned ${word()}`);
    const decidedAt = new Date(Date.now() - 60_000);
    // The removal's direct call failed and its event is still pending; the appeal is overturned meanwhile.
    expect(await ctx(() => catalog().restoreMediaByModeration(video))).toBe(true);
    await deliver('moderation.content-removed', { contentType: 'video', contentId: video, ownerUserId: creator.id, reason: 'Spam', purgeFiles: false, title: null }, decidedAt);
    expect((await t.http().get(`/api/videos/${video}`)).status).toBe(200);
  });
});

describe('report targets', () => {
  let creator: Person;
  let fan: Person;
  let video: string;
  let comment: string;

  beforeAll(async () => {
    [creator, fan] = await Promise.all([person(t), person(t)]);
    video = await processed(creator, 'video', 'Reportable', { description: 'A description' });
    comment = (await t.http().post(`/api/videos/${video}/comments`).set(...fan.auth).send({ content: 'Reportable words' })).body.id;
  }, 120_000);

  it('names a reachable video, reel or movie; null when missing, of another kind, private, processing or failed', async () => {
    const [row] = await t.sql<{ thumbnail_key: string; duration_seconds: number }>('select thumbnail_key, duration_seconds from media where id = $1', [video]);
    expect(await ctx(() => catalog().mediaReportTarget('video', video, fan.id))).toEqual({
      ownerUserId: creator.id,
      title: 'Reportable',
      description: 'A description',
      thumbnailUrl: `/api/media/${row.thumbnail_key}`,
      durationSeconds: row.duration_seconds,
    });
    // Its owner may name it too (moderation then refuses a report of one's own content).
    expect((await ctx(() => catalog().mediaReportTarget('video', video, creator.id)))?.ownerUserId).toBe(creator.id);
    for (const [kind, id] of [['video', randomUUID()], ['video', 'not-a-uuid'], ['reel', video], ['movie', video]] as const) {
      expect({ kind, id, target: await ctx(() => catalog().mediaReportTarget(kind, id, fan.id)) }).toEqual({ kind, id, target: null });
    }
    // Not processable: it fails; then (as if still) processing. Neither is reachable by others.
    const broken = (await upload(t, 'video', creator.auth, clips.fakeMp4, { title: 'Broken' })).body.id as string;
    await waitFor('processing to fail', async () => (await t.sql<{ status: string }>('select status from media where id = $1', [broken]))[0].status === 'failed', 60_000, 200);
    expect(await ctx(() => catalog().mediaReportTarget('video', broken, fan.id))).toBeNull();
    await t.sql(`update media set status = 'processing' where id = $1`, [broken]);
    expect(await ctx(() => catalog().mediaReportTarget('video', broken, fan.id))).toBeNull();
    expect(await ctx(() => catalog().mediaPlayback(broken))).toEqual({ streamUrl: null, thumbnailUrl: null, removed: false });
    expect(await ctx(() => catalog().mediaPlayback(randomUUID()))).toBeNull();
  });

  it('names a comment on a reachable item; null when missing or its item is not reachable', async () => {
    expect(await ctx(() => catalog().commentReportTarget(comment, creator.id))).toEqual({ ownerUserId: fan.id, text: 'Reportable words', mediaId: video, mediaKind: 'video', mediaTitle: 'Reportable' });
    expect(await ctx(() => catalog().commentReportTarget(randomUUID(), creator.id))).toBeNull();
    expect(await ctx(() => catalog().commentReportTarget('nope', creator.id))).toBeNull();
  });

  it('names a channel by its account id; null when missing, deleted, or private to anyone but its owner', async () => {
    const account = await activeAccount(t, creator.auth);
    expect(await ctx(() => accounts().channelReportTarget(account.id, fan.id))).toEqual({ ownerUserId: creator.id, name: creator.name, handle: account.handle, bio: null, photoUrl: null });
    expect(await ctx(() => accounts().channelReportTarget(randomUUID(), fan.id))).toBeNull();
    expect(await ctx(() => accounts().channelReportTarget('not-a-uuid', fan.id))).toBeNull();
    const second = (await t.http().post('/api/accounts/create').set(...creator.auth).send({ display_name: 'Second channel' })).body.account.id as string;
    expect((await ctx(() => accounts().channelReportTarget(second, fan.id)))?.name).toBe('Second channel');
    expect((await t.http().delete(`/api/accounts/${second}`).set(...creator.auth)).status).toBe(200);
    expect(await ctx(() => accounts().channelReportTarget(second, fan.id))).toBeNull();

    // A private channel: its media and comments too.
    await setPrivacy(t, creator.auth, { profile_visibility: 'private' });
    await waitFor('the media made private', async () => (await t.sql<{ visibility: string }>('select visibility from media where id = $1', [video]))[0].visibility === 'private', 10_000, 50);
    await settled(t);
    expect(await ctx(() => accounts().channelReportTarget(account.id, fan.id))).toBeNull();
    expect((await ctx(() => accounts().channelReportTarget(account.id, creator.id)))?.handle).toBe(account.handle);
    expect(await ctx(() => catalog().mediaReportTarget('video', video, fan.id))).toBeNull();
    expect(await ctx(() => catalog().commentReportTarget(comment, fan.id))).toBeNull();
    // The queue's preview still plays it: the owner's access, in the address.
    const playback = await ctx(() => catalog().mediaPlayback(video));
    expect(playback).toMatchObject({ streamUrl: expect.stringMatching(new RegExp(`^/api/videos/${video}/stream\\?t=`)), removed: false });
    expect((await bytes(playback!.streamUrl!)).status).toBe(200);
    expect((await bytes(playback!.thumbnailUrl!)).status).toBe(200);
  });
});

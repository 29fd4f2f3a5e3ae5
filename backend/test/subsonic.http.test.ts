import { randomUUID } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { SubsonicAPI } from 'subsonic-api';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { baseUrl, binary, setPrivacy, userIdOf, type Auth } from './media-fixtures.js';
import { makeTunes, markTrackReady, uploadTrack, type Tunes } from './music-fixtures.js';
import { STORAGE, type Storage } from '../src/common/storage/storage.js';
import { CLOCK, type Clock } from '../src/modules/identity/domain/ports.js';
import { FeatureFlags } from '../src/common/features/feature-flags.js';

/**
 * The OpenSubsonic-compatible API under /rest (issue 14), driven by a Subsonic client library (subsonic-api) against
 * the live test server, and the app tokens it signs in with (Settings → Music apps).
 */

let t: TestApp;
let tunes: Tunes;
let base: string;
beforeAll(async () => {
  [t, tunes] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeTunes()]);
  base = await baseUrl(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  tunes?.cleanup();
});

type Any = Record<string, any>;

interface Person {
  auth: Auth;
  id: string;
  name: string;
  password: string;
}

async function person(): Promise<Person> {
  const s = await signUp(t);
  return { auth: s.auth, id: await userIdOf(t, s.auth), name: String(s.user.display_name), password: String(s.user.password) };
}

async function newToken(who: Person, name = 'Phone'): Promise<{ id: string; token: string }> {
  const r = await t.http().post('/api/me/app-tokens').set(...who.auth).send({ name });
  expect(r.status).toBe(201);
  return r.body;
}

/** The client as a music app is set up: the server's address, the username and the app token as password. */
function app(username: string, password: string, post = false): SubsonicAPI {
  return new SubsonicAPI({ url: base, auth: { username, password }, post });
}

async function connected(who: Person, post = false): Promise<SubsonicAPI> {
  return app(who.name, (await newToken(who)).token, post);
}

async function readyTrack(auth: Auth, fields: Record<string, string> = {}): Promise<Any> {
  const r = await uploadTrack(t, auth, tunes.bareMp3, { title: 'Song', artist: 'Singer', ...fields });
  expect(r.status).toBe(201);
  await markTrackReady(t, r.body.id);
  return r.body;
}

/** A JPEG cover stored for the track, as processing leaves one. */
async function giveCover(trackId: string): Promise<Buffer> {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 3), Buffer.from([0xff, 0xd9])]);
  const key = `thumbs/${randomUUID()}.jpg`;
  await t.app.get<Storage>(STORAGE).write(key, jpeg);
  await t.sql('update media set thumbnail_key = $1 where id = $2', [key, trackId]);
  return jpeg;
}

/** A raw request to /rest (what apps that build their own URLs send). */
function rest(method: string, params: Record<string, string | string[]>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return t.http().get(`/rest/${method}?${q.toString()}`);
}

function failedWith(body: Any, code: number): void {
  expect(body).toMatchObject({ status: 'failed', error: { code } });
}

const json = (r: { text: string }) => JSON.parse(r.text)['subsonic-response'];

describe('signing in', () => {
  it('takes an app token as p, as enc:hex, as t = md5(token + s) and as apiKey, on /rest/<m> and /rest/<m>.view, GET and POST', async () => {
    const me = await person();
    const { token } = await newToken(me);
    expect(await app(me.name, token).ping()).toMatchObject({ status: 'ok', version: '1.16.1', type: 'scriven', openSubsonic: true });
    expect(await app(me.name.toUpperCase(), token, true).ping()).toMatchObject({ status: 'ok' });
    expect(await new SubsonicAPI({ url: base, auth: { apiKey: token } }).ping()).toMatchObject({ status: 'ok' });
    expect(json(await rest('ping', { u: me.name, p: token, f: 'json' }))).toMatchObject({ status: 'ok' });
    expect(json(await rest('ping.view', { u: me.name, p: `enc:${Buffer.from(token).toString('hex')}`, f: 'json' }))).toMatchObject({ status: 'ok' });
    const form = await t.http().post('/rest/ping').type('form').send({ u: me.name, p: token, f: 'json' });
    expect(form.status).toBe(200);
    expect(json(form)).toMatchObject({ status: 'ok' });
    // The token records when it was used.
    const list = await t.http().get('/api/me/app-tokens').set(...me.auth);
    expect(list.body.items[0].last_used_at).not.toBeNull();
  });

  it('never takes the account password: error 40', async () => {
    const me = await person();
    await newToken(me);
    failedWith(await app(me.name, me.password).ping(), 40);
    const r = json(await rest('ping.view', { u: me.name, p: me.password, f: 'json' }));
    expect(r).toEqual(expect.objectContaining({ status: 'failed', error: { code: 40, message: 'Wrong username or password' } }));
  });

  it("refuses another user's token for a name, a wrong apiKey (44), both u and apiKey (43) and missing credentials (10)", async () => {
    const [me, other] = [await person(), await person()];
    const mine = await newToken(me);
    failedWith(await app(other.name, mine.token).ping(), 40);
    failedWith(json(await rest('ping', { u: other.name, p: mine.token, f: 'json' })), 40);
    failedWith(await new SubsonicAPI({ url: base, auth: { apiKey: 'sct_not-a-token' } }).ping(), 44);
    failedWith(json(await rest('ping', { u: me.name, apiKey: mine.token, f: 'json' })), 43);
    failedWith(json(await rest('ping', { f: 'json' })), 10);
    failedWith(json(await rest('ping', { u: me.name, f: 'json' })), 10);
  });

  it('refuses a revoked token, and sign out everywhere revokes them all', async () => {
    const me = await person();
    const [a, b] = [await newToken(me, 'Phone'), await newToken(me, 'Car')];
    expect((await app(me.name, a.token).ping()).status).toBe('ok');
    expect((await t.http().delete(`/api/me/app-tokens/${a.id}`).set(...me.auth)).status).toBe(204);
    failedWith(await app(me.name, a.token).ping(), 40);
    expect((await app(me.name, b.token).ping()).status).toBe('ok');
    expect((await t.http().post('/api/logout-all').set(...me.auth)).status).toBe(200);
    failedWith(await app(me.name, b.token).ping(), 40);
    expect(await t.sql('select 1 from app_tokens where user_id = $1', [me.id])).toEqual([]);
  });

  it("refuses an account's attempts from an address after 30 failures in 15 minutes, until the window ends; other accounts there still sign in", async () => {
    const me = await person();
    const { token } = await newToken(me);
    const neighbour = await person();
    const theirs = await newToken(neighbour);
    const clock = t.app.get<Clock>(CLOCK);
    const realNow = clock.now;
    // A window of its own, far from the other tests' (the throttle counts per process and per window).
    let now = Date.UTC(2030, 0, 1, 0, 0, 0);
    clock.now = () => new Date(now);
    try {
      for (let i = 0; i < 30; i++) failedWith(json(await rest('ping', { u: me.name, p: `wrong-${i}`, f: 'json' })), 40);
      const held = json(await rest('ping', { u: me.name, p: token, f: 'json' }));
      expect(held).toMatchObject({ status: 'failed', error: { code: 0, message: 'Too many failed sign-ins from this address. Try again in 15 minutes.' } });
      expect(json(await rest('ping', { u: neighbour.name, p: theirs.token, f: 'json' }))).toMatchObject({ status: 'ok' });
      now += 15 * 60 * 1000;
      expect(json(await rest('ping', { u: me.name, p: token, f: 'json' }))).toMatchObject({ status: 'ok' });
    } finally {
      clock.now = realNow;
    }
  });
});

describe('app tokens are for /rest only', () => {
  it('an app token is no bearer token on /api', async () => {
    const me = await person();
    const { token } = await newToken(me);
    expect((await t.http().get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await t.http().get('/api/me/app-tokens').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });
});

describe('answers', () => {
  it('is XML by default, well-formed and escaped for a title and artist with <&"\'', async () => {
    const me = await person();
    const track = await readyTrack(me.auth, { title: `Rock <&"'> Roll`, artist: `A&B "<x>"` });
    const { token } = await newToken(me);
    const r = await rest('getSong.view', { u: me.name, p: token, id: track.id, v: '1.16.1', c: 'test' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/xml/);
    const elements: { name: string; attributes: Record<string, string> }[] = [];
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => elements.push({ name: `${tag.uri}|${tag.local}`, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, a]) => [k, (a as { value: string }).value])) }));
    parser.write(r.text).close();
    expect(elements[0]).toMatchObject({ name: 'http://subsonic.org/restapi|subsonic-response', attributes: expect.objectContaining({ status: 'ok', version: '1.16.1', type: 'scriven', openSubsonic: 'true' }) });
    expect(elements[1]).toMatchObject({ name: 'http://subsonic.org/restapi|song', attributes: expect.objectContaining({ id: track.id, title: `Rock <&"'> Roll`, artist: `A&B "<x>"` }) });
    // An error is XML too, with HTTP 200.
    const bad = await rest('getSong', { u: me.name, p: token, id: randomUUID() });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('<subsonic-response xmlns="http://subsonic.org/restapi" status="failed"');
    expect(bad.text).toContain('<error code="70" message="Track not found"/>');
  });

  it('is off with the music feature (503, like the rest of music)', async () => {
    const me = await person();
    const { token } = await newToken(me);
    const flags = t.app.get(FeatureFlags);
    await t.sql(`update feature_flags set enabled = false where name = 'music'`);
    await flags.changed('music', false);
    try {
      expect((await rest('ping.view', { u: me.name, p: token })).status).toBe(503);
      expect((await rest('ping', { u: me.name, p: token })).status).toBe(503);
    } finally {
      await t.sql(`update feature_flags set enabled = true where name = 'music'`);
      await flags.changed('music', true);
    }
    expect((await rest('ping', { u: me.name, p: token })).status).toBe(200);
  });
});

describe('malformed input, signed in', () => {
  it('answers Subsonic errors (HTTP 200, never a 5xx) for odd ids, numbers, nested and repeated parameters and JSON bodies', async () => {
    const me = await person();
    const { token } = await newToken(me);
    const auth = `u=${encodeURIComponent(me.name)}&p=${encodeURIComponent(token)}&f=json`;
    const cases: [string, number][] = [
      ['getSong?id=not-a-uuid', 70],
      ['getSong?id[a]=1', 10],
      ['getSong', 10],
      ['getAlbum?id=al-%3Cscript%3E', 70],
      ['getArtist?id=' + 'x'.repeat(3000), 70],
      ['getAlbumList2?type=newest&size=100000', 0],
      ['getAlbumList2?type=newest&size=-1', 0],
      ['getAlbumList2?type=nope', 0],
      ['getAlbumList2?type=byGenre', 10],
      ['search3?query=x&songCount=1e9', 0],
      ['updatePlaylist?playlistId=' + randomUUID() + '&songIndexToRemove=-1', 0],
      ['updatePlaylist?playlistId=' + randomUUID() + '&public=maybe', 0],
      ['createPlaylist', 10],
      ['createPlaylist?name=' + 'n'.repeat(101), 0],
      ['scrobble?id=' + randomUUID() + '&submission=perhaps', 0],
      ['scrobble?' + Array.from({ length: 51 }, () => `id=${randomUUID()}`).join('&'), 0],
      ['star?' + Array.from({ length: 51 }, () => `id=${randomUUID()}`).join('&'), 0],
      ['stream?id=../../etc/passwd', 70],
      ['getCoverArt?id=ar-nothing', 70],
      ['getPlaylists?username=someone-else', 50],
      ['noSuchMethod.view', 0],
    ];
    for (const [call, code] of cases) {
      const [method, query] = call.split('?');
      const r = await t.http().get(`/rest/${method}?${auth}${query ? `&${query}` : ''}`);
      expect({ call, status: r.status }).toEqual({ call, status: 200 });
      expect({ call, body: json(r) }).toMatchObject({ call, body: { status: 'failed', error: { code } } });
    }
    // A JSON body is read like a form; values that are not text are refused.
    const posted = await t.http().post(`/rest/getSong.view?${auth}`).send({ id: { $ne: null } });
    expect(json(posted)).toMatchObject({ status: 'failed', error: { code: 0, message: 'id must be text' } });
    expect(await t.sql('select 1 from music_playlists where user_id = $1', [me.id])).toEqual([]);
  });
});

describe('the library', () => {
  it('lists artists, albums (getAlbumList2, getAlbum) and songs, and searches them', async () => {
    const me = await person();
    const tag = randomUUID().slice(0, 8);
    const a1 = await readyTrack(me.auth, { title: `First ${tag}`, artist: `Artist ${tag}`, album: `Album ${tag}`, genre: 'Jazz' });
    const a2 = await readyTrack(me.auth, { title: `Second ${tag}`, artist: `Artist ${tag}`, album: `Album ${tag}`, genre: 'Jazz' });
    const single = await readyTrack(me.auth, { title: `Single ${tag}`, artist: `Artist ${tag}` });
    // Still processing: not in anyone's library yet.
    const processing = await uploadTrack(t, me.auth, tunes.bareMp3, { title: `Pending ${tag}`, artist: `Artist ${tag}` });
    expect(processing.status).toBe(201);
    const api = await connected(me);

    const artists = await api.getArtists();
    const all = (artists.artists.index ?? []).flatMap((i: Any) => i.artist);
    const artist = all.find((a: Any) => a.name === `Artist ${tag}`);
    expect(artist).toMatchObject({ albumCount: 2 });
    expect(artists.artists.index!.find((i: Any) => i.artist.some((a: Any) => a.id === artist.id))!.name).toBe('A');

    const newest = await api.getAlbumList2({ type: 'newest', size: 500 });
    const albums = newest.albumList2.album!.filter((a: Any) => a.artist === `Artist ${tag}`);
    expect(albums.map((a: Any) => [a.name, a.songCount])).toEqual([
      [`Single ${tag}`, 1],
      [`Album ${tag}`, 2],
    ]);
    const album = albums[1];
    expect(album).toMatchObject({ artistId: artist.id, genre: 'Jazz', duration: 4 });

    const got = await api.getAlbum({ id: album.id });
    expect(got.album.song!.map((s: Any) => s.id)).toEqual([a1.id, a2.id]);
    expect(got.album.song![0]).toMatchObject({ title: `First ${tag}`, album: `Album ${tag}`, artist: `Artist ${tag}`, albumId: album.id, artistId: artist.id, genre: 'Jazz', duration: 2, suffix: 'mp3', contentType: 'audio/mpeg', size: tunes.bytes(tunes.bareMp3).length, isVideo: false });

    const song = await api.getSong({ id: single.id });
    expect(song.song).toMatchObject({ id: single.id, title: `Single ${tag}`, album: `Single ${tag}` });
    failedWith(await api.getSong({ id: processing.body.id }), 70);

    const found = await api.search3({ query: `second ${tag}` });
    expect(found.searchResult3.song!.map((s: Any) => s.id)).toEqual([a2.id]);
    const byArtist = await api.search3({ query: `artist ${tag}`, songCount: 10 });
    expect(byArtist.searchResult3.artist!.map((a: Any) => a.id)).toEqual([artist.id]);
    expect(byArtist.searchResult3.song!.map((s: Any) => s.id).sort()).toEqual([a1.id, a2.id, single.id].sort());

    const byName = await api.getArtist({ id: artist.id });
    expect(byName.artist.album!.map((a: Any) => a.name).sort()).toEqual([`Album ${tag}`, `Single ${tag}`]);
    failedWith(await api.getAlbumList2({ type: 'byYear', fromYear: 1990, toYear: 2000 }), 0);
    failedWith(json(await rest('getAlbum', { u: me.name, p: (await newToken(me)).token, f: 'json' })), 10);
  });

  it("keeps a private account's tracks out of others' libraries: not listed, getSong and stream are error 70", async () => {
    const [owner, other] = [await person(), await person()];
    const tag = randomUUID().slice(0, 8);
    const track = await readyTrack(owner.auth, { title: `Hidden ${tag}`, artist: `Secret ${tag}` });
    const api = await connected(other);
    expect((await api.search3({ query: tag })).searchResult3.song!.map((s: Any) => s.id)).toEqual([track.id]);
    await setPrivacy(t, owner.auth, { profile_visibility: 'private' });
    failedWith(await api.getSong({ id: track.id }), 70);
    expect((await api.search3({ query: tag })).searchResult3.song ?? []).toEqual([]);
    const s = await api.stream({ id: track.id });
    expect(s.status).toBe(200);
    failedWith(JSON.parse(await s.text())['subsonic-response'], 70);
    // Its owner has it.
    expect((await (await connected(owner)).getSong({ id: track.id })).song.id).toBe(track.id);
  });

  it('never lists a removed track', async () => {
    const me = await person();
    const tag = randomUUID().slice(0, 8);
    const track = await readyTrack(me.auth, { title: `Gone ${tag}` });
    await t.sql(`update media set status = 'removed' where id = $1`, [track.id]);
    const api = await connected(me);
    expect((await api.search3({ query: tag })).searchResult3.song ?? []).toEqual([]);
    failedWith(await api.getSong({ id: track.id }), 70);
  });
});

describe('playlists', () => {
  it('creates, lists, gets, renames, adds, removes by index, makes public and deletes', async () => {
    const me = await person();
    const [x, y, z] = [await readyTrack(me.auth, { title: 'X' }), await readyTrack(me.auth, { title: 'Y' }), await readyTrack(me.auth, { title: 'Z' })];
    const api = await connected(me);
    const made = await api.createPlaylist({ name: 'Road trip', songId: [x.id, y.id] });
    expect(made.status).toBe('ok');
    expect(made.playlist).toMatchObject({ name: 'Road trip', owner: me.name, public: false, songCount: 2, duration: 4 });
    expect(made.playlist.entry!.map((s: Any) => s.id)).toEqual([x.id, y.id]);
    const id = made.playlist.id;

    expect((await api.getPlaylists()).playlists.playlist!.map((p: Any) => [p.id, p.songCount])).toEqual([[id, 2]]);
    expect((await api.updatePlaylist({ playlistId: id, name: 'Long trip', songIdToAdd: [z.id], songIndexToRemove: [0], public: true })).status).toBe('ok');
    const now = await api.getPlaylist({ id });
    expect(now.playlist).toMatchObject({ name: 'Long trip', public: true, songCount: 2 });
    expect(now.playlist.entry!.map((s: Any) => s.id)).toEqual([y.id, z.id]);
    // The web app sees the same playlist.
    expect((await t.http().get(`/api/music/playlists/${id}`).set(...me.auth)).body).toMatchObject({ name: 'Long trip', is_public: true, track_ids: [y.id, z.id] });

    // Refused changes change nothing: an index out of range, a song already there, an unknown song.
    failedWith(await api.updatePlaylist({ playlistId: id, name: 'Nope', songIndexToRemove: [5] }), 0);
    failedWith(await api.updatePlaylist({ playlistId: id, songIdToAdd: [y.id] }), 0);
    failedWith(await api.updatePlaylist({ playlistId: id, songIdToAdd: [randomUUID()] }), 70);
    expect((await api.getPlaylist({ id })).playlist).toMatchObject({ name: 'Long trip', songCount: 2 });
    failedWith(await api.createPlaylist({ name: 'Bad', songId: [x.id, randomUUID()] }), 70);
    expect((await api.getPlaylists()).playlists.playlist!.length).toBe(1);

    // createPlaylist with playlistId sets its songs.
    expect((await api.createPlaylist({ playlistId: id, songId: [z.id, x.id] })).playlist.entry!.map((s: Any) => s.id)).toEqual([z.id, x.id]);
    expect((await api.deletePlaylist({ id })).status).toBe('ok');
    failedWith(await api.getPlaylist({ id }), 70);
  });

  it("hides another user's private playlist (70) and lets nobody else change theirs", async () => {
    const [owner, other] = [await person(), await person()];
    const track = await readyTrack(owner.auth);
    const mine = await connected(owner);
    const id = (await mine.createPlaylist({ name: 'Mine', songId: [track.id] })).playlist.id;
    const theirs = await connected(other);
    failedWith(await theirs.getPlaylist({ id }), 70);
    failedWith(await theirs.updatePlaylist({ playlistId: id, name: 'Taken' }), 70);
    failedWith(await theirs.deletePlaylist({ id }), 70);
    failedWith(await theirs.createPlaylist({ playlistId: id, songId: [] }), 70);
    expect((await mine.getPlaylist({ id })).playlist).toMatchObject({ name: 'Mine', songCount: 1 });
    // Made public, others may read it (not change it).
    await mine.updatePlaylist({ playlistId: id, public: true });
    expect((await theirs.getPlaylist({ id })).playlist).toMatchObject({ name: 'Mine', owner: owner.name, songCount: 1 });
    failedWith(await theirs.updatePlaylist({ playlistId: id, name: 'Taken' }), 70);
  });
});

describe('star, scrobble, stream and cover art', () => {
  it("star and unstar are the track's like", async () => {
    const [owner, fan] = [await person(), await person()];
    const track = await readyTrack(owner.auth);
    const api = await connected(fan);
    expect((await api.star({ id: track.id })).status).toBe('ok');
    expect((await api.star({ id: track.id })).status).toBe('ok');
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...fan.auth)).body).toMatchObject({ liked: true, likes: 1 });
    const starred = await api.getStarred2();
    expect(starred.starred2.song!.map((s: Any) => s.id)).toEqual([track.id]);
    expect((await api.getSong({ id: track.id })).song.starred).toBeTruthy();
    expect((await api.unstar({ id: track.id })).status).toBe('ok');
    expect((await t.http().get(`/api/music/tracks/${track.id}`).set(...fan.auth)).body).toMatchObject({ liked: false, likes: 0 });
    failedWith(await api.star({ id: randomUUID() }), 70);
    failedWith(await api.star({ albumId: 'al-1' }), 0);
  });

  it('a submission scrobble counts one play per play-through; now-playing counts none', async () => {
    const [owner, fan] = [await person(), await person()];
    const track = await readyTrack(owner.auth);
    const api = await connected(fan);
    expect((await api.scrobble({ id: track.id, submission: false })).status).toBe('ok');
    expect((await t.http().get(`/api/music/tracks/${track.id}`)).body.plays).toBe(0);
    expect((await api.scrobble({ id: track.id })).status).toBe('ok');
    expect((await t.http().get(`/api/music/tracks/${track.id}`)).body.plays).toBe(1);
    // The same listen sent again right away: still one play.
    expect((await api.scrobble({ id: track.id, submission: true })).status).toBe('ok');
    expect((await t.http().get(`/api/music/tracks/${track.id}`)).body.plays).toBe(1);
    expect((await api.getSong({ id: track.id })).song.playCount).toBe(1);
    // Listened to recently.
    expect((await api.getAlbumList2({ type: 'recent' })).albumList2.album!.map((a: Any) => a.name)).toEqual(['Song']);
    failedWith(await api.scrobble({ id: randomUUID() }), 70);
  });

  it('stream serves the bytes of GET /api/music/tracks/{id}/stream, with ranges and HEAD', async () => {
    const me = await person();
    const track = await readyTrack(me.auth);
    const api = await connected(me);
    const bytes = tunes.bytes(tunes.bareMp3);
    const whole = await api.stream({ id: track.id });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const { token } = await newToken(me);
    const part = await t.http().get(`/rest/stream.view?u=${me.name}&p=${token}&id=${track.id}`).set('Range', 'bytes=10-109').buffer(true).parse(binary as never);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${bytes.length}`);
    expect((part.body as Buffer).equals(bytes.subarray(10, 110))).toBe(true);
    const head = await t.http().head(`/rest/stream?apiKey=${token}&id=${track.id}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it("getCoverArt serves the track's cover by the coverArt ids of song, album and artist", async () => {
    const me = await person();
    const tag = randomUUID().slice(0, 8);
    const track = await readyTrack(me.auth, { title: 'Covered', artist: `Painter ${tag}`, album: `Gallery ${tag}` });
    const api = await connected(me);
    failedWith(JSON.parse(await (await api.getCoverArt({ id: track.id })).text())['subsonic-response'], 70);
    const jpeg = await giveCover(track.id);
    const song = (await api.getSong({ id: track.id })).song;
    expect(song.coverArt).toBe(track.id);
    const cover = await api.getCoverArt({ id: song.coverArt! });
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await cover.arrayBuffer()).equals(jpeg)).toBe(true);
    for (const id of [song.albumId!, song.artistId!]) expect(Buffer.from(await (await api.getCoverArt({ id })).arrayBuffer()).equals(jpeg)).toBe(true);
    expect((await api.getAlbum({ id: song.albumId! })).album.coverArt).toBe(track.id);
  });
});

describe('/api/me/app-tokens', () => {
  it('creates a token (shown once), lists them without it, and deletes only your own', async () => {
    const [me, other] = [await person(), await person()];
    const made = await t.http().post('/api/me/app-tokens').set(...me.auth).send({ name: '  Living room  ' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(String), name: 'Living room', created_at: expect.any(String), token: expect.stringMatching(/^sct_[A-Za-z0-9_-]{32}$/) });
    const list = await t.http().get('/api/me/app-tokens').set(...me.auth);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [{ id: made.body.id, name: 'Living room', created_at: made.body.created_at, last_used_at: null }] });
    expect(JSON.stringify(list.body)).not.toContain(made.body.token);
    // Kept sealed, never in the clear.
    const [row] = await t.sql<Any>('select token_sealed, token_hash from app_tokens where id = $1', [made.body.id]);
    expect(row.token_sealed).not.toContain(made.body.token);
    expect((await t.http().get('/api/me/app-tokens').set(...other.auth)).body).toEqual({ items: [] });
    const stolen = await t.http().delete(`/api/me/app-tokens/${made.body.id}`).set(...other.auth);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ code: 'IDENTITY.APP_TOKEN_NOT_FOUND', message: 'App token not found' });
    expect((await t.http().delete('/api/me/app-tokens/not-a-uuid').set(...me.auth)).status).toBe(404);
    expect((await t.http().delete(`/api/me/app-tokens/${made.body.id}`).set(...me.auth)).status).toBe(204);
    expect((await t.http().delete(`/api/me/app-tokens/${made.body.id}`).set(...me.auth)).status).toBe(404);
    expect((await t.http().get('/api/me/app-tokens').set(...me.auth)).body).toEqual({ items: [] });
  });

  it('refuses a missing or long name and a 21st token with 400, creating nothing', async () => {
    const me = await person();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 42 }]) {
      const r = await t.http().post('/api/me/app-tokens').set(...me.auth).send(body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Name must be 1 to 60 characters' });
    }
    expect(await t.sql('select 1 from app_tokens where user_id = $1', [me.id])).toEqual([]);
    // 20 tokens already (made here in one statement: creation is rate-limited per minute).
    await t.sql(`insert into app_tokens (id, user_id, name, token_sealed, token_hash, created_at) select gen_random_uuid(), $1::uuid, 'T' || i, 'v1.x.x.x', md5($1::text || i) || md5(i || $1::text), now() from generate_series(1, 20) i`, [me.id]);
    const r = await t.http().post('/api/me/app-tokens').set(...me.auth).send({ name: 'One more' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'You can have at most 20 app tokens. Revoke one you no longer use first.' });
    expect((await t.http().get('/api/me/app-tokens').set(...me.auth)).body.items).toHaveLength(20);
  });

  it('needs a signed-in user', async () => {
    expect((await t.http().get('/api/me/app-tokens')).status).toBe(401);
    expect((await t.http().post('/api/me/app-tokens').send({ name: 'x' })).status).toBe(401);
    expect((await t.http().delete(`/api/me/app-tokens/${randomUUID()}`)).status).toBe(401);
  });

  it("goes with a deleted account", async () => {
    const me = await person();
    await newToken(me);
    const r = await t.http().delete('/api/me').set(...me.auth).send({ confirmation: me.name });
    expect(r.status).toBe(200);
    expect(await t.sql('select 1 from app_tokens where user_id = $1', [me.id])).toEqual([]);
  });
});

import { createTestApp, type TestApp } from './harness.js';
import { makeClips, setPrivacy, type Clips } from './media-fixtures.js';
import { person, publish, settled, type Person } from './social-fixtures.js';

let t: TestApp;
let clips: Clips;

beforeAll(async () => {
  [t, clips] = await Promise.all([createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }), makeClips(['landscape'])]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  clips?.cleanup();
});

function follow(who: Person, target: string) {
  return t.http().post(`/api/users/${target}/follow`).set(...who.auth);
}

describe('follow', () => {
  it('toggles, answers the new state with a message, and keeps both counts', async () => {
    const [a, b] = [await person(t), await person(t)];
    const on = await follow(a, b.id);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ following: true, message: `You are now following ${b.name}`, followers_count: 1 });
    const card = await t.http().get(`/api/users/${a.id}/profile`).set(...a.auth);
    expect(card.body).toMatchObject({ following_count: 1, followers_count: 0, is_self: true });
    const off = await follow(a, b.id);
    expect(off.body).toEqual({ following: false, message: `You unfollowed ${b.name}`, followers_count: 0 });
    expect((await t.http().get(`/api/users/${b.id}/profile`).set(...a.auth)).body).toMatchObject({ followers_count: 0, is_following: false });
  });

  it('refuses yourself (400), unknown or malformed ids (404) and visitors (401), changing nothing', async () => {
    const a = await person(t);
    const self = await follow(a, a.id);
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe('You cannot follow yourself');
    // The same id in capitals is still yourself.
    const shouted = await follow(a, a.id.toUpperCase());
    expect(shouted.status).toBe(400);
    expect(shouted.body.detail).toBe('You cannot follow yourself');
    expect((await follow(a, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await follow(a, 'not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('User not found');
    expect((await t.http().post(`/api/users/${a.id}/follow`)).status).toBe(401);
    expect((await t.sql('select count(*)::int as n from follows where follower_id = $1', [a.id]))[0]).toEqual({ n: 0 });
  });

  it('keeps counts exact under concurrent toggles', async () => {
    const star = await person(t);
    const fans = await Promise.all(Array.from({ length: 12 }, () => person(t)));
    const results = await Promise.all(fans.map((f) => follow(f, star.id)));
    expect(results.every((r) => r.status === 200 && r.body.following === true)).toBe(true);
    // One fan toggles 7 times at once: an odd number, so they end up no longer following, and every count agrees.
    const fickle = fans[0];
    const toggles = await Promise.all(Array.from({ length: 7 }, () => follow(fickle, star.id)));
    expect(toggles.filter((r) => r.body.following).length).toBe(3);
    const [row] = await t.sql<{ followers_count: number }>('select followers_count from social_users where user_id = $1', [star.id]);
    const [real] = await t.sql<{ n: number }>('select count(*)::int as n from follows where followee_id = $1', [star.id]);
    expect(real.n).toBe(11);
    expect(row.followers_count).toBe(11);
    const list = await t.http().get(`/api/users/${star.id}/followers`).set(...star.auth);
    expect(list.body.total).toBe(11);
  });

  it('does not deadlock when two users follow each other at the same moment', async () => {
    const [a, b] = [await person(t), await person(t)];
    const [x, y] = await Promise.all([follow(a, b.id), follow(b, a.id)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect((await t.http().get(`/api/users/${a.id}/profile`).set(...a.auth)).body).toMatchObject({ followers_count: 1, following_count: 1 });
  });
});

describe('discover and connections', () => {
  it('sorts by popularity, newest and creators, leaving out private users and yourself', async () => {
    const viewer = await person(t);
    const popular = await person(t);
    const hidden = await person(t);
    // More followers than anyone else on this server has.
    const [{ most }] = await t.sql<{ most: number }>('select coalesce(max(followers_count), 0)::int as most from social_users');
    for (const f of await Promise.all(Array.from({ length: most + 1 }, () => person(t)))) await follow(f, popular.id);
    await setPrivacy(t, hidden.auth, { profile_visibility: 'private' });
    await settled(t);
    const newest = await person(t);

    const pop = await t.http().get('/api/users/discover?sort_by=popular&limit=100').set(...viewer.auth);
    expect(pop.status).toBe(200);
    const ids = pop.body.users.map((u: { id: string }) => u.id);
    expect(ids[0]).toBe(popular.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(viewer.id);
    expect(pop.body.users[0]).toMatchObject({ id: popular.id, user_id: popular.id, username: popular.name, full_name: 'Test User', content_stats: { total: 0 }, is_following: false, is_premium: false, creator_program: false });

    const fresh = await t.http().get('/api/users/discover?sort_by=newest&limit=1').set(...viewer.auth);
    expect(fresh.body.users.map((u: { id: string }) => u.id)).toEqual([newest.id]);

    await t.sql('update users set creator_program = true where id = $1', [newest.id]);
    await t.http().put(`/api/accounts/${(await t.http().get('/api/accounts').set(...newest.auth)).body.active_account.id}`).set(...newest.auth).send({ bio: 'Creator now' });
    await settled(t);
    const creators = await t.http().get('/api/users/discover?sort_by=creators&limit=100');
    expect(creators.status).toBe(200);
    expect(creators.body.users.map((u: { id: string }) => u.id)).toEqual([newest.id]);
    expect(creators.body.users[0].creator_program).toBe(true);

    const bad = await t.http().get('/api/users/discover?sort_by=loudest');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('sort_by must be one of popular, newest, creators');
    });

  it('lists followers and following newest first, in pages, hiding private users from others', async () => {
    const star = await person(t);
    const fans = [await person(t), await person(t), await person(t)];
    for (const f of fans) await follow(f, star.id);
    const secret = await person(t);
    await follow(secret, star.id);
    await setPrivacy(t, secret.auth, { profile_visibility: 'private' });
    await settled(t);

    const first = await t.http().get(`/api/users/${star.id}/followers?limit=2`).set(...star.auth);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    // The count on the card agrees with the list: a private follower is in neither.
    expect((await t.http().get(`/api/users/${star.id}/profile`).set(...star.auth)).body.followers_count).toBe(3);
    expect(first.body.followers.map((u: { id: string }) => u.id)).toEqual([fans[2].id, fans[1].id]);
    const second = await t.http().get(`/api/users/${star.id}/followers?limit=2&cursor=${first.body.next_cursor}`).set(...star.auth);
    expect(second.body.followers.map((u: { id: string }) => u.id)).toEqual([fans[0].id]);
    expect(second.body.next_cursor).toBeNull();

    const following = await t.http().get(`/api/users/${fans[0].id}/following`);
    expect(following.body).toMatchObject({ total: 1, following: [{ id: star.id, is_following: false }] });
    // The private user sees their own list; others get a 404 that says nothing more.
    expect((await t.http().get(`/api/users/${secret.id}/following`).set(...secret.auth)).body.total).toBe(1);
    const other = await t.http().get(`/api/users/${secret.id}/following`).set(...fans[0].auth);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('User not found');
    expect((await follow(fans[0], secret.id)).status).toBe(404);
    await setPrivacy(t, secret.auth, { profile_visibility: 'public' });
    await settled(t);
    expect((await t.http().get(`/api/users/${star.id}/profile`).set(...star.auth)).body.followers_count).toBe(4);
    expect((await t.http().get(`/api/users/${star.id}/followers`).set(...star.auth)).body.total).toBe(4);
    await setPrivacy(t, secret.auth, { profile_visibility: 'private' });
    await settled(t);
    // A hidden follower looking at the list sees themselves in it, and in its total; nobody else does.
    const mirror = await t.http().get(`/api/users/${star.id}/followers?limit=50`).set(...secret.auth);
    expect(mirror.body.total).toBe(4);
    expect(mirror.body.followers.map((u: { id: string }) => u.id)).toContain(secret.id);
    // Yet someone already following a user who went private can still unfollow them.
    const quitter = await person(t);
    await follow(quitter, fans[1].id);
    await setPrivacy(t, fans[1].auth, { profile_visibility: 'private' });
    await settled(t);
    expect((await follow(quitter, fans[1].id)).body.following).toBe(false);
    expect((await t.http().get(`/api/users/${star.id}/followers?cursor=garbage`)).status).toBe(400);
  });
});

describe('the following feed', () => {
  it('shows what followed users publish, newest first, by kind, in keyset pages, and nothing hidden', async () => {
    const [fan, maker, stranger] = [await person(t), await person(t), await person(t)];
    await follow(fan, maker.id);
    const v1 = await publish(t, maker, clips, 'video', 'Morning ride');
    const r1 = await publish(t, maker, clips, 'reel', 'Quick jump', { tags: '["bike"]' });
    const v2 = await publish(t, maker, clips, 'video', 'Evening ride');
    await publish(t, stranger, clips, 'video', 'Not followed');

    const all = await t.http().get('/api/feed/following?limit=2').set(...fan.auth);
    expect(all.status).toBe(200);
    expect(all.body.content.map((i: { id: string }) => i.id)).toEqual([v2, r1]);
    expect(all.body.content[0]).toMatchObject({ content_type: 'video', kind: 'video', creator_name: maker.name, username: maker.name, user_id: maker.id, title: 'Evening ride', views: 0, likes: 0 });
    expect(typeof all.body.content[0].timestamp).toBe('string');
    const next = await t.http().get(`/api/feed/following?limit=2&cursor=${all.body.next_cursor}`).set(...fan.auth);
    expect(next.body.content.map((i: { id: string }) => i.id)).toEqual([v1]);
    expect(next.body.next_cursor).toBeNull();

    expect((await t.http().get('/api/feed/following?content_type=videos&limit=10').set(...fan.auth)).body.content).toHaveLength(3);
    expect((await t.http().get('/api/feed/following?content_type=music').set(...fan.auth)).body.content).toEqual([]);
    expect((await t.http().get('/api/feed/following?content_type=films').set(...fan.auth)).status).toBe(400);
    expect((await t.http().get('/api/feed/following')).status).toBe(401);

    await setPrivacy(t, maker.auth, { profile_visibility: 'private' });
    await settled(t);
    expect((await t.http().get('/api/feed/following').set(...fan.auth)).body.content).toEqual([]);
    await setPrivacy(t, maker.auth, { profile_visibility: 'public' });
    await settled(t);
    expect((await t.http().get('/api/feed/following').set(...fan.auth)).body.content).toHaveLength(3);
    await follow(fan, maker.id);
    expect((await t.http().get('/api/feed/following').set(...fan.auth)).body.content).toEqual([]);
  }, 120_000);
});

describe('notifications', () => {
  it('tells a user about a new follower once, and lets them read it', async () => {
    const [a, b, c] = [await person(t), await person(t), await person(t)];
    await follow(a, b.id);
    await follow(a, b.id);
    await follow(a, b.id);
    await settled(t);
    const list = await t.http().get('/api/notifications').set(...b.auth);
    expect(list.status).toBe(200);
    expect(list.body.unread_count).toBe(1);
    expect(list.body.notifications).toHaveLength(1);
    const n = list.body.notifications[0];
    expect(n).toMatchObject({ type: 'new_follower', title: 'New follower', message: `${a.name} started following you`, read: false, link: { kind: 'user', id: a.id } });

    const foreign = await t.http().post(`/api/notifications/${n.id}/read`).set(...c.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Notification not found');
    expect((await t.http().post('/api/notifications/nonsense/read').set(...b.auth)).status).toBe(404);
    const read = await t.http().post(`/api/notifications/${n.id}/read`).set(...b.auth);
    expect(read.body).toEqual({ id: n.id, read: true, unread_count: 0 });
    expect((await t.http().get('/api/notifications').set(...b.auth)).body.notifications[0].read).toBe(true);
    expect((await t.http().get('/api/notifications')).status).toBe(401);

    // A user who deletes themselves takes their notifications and follows with them; counts follow.
    expect((await t.http().delete('/api/me').set(...b.auth).send({ confirmation: b.name })).status).toBe(200);
    await settled(t);
    expect(await t.sql('select id from notifications where user_id = $1', [b.id])).toEqual([]);
    expect(await t.sql('select 1 from follows where followee_id = $1 or follower_id = $1', [b.id])).toEqual([]);
    expect((await t.http().get(`/api/users/${a.id}/profile`).set(...a.auth)).body.following_count).toBe(0);
  });

  it('tells every follower about a new upload, and pages and marks all read', async () => {
    const maker = await person(t);
    const fans = await Promise.all(Array.from({ length: 3 }, () => person(t)));
    for (const f of fans) await follow(f, maker.id);
    const id = await publish(t, maker, clips, 'reel', 'Loop de loop');
    for (const f of fans) {
      const list = await t.http().get('/api/notifications').set(...f.auth);
      expect(list.body.notifications[0]).toMatchObject({ type: 'new_upload', title: 'New short', message: `${maker.name} uploaded "Loop de loop"`, link: { kind: 'reel', id } });
    }
    const [row] = await t.sql<{ n: number }>(`select count(*)::int as n from notifications where dedupe_key = $1`, [`upload:${id}`]);
    expect(row.n).toBe(3);

    const p1 = await t.http().get('/api/notifications?limit=1').set(...maker.auth);
    expect(p1.body.notifications).toHaveLength(1);
    expect(p1.body.unread_count).toBe(3);
    const p2 = await t.http().get(`/api/notifications?limit=5&cursor=${p1.body.next_cursor}`).set(...maker.auth);
    expect(p2.body.notifications).toHaveLength(2);
    const all = await t.http().post('/api/notifications/read-all').set(...maker.auth);
    expect(all.body).toEqual({ updated: 3, unread_count: 0 });
  }, 60_000);
});

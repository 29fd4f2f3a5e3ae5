import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { SocialFacade } from '../src/modules/social/social.facade.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Home's Following reads the newest public items of the followed users from the feed's index. The query picks the
 * followed users whose own newest item is newest before reading their items; it must give exactly what a plain
 * merge of every followed user's items gives, whoever is prolific, private or tied in time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

/** A small pseudo-random sequence, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

it('matches a plain merge of every followed user, for prolific, quiet, private and tied users', async () => {
  const facade = t.app.get(SocialFacade, { strict: false });
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (const seed of [1, 2, 3, 4, 5]) {
    const next = rng(seed);
    const viewer = randomUUID();
    const users = Array.from({ length: 25 }, () => randomUUID());
    for (const u of users.slice(0, 20)) await t.sql('insert into follows (follower_id, followee_id) values ($1, $2)', [viewer, u]);
    for (const [i, u] of users.entries()) {
      // One user posts a lot, most a little, some nothing; times collide often (whole hours), so ids break ties.
      const count = i === 0 ? 40 : Math.floor(next() * 6);
      for (let k = 0; k < count; k++) {
        const kind = next() < 0.8 ? 'video' : 'reel';
        const visibility = next() < 0.85 ? 'public' : 'private';
        const at = new Date(base + Math.floor(next() * 200) * 3_600_000);
        await t.sql(`insert into content_index (kind, ref_id, owner_user_id, title, visibility, published_at) values ($1, $2, $3, 'x', $4, $5)`, [kind, randomUUID(), u, visibility, at]);
      }
    }
    for (const limit of [1, 5, 12, 30]) {
      const expected = (
        await t.sql<{ ref_id: string }>(
          `select ci.ref_id from content_index ci join follows f on f.followee_id = ci.owner_user_id and f.follower_id = $1
            where ci.visibility = 'public' and ci.kind = 'video' order by ci.published_at desc, ci.ref_id desc limit $2`,
          [viewer, limit],
        )
      ).map((r) => r.ref_id);
      const got = await RequestContext.create(t.orm.em, () => facade.followedItemIds(viewer, ['video'], limit));
      expect({ seed, limit, got }).toEqual({ seed, limit, got: expected });
    }
  }
});

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DiscoverSort } from '../domain/search-rules.js';
import type { DirectoryEntry, Page, SocialGraph, SocialUser } from '../domain/ports.js';
import { UserNotFound } from '../domain/social.errors.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';

interface Row {
  user_id: string;
  username: string;
  full_name: string;
  photo_url: string | null;
  is_premium: boolean;
  creator_program: boolean;
  listed: boolean;
  joined_at: Date;
  followers_count: number;
  following_count: number;
}

const COLUMNS = 'su.user_id, su.username, su.full_name, su.photo_url, su.is_premium, su.creator_program, su.listed, su.joined_at, su.followers_count, su.following_count';

function toUser(r: Row): SocialUser {
  return {
    userId: r.user_id,
    username: r.username,
    fullName: r.full_name,
    photoUrl: r.photo_url,
    isPremium: r.is_premium,
    creatorProgram: r.creator_program,
    listed: r.listed,
    joinedAt: new Date(r.joined_at),
    followersCount: Number(r.followers_count),
    followingCount: Number(r.following_count),
  };
}

@Injectable()
export class PgSocialGraph implements SocialGraph {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts hold listed users only (a private follower is in no list, so in no count either): when a user becomes
   * hidden or visible again, everyone on the other side of their follows is adjusted in the same transaction.
   */
  async upsertUser(e: DirectoryEntry): Promise<void> {
    const before = await this.em.execute<{ listed: boolean }[]>('select listed from social_users where user_id = ? for update', [e.userId]);
    await this.em.execute(
      `insert into social_users (user_id, username, full_name, photo_url, is_premium, creator_program, listed, joined_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (user_id) do update set username = excluded.username, full_name = excluded.full_name, photo_url = excluded.photo_url,
         is_premium = excluded.is_premium, creator_program = excluded.creator_program, listed = excluded.listed, updated_at = now()`,
      [e.userId, e.username, e.fullName, e.photoUrl, e.isPremium, e.creatorProgram, e.listed, e.joinedAt],
    );
    if (before.length && before[0].listed !== e.listed) await this.shiftCountsAround(e.userId, e.listed ? 1 : -1);
  }

  private async shiftCountsAround(userId: string, delta: number): Promise<void> {
    await this.em.execute(
      `update social_users set followers_count = greatest(followers_count + ?, 0) where user_id in (select followee_id from follows where follower_id = ?)`,
      [delta, userId],
    );
    await this.em.execute(
      `update social_users set following_count = greatest(following_count + ?, 0) where user_id in (select follower_id from follows where followee_id = ?)`,
      [delta, userId],
    );
  }

  async removeUser(userId: string): Promise<void> {
    await this.em.transactional(async () => {
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`social-user:${userId}`]);
      // The user's row first: a follow of them that is under way finishes before, or finds them gone.
      const row = await this.em.execute<{ listed: boolean }[]>('select listed from social_users where user_id = ? for update', [userId]);
      // Only a listed user was counted by the others.
      if (row[0]?.listed) await this.shiftCountsAround(userId, -1);
      await this.em.execute('delete from follows where follower_id = ? or followee_id = ?', [userId, userId]);
      await this.em.execute('delete from social_users where user_id = ?', [userId]);
    });
  }

  async findUser(userId: string): Promise<SocialUser | null> {
    const rows = await this.em.execute<Row[]>(`select ${COLUMNS} from social_users su where su.user_id = ?`, [userId]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async usersByIds(ids: string[]): Promise<SocialUser[]> {
    if (!ids.length) return [];
    const rows = await this.em.execute<Row[]>(`select ${COLUMNS} from social_users su where su.user_id in (?)`, [ids]);
    return rows.map(toUser);
  }

  async toggleFollow(followerId: string, followeeId: string): Promise<{ following: boolean; followersCount: number }> {
    return this.em.transactional(async () => {
      await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`follow:${followerId}:${followeeId}`]);
      const removed = await this.em.execute<{ n: number }[]>(
        `with gone as (delete from follows where follower_id = ? and followee_id = ? returning 1) select count(*)::int as n from gone`,
        [followerId, followeeId],
      );
      const following = Number(removed[0]?.n ?? 0) === 0;
      // Both rows locked in one order, so A following B while B follows A cannot deadlock; a user deleted meanwhile
      // (their row gone) cannot be followed.
      const locked = await this.em.execute<{ user_id: string; listed: boolean }[]>(
        'select user_id, listed from social_users where user_id in (?, ?) order by user_id for update',
        [followerId, followeeId],
      );
      if (following && locked.length < 2) throw UserNotFound();
      const listed = (id: string) => locked.find((r) => r.user_id === id)?.listed ?? false;
      // Millisecond times: keyset cursors carry JavaScript dates.
      if (following) await this.em.execute(`insert into follows (follower_id, followee_id, created_at) values (?, ?, date_trunc('milliseconds', now()))`, [followerId, followeeId]);
      const delta = following ? 1 : -1;
      // Each side counts the other only while the other is listed.
      const towardFollower = listed(followeeId) ? delta : 0;
      const towardFollowee = listed(followerId) ? delta : 0;
      await this.em.execute('update social_users set following_count = greatest(following_count + ?, 0) where user_id = ?', [towardFollower, followerId]);
      const rows = await this.em.execute<{ followers_count: number }[]>(
        'update social_users set followers_count = greatest(followers_count + ?, 0) where user_id = ? returning followers_count',
        [towardFollowee, followeeId],
      );
      return { following, followersCount: Number(rows[0]?.followers_count ?? 0) };
    });
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const rows = await this.em.execute('select 1 from follows where follower_id = ? and followee_id = ?', [followerId, followeeId]);
    return rows.length > 0;
  }

  async followedAmong(viewerId: string | null, userIds: string[]): Promise<Set<string>> {
    if (!viewerId || !userIds.length) return new Set();
    const rows = await this.em.execute<{ followee_id: string }[]>('select followee_id from follows where follower_id = ? and followee_id in (?)', [viewerId, userIds]);
    return new Set(rows.map((r) => r.followee_id));
  }

  async discover(sort: DiscoverSort, limit: number, viewerId: string | null): Promise<SocialUser[]> {
    const where = sort === 'creators' ? 'su.listed and su.creator_program' : 'su.listed';
    const order = sort === 'newest' ? 'su.joined_at desc, su.user_id' : 'su.followers_count desc, su.user_id';
    const rows = await this.em.execute<Row[]>(
      `select ${COLUMNS} from social_users su where ${where} and su.user_id is distinct from ?::uuid order by ${order} limit ?`,
      [viewerId, limit],
    );
    return rows.map(toUser);
  }

  async connections(userId: string, side: 'followers' | 'following', limit: number, cursor: string | undefined, viewerId: string | null) {
    const [mine, other] = side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
    const c = decodeCursor(cursor);
    // Listed users only; a viewer always sees themselves.
    const visible = `(su.listed or su.user_id = ?::uuid)`;
    const rows = await this.em.execute<(Row & { followed_at: Date })[]>(
      `select ${COLUMNS}, f.created_at as followed_at from follows f join social_users su on su.user_id = f.${other}
        where f.${mine} = ? and ${visible} ${c ? `and (f.created_at, f.${other}) < (?, ?)` : ''}
        order by f.created_at desc, f.${other} desc limit ?`,
      [userId, viewerId, ...(c ? [c.at, c.id] : []), limit + 1],
    );
    // The kept count is exactly the listed users on that side; a hidden viewer who is among them sees themselves too.
    const total = await this.em.execute<{ n: number }[]>(
      `select (case when ? = 'followers' then su.followers_count else su.following_count end)
              + (case when ?::uuid is not null and ?::uuid <> su.user_id
                       and exists (select 1 from social_users v where v.user_id = ?::uuid and not v.listed)
                       and exists (select 1 from follows f where f.${mine} = su.user_id and f.${other} = ?::uuid) then 1 else 0 end) as n
         from social_users su where su.user_id = ?`,
      [side, viewerId, viewerId, viewerId, viewerId, userId],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toUser),
      nextCursor: rows.length > limit && last ? encodeCursor(new Date(last.followed_at), last.user_id) : null,
      total: Number(total[0]?.n ?? 0),
    } satisfies Page<SocialUser> & { total: number };
  }

  async followerIdsPage(userId: string, afterId: string | null, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ follower_id: string }[]>(
      `select follower_id from follows where followee_id = ? ${afterId ? 'and follower_id > ?' : ''} order by follower_id limit ?`,
      [userId, ...(afterId ? [afterId] : []), limit],
    );
    return rows.map((r) => r.follower_id);
  }
}

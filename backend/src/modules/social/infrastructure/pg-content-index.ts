import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ContentIndex, IndexDocument, IndexHit, Page, SearchLog } from '../domain/ports.js';
import { POPULAR_MIN_SEARCHERS, prefixTsQuery, prefixUpperBound, queryWords, RANKED_CANDIDATES } from '../domain/search-rules.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';

/** Owners others may see: listed users (active, not private). Applied to every read. */
const LISTED_OWNER = 'exists (select 1 from social_users su where su.user_id = ci.owner_user_id and su.listed)';

@Injectable()
export class PgContentIndex implements ContentIndex {
  constructor(private readonly em: EntityManager) {}

  async upsert(d: IndexDocument): Promise<void> {
    await this.em.execute(
      `insert into content_index (kind, ref_id, owner_user_id, account_id, title, body, visibility, popularity, published_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (kind, ref_id) do update set owner_user_id = excluded.owner_user_id, account_id = excluded.account_id, title = excluded.title,
         body = excluded.body, visibility = excluded.visibility, popularity = excluded.popularity, published_at = excluded.published_at`,
      [d.kind, d.refId, d.ownerUserId, d.accountId, d.title.slice(0, 300), d.body.slice(0, 5000), d.visibility, d.popularity, d.publishedAt],
    );
    await this.em.execute(
      `insert into search_words (word) select distinct w from unnest(tsvector_to_array(to_tsvector('simple', scriven_fold(?)))) w
        where length(w) between 3 and 100 on conflict do nothing`,
      [d.title.slice(0, 300)],
    );
  }

  async remove(kind: string | string[], refId: string): Promise<void> {
    await this.em.execute('delete from content_index where kind in (?) and ref_id = ?', [Array.isArray(kind) ? kind : [kind], refId]);
  }

  async removeOwned(ownerUserId: string, kinds: string[]): Promise<void> {
    await this.em.execute('delete from content_index where owner_user_id = ? and kind in (?)', [ownerUserId, kinds]);
  }

  async setAccountVisibility(accountId: string, visibility: IndexDocument['visibility'] | null): Promise<void> {
    if (visibility) await this.em.execute(`update content_index set visibility = ? where account_id = ? and kind <> 'user'`, [visibility, accountId]);
    else await this.em.execute(`delete from content_index where account_id = ? and kind <> 'user'`, [accountId]);
  }

  async fold(text: string): Promise<string> {
    const rows = await this.em.execute<{ f: string }[]>('select scriven_fold(?) as f', [text]);
    return rows[0]?.f ?? text.toLowerCase();
  }

  async feed(viewerId: string, kinds: string[], limit: number, cursor: string | undefined): Promise<Page<IndexHit & { publishedAt: Date }>> {
    const c = decodeCursor(cursor);
    // Followed listed users first (at most a few thousand), then each one's newest items through the feed index.
    // Each followed user's newest page at most (a prolific creator costs no more than anyone), then merged.
    const rows = await this.em.execute<{ kind: string; ref_id: string; published_at: Date }[]>(
      `select x.kind, x.ref_id, x.published_at
         from follows f
         join social_users su on su.user_id = f.followee_id and su.listed
         cross join lateral (
           select ci.kind, ci.ref_id, ci.published_at from content_index ci
            where ci.owner_user_id = f.followee_id and ci.visibility = 'public' and ci.kind in (?) ${c ? 'and (ci.published_at, ci.ref_id) < (?, ?)' : ''}
            order by ci.published_at desc, ci.ref_id desc limit ?) x
        where f.follower_id = ?
        order by x.published_at desc, x.ref_id desc
        limit ?`,
      [kinds, ...(c ? [c.at, c.id] : []), limit + 1, viewerId, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({ kind: r.kind, refId: r.ref_id, publishedAt: new Date(r.published_at) })),
      nextCursor: rows.length > limit && last ? encodeCursor(new Date(last.published_at), last.ref_id) : null,
    };
  }

  async followedItems(viewerId: string, kinds: string[], limit: number): Promise<string[]> {
    // Public items only (an account made private takes its items' visibility with it); no join to the directory,
    // which at 100,000 users costs more than the rest. The newest `limit` items can only come from the `limit`
    // followed users whose own newest item is newest (each of those has one item at least as new as anything the
    // others have): one index probe of one row per followed user picks them, then only they are read in full.
    const rows = await this.em.execute<{ ref_id: string }[]>(
      `with newest as (
         select f.followee_id
           from follows f
           cross join lateral (
             select ci.published_at, ci.ref_id from content_index ci
              where ci.owner_user_id = f.followee_id and ci.visibility = 'public' and ci.kind in (?)
              order by ci.published_at desc, ci.ref_id desc limit 1) n
          where f.follower_id = ?
          order by n.published_at desc, n.ref_id desc
          limit ?)
       select x.ref_id
         from newest t
         cross join lateral (
           select ci.ref_id, ci.published_at from content_index ci
            where ci.owner_user_id = t.followee_id and ci.visibility = 'public' and ci.kind in (?)
            order by ci.published_at desc, ci.ref_id desc limit ?) x
        order by x.published_at desc, x.ref_id desc
        limit ?`,
      [kinds, viewerId, limit, kinds, limit, limit],
    );
    return rows.map((r) => r.ref_id);
  }

  /**
   * Full-text: every word must match (the last as a prefix), ranked by where it matched (title over description)
   * and popularity. A word no title contains is replaced by the nearest title word by trigrams (a typo), and the
   * search is run again with the corrected words.
   */
  async search(folded: string, kinds: string[], limit: number): Promise<IndexHit[]> {
    const words = queryWords(folded);
    if (!words.length) return [];
    const hits = await this.fullText(words, kinds, limit);
    if (hits.length >= limit) return hits;
    const corrected = await this.correct(words);
    if (!corrected) return hits;
    const seen = new Set(hits.map((h) => h.refId));
    for (const h of await this.fullText(corrected, kinds, limit)) if (!seen.has(h.refId) && hits.length < limit) hits.push(h);
    return hits;
  }

  /** Ranks at most RANKED_CANDIDATES matches; the owner check runs on the best few only. */
  private async fullText(words: string[], kinds: string[], limit: number): Promise<IndexHit[]> {
    // Spelled out so that the planner picks the matching partial index (users, or content).
    const users = kinds.length === 1 && kinds[0] === 'user';
    const rows = await this.em.execute<{ kind: string; ref_id: string }[]>(
      `select top.kind, top.ref_id from (
         select c.kind, c.ref_id, c.owner_user_id, c.published_at,
                ts_rank(c.document, q) * (1 + ln(1 + greatest(c.popularity, 0)) / 10) as score
           from (select ci.kind, ci.ref_id, ci.owner_user_id, ci.published_at, ci.popularity, ci.document from content_index ci
                  where ci.visibility = 'public' and ${users ? `ci.kind = 'user'` : `ci.kind <> 'user'`} and ci.kind in (?)
                    and ci.document @@ to_tsquery('simple', ?) limit ?) c,
                to_tsquery('simple', ?) q
          order by score desc, c.published_at desc limit ?) top
        where exists (select 1 from social_users su where su.user_id = top.owner_user_id and su.listed)
        order by top.score desc, top.published_at desc limit ?`,
      [kinds, prefixTsQuery(words), RANKED_CANDIDATES, prefixTsQuery(words), limit * 4, limit],
    );
    return rows.map((r) => ({ kind: r.kind, refId: r.ref_id }));
  }

  /** The words with each unknown one (3+ letters) replaced by the most similar known title word; null when none changed. */
  private async correct(words: string[]): Promise<string[] | null> {
    let changed = false;
    const out: string[] = [];
    for (const [i, w] of words.entries()) {
      const last = i === words.length - 1;
      if (w.length < 3) {
        out.push(w);
        continue;
      }
      // The last word may be a prefix still being typed: known if some title word starts with it.
      const known = await this.em.execute(
        last ? `select 1 from search_words where word ~>=~ ? and word ~<~ ? limit 1` : `select 1 from search_words where word = ? limit 1`,
        last ? [w, prefixUpperBound(w)] : [w],
      );
      if (known.length) {
        out.push(w);
        continue;
      }
      const near = await this.em.execute<{ word: string }[]>(`select word from search_words where word % ? order by similarity(word, ?) desc, word limit 1`, [w, w]);
      if (near[0]) {
        changed = true;
        out.push(near[0].word);
      } else out.push(w);
    }
    return changed ? out : null;
  }

  /** Distinct titles starting with what was typed, through the prefix index in its own (bytewise) order. */
  async suggestions(folded: string, limit: number, hiddenKinds: string[]): Promise<string[]> {
    const rows = await this.em.execute<{ title: string }[]>(
      `select distinct on (ci.title_folded) ci.title from content_index ci
        where ci.visibility = 'public' and ci.title_folded ~>=~ ? and ci.title_folded ~<~ ? and ${LISTED_OWNER}
          ${hiddenKinds.length ? 'and ci.kind not in (?)' : ''}
        order by ci.title_folded using ~<~ limit ?`,
      [folded, prefixUpperBound(folded), ...(hiddenKinds.length ? [hiddenKinds] : []), limit],
    );
    return rows.map((r) => r.title);
  }

  async countByOwner(userIds: string[], kinds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.em.execute<{ owner_user_id: string; n: number }[]>(
      `select owner_user_id, count(*)::int as n from content_index where owner_user_id in (?) and visibility = 'public' and kind in (?) group by owner_user_id`,
      [userIds, kinds],
    );
    return new Map(rows.map((r) => [r.owner_user_id, Number(r.n)]));
  }
}

@Injectable()
export class PgSearchLog implements SearchLog {
  constructor(private readonly em: EntityManager) {}

  /** One row per searcher, query and hour; `query` is the folded form (grouping), `display` as it was typed. */
  async record(query: string, display: string, searcher: string): Promise<void> {
    await this.em.execute(`insert into search_queries (query, display, searcher, hour) values (?, ?, ?, date_trunc('hour', now())) on conflict do nothing`, [query, display, searcher]);
  }

  /** Queries by how many different people searched them; shown as most recently typed. */
  async trending(limit: number, hours: number): Promise<{ query: string; count: number }[]> {
    const rows = await this.em.execute<{ display: string; n: number }[]>(
      `select (array_agg(display order by hour desc))[1] as display, count(distinct searcher)::int as n from search_queries
        where hour >= date_trunc('hour', now()) - make_interval(hours => ?)
        group by query order by n desc, query limit ?`,
      [hours - 1, limit],
    );
    return rows.map((r) => ({ query: r.display, count: Number(r.n) }));
  }

  async popularPrefixed(prefix: string, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ display: string }[]>(
      `select (array_agg(display order by hour desc))[1] as display from search_queries where query ~>=~ ? and query ~<~ ? and hour >= now() - interval '7 days'
        group by query having count(distinct searcher) >= ? order by count(distinct searcher) desc, query limit ?`,
      [prefix, prefixUpperBound(prefix), POPULAR_MIN_SEARCHERS, limit],
    );
    return rows.map((r) => r.display);
  }

  async forget(searcher: string): Promise<void> {
    await this.em.execute('delete from search_queries where searcher = ?', [searcher]);
  }

  async prune(olderThanDays: number): Promise<void> {
    await this.em.execute(`delete from search_queries where hour < now() - make_interval(days => ?)`, [olderThanDays]);
  }
}

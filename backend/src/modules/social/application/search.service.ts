import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { CONTENT_INDEX, CONTENT_SOURCES, LIVE_SEARCH, SEARCH_LOG, SOCIAL_GRAPH, type ContentCardView, type ContentIndex, type ContentSource, type LiveCardView, type LiveSearchSource, type SearchLog, type SocialGraph } from '../domain/ports.js';
import { ALL_TAB_PER_KIND, cleanQuery, queryWords, SEARCH_TABS, type SearchTab } from '../domain/search-rules.js';
import { hydrate, SocialService, type UserCardView } from './social.service.js';

export const SUGGESTIONS = 8;
export const TRENDING = 10;
const TRENDING_CACHE_MS = 60_000;
/** How many people a name search may find whose streams on now the live tab shows. */
const LIVE_OWNER_CANDIDATES = 20;

export interface SearchOutcome {
  query: string;
  totalResults: number;
  /** Tabs whose kinds exist on this server (the others are always empty). */
  available: SearchTab[];
  /** `gamingStreams`: the gaming tab's streams (its tournaments are in `content.gaming`). */
  results: { content: Partial<Record<SearchTab, ContentCardView[]>>; users: UserCardView[]; live: LiveCardView[]; gamingStreams: LiveCardView[] };
}

@Injectable()
export class SearchService {
  private readonly logger = new Logger('Search');
  private trendingCache: { at: number; rows: { query: string; count: number }[] } | null = null;

  constructor(
    @Inject(CONTENT_INDEX) private readonly index: ContentIndex,
    @Inject(CONTENT_SOURCES) private readonly sources: ContentSource[],
    @Inject(SEARCH_LOG) private readonly log: SearchLog,
    @Inject(SOCIAL_GRAPH) private readonly graph: SocialGraph,
    @Inject(LIVE_SEARCH) private readonly live: LiveSearchSource,
    private readonly social: SocialService,
    private readonly orm: MikroORM,
  ) {}

  get availableTabs(): SearchTab[] {
    return SEARCH_TABS.filter((t) => {
      if (t === 'users') return true;
      if (t === 'live') return this.live.shown();
      // Gaming: tournaments (their source shows them while `gaming` is on) and gaming streams.
      if (t === 'gaming') return this.sources.some((s) => s.tab === t && s.shownKinds().length > 0) || this.live.shownGaming();
      // Music: while its feature is on (its source shows nothing otherwise).
      return this.sources.some((s) => s.tab === t && s.shownKinds().length > 0);
    });
  }

  /** One tab (limit results) or every tab (3 each). A search that finds something counts toward trending. */
  async search(q: unknown, tab: SearchTab | null, limit: number, viewerId: string | null, searcher: string): Promise<SearchOutcome> {
    const query = cleanQuery(q);
    const folded = await this.index.fold(query);
    const tabs = tab ? [tab] : this.availableTabs;
    const per = tab ? limit : ALL_TAB_PER_KIND;
    const content: SearchOutcome['results']['content'] = {};
    let users: UserCardView[] = [];
    let live: LiveCardView[] = [];
    let gamingStreams: LiveCardView[] = [];
    await Promise.all(
      tabs.map(async (t) => {
        if (t === 'users') {
          const hits = await this.index.search(folded, ['user'], per);
          const found = await this.graph.usersByIds(hits.map((h) => h.refId));
          const byId = new Map(found.map((u) => [u.userId, u]));
          users = await this.social.cards(hits.flatMap((h) => byId.get(h.refId) ?? []), viewerId);
          return;
        }
        if (t === 'live') {
          live = await this.liveStreams(folded, per);
          return;
        }
        // The gaming tab: tournaments (below, from the index) and gaming streams on now, `per` of each.
        if (t === 'gaming' && this.live.shownGaming()) gamingStreams = await this.liveStreams(folded, per, { gaming: true });
        const sources = this.sources.filter((s) => s.tab === t);
        const kinds = sources.flatMap((s) => s.shownKinds());
        content[t] = kinds.length ? await hydrate(sources, await this.index.search(folded, kinds, per), viewerId) : [];
      }),
    );
    const totalResults = users.length + live.length + gamingStreams.length + Object.values(content).reduce((n, list) => n + (list?.length ?? 0), 0);
    if (totalResults > 0) await this.log.record(folded.slice(0, 100), query.slice(0, 100), searcher).catch((e: Error) => this.logger.warn(`search log: ${e.message}`));
    return { query, totalResults, available: this.availableTabs, results: { content, users, live, gamingStreams } };
  }

  /**
   * Streams on now whose title, game or description matches, or whose streamer's name does (the people the users tab
   * would find); only streams of people others may see (listed), as for every other kind. With `gaming`, gaming
   * streams only (the gaming tab).
   */
  private async liveStreams(folded: string, limit: number, opts: { gaming?: boolean } = {}): Promise<LiveCardView[]> {
    if (!(opts.gaming ? this.live.shownGaming() : this.live.shown())) return [];
    const words = queryWords(folded);
    if (!words.length) return [];
    const owners = await this.index.search(folded, ['user'], LIVE_OWNER_CANDIDATES);
    const hits = await this.live.search({ folded, words, ownerIds: owners.map((h) => h.refId) }, limit, opts);
    if (!hits.length) return [];
    const listed = new Set((await this.graph.usersByIds([...new Set(hits.map((h) => h.userId))])).filter((u) => u.listed).map((u) => u.userId));
    return hits.filter((h) => listed.has(h.userId));
  }

  /** Popular searches starting with what was typed, then titles and names; at most 8, no repeats. */
  async suggestions(q: unknown): Promise<string[]> {
    const query = cleanQuery(q);
    const folded = await this.index.fold(query);
    const hidden = this.sources.flatMap((s) => {
      const shown = s.shownKinds();
      return s.kinds.filter((k) => !shown.includes(k));
    });
    const [popular, titles] = await Promise.all([this.log.popularPrefixed(folded, 4), this.index.suggestions(folded, SUGGESTIONS, hidden)]);
    const seen = new Set<string>();
    const out: string[] = [];
    for (const s of [...popular, ...titles]) {
      const key = s.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
      if (out.length === SUGGESTIONS) break;
    }
    return out;
  }

  /** The most searched queries of the last 24 hours, by how many people searched them. */
  async trending(): Promise<{ query: string; count: number }[]> {
    if (this.trendingCache && Date.now() - this.trendingCache.at < TRENDING_CACHE_MS) return this.trendingCache.rows;
    const rows = await this.log.trending(TRENDING, 24);
    this.trendingCache = { at: Date.now(), rows };
    return rows;
  }

  @Cron('17 * * * *', { name: 'search-log-prune' })
  async prune(): Promise<void> {
    await RequestContext.create(this.orm.em, () => this.log.prune(8)).catch((e: Error) => this.logger.warn(`search log prune: ${e.message}`));
  }
}

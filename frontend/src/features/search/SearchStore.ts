import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { LoadStatus } from '../../shared/resource';
import { localStore } from '../../shared/storage';
import { HISTORY_KEY, HISTORY_MAX, SEARCH_KINDS, SUGGESTION_PAUSE_MS, TAB_LIMIT, TRENDING_SHOWN, cleanQuery, withRecent } from './rules';
import type { SearchKind, SearchResponse, SearchTab, TrendingItem } from './types';

/** One tab's search for one query: under way, answered, or failed (the failure only goes to the console). */
export type TabResults = { status: 'loading'; response: null } | { status: 'ready'; response: SearchResponse } | { status: 'error'; response: null };

/** Queries whose tabs stay cached; older ones are asked again when searched again. */
const CACHED_QUERIES = 20;

function readHistory(): string[] {
  const value = localStore.readJson(HISTORY_KEY);
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').slice(0, HISTORY_MAX) : [];
}

function writeHistory(history: readonly string[]): void {
  localStore.writeJson(HISTORY_KEY, history);
}

/** Seed 002 §8: errors of the search lists only go to the console. */
function logFailure(what: string, cause: unknown): void {
  console.error(`[search] ${what} failed`, cause);
}

/**
 * Search (seed 002 §2.11, §4, §5, §9): the query and its results per tab (the 'all' tab gives 3 per kind; a kind's
 * tab is asked once per query, with `content_type`), the tabs of the kinds that exist on this server, the recent
 * searches kept in this browser (10, most recent first), suggestions after a 300 ms pause (a stale answer never
 * replaces a newer one) and the trending searches.
 */
export class SearchStore {
  /** What the search box holds. */
  input = '';
  /** The query the results are for; empty before the first search. */
  query = '';
  tab: SearchTab = 'all';
  /** query → tab → its results. */
  results = observable.map<string, Partial<Record<SearchTab, TabResults>>>();
  /** The kinds that exist on this server, as the last answer listed them. */
  available: SearchKind[] = [];

  history: string[] = readHistory();

  suggestions: string[] = [];

  trending: TrendingItem[] = [];
  trendingStatus: LoadStatus = 'idle';

  private suggestTimer: ReturnType<typeof setTimeout> | null = null;
  private suggestAbort: AbortController | null = null;
  private suggestTicket = 0;
  private trendingLoad: Promise<void> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'suggestTimer' | 'suggestAbort' | 'suggestTicket' | 'trendingLoad'>(
      this,
      { root: false, suggestTimer: false, suggestAbort: false, suggestTicket: false, trendingLoad: false },
      { autoBind: true },
    );
  }

  /** 'all', then the tab of each kind that exists (the others would always be empty); none before a search. */
  get tabs(): SearchTab[] {
    if (!this.query) return [];
    return ['all', ...SEARCH_KINDS.filter((kind) => this.available.includes(kind))];
  }

  /**
   * The open tab's results for the query. While the `reels` feature is off no short is shown (the server leaves them
   * out too; this also drops those of an answer that came before the switch).
   */
  get current(): TabResults | null {
    const r = this.resultsOf(this.tab);
    if (r?.status !== 'ready' || this.root.features.isEnabled('reels')) return r;
    const { results } = r.response;
    return { status: 'ready', response: { ...r.response, results: { ...results, videos: results.videos.filter((item) => item.kind !== 'reel') } } };
  }

  resultsOf(tab: SearchTab): TabResults | null {
    return (this.query && this.results.get(this.query)?.[tab]) || null;
  }

  /** The kinds the open tab shows: every available kind on 'all', else that tab's. */
  get shownKinds(): SearchKind[] {
    if (this.tab !== 'all') return [this.tab];
    return SEARCH_KINDS.filter((kind) => this.available.includes(kind));
  }

  /** True when the open tab was answered and found nothing. A failed search is not "nothing found". */
  get nothingFound(): boolean {
    const current = this.current;
    if (current?.status !== 'ready') return false;
    return this.shownKinds.every((kind) => current.response.results[kind].length === 0);
  }

  /** Trending shows before any search and when nothing was found. */
  get showTrending(): boolean {
    return !this.query || this.nothingFound || this.current?.status === 'error';
  }

  get trendingShown(): TrendingItem[] {
    return this.trending.slice(0, TRENDING_SHOWN);
  }

  /** What the box's dropdown offers: recent searches (those starting with what is typed), then suggestions. */
  get dropdown(): { recent: string[]; suggestions: string[] } {
    const typed = cleanQuery(this.input);
    if (!typed) return { recent: this.history, suggestions: [] };
    const prefix = typed.toLowerCase();
    const recent = this.history.filter((entry) => entry.toLowerCase().startsWith(prefix) && entry.toLowerCase() !== prefix);
    const seen = new Set(recent.map((entry) => entry.toLowerCase()));
    const suggestions = this.suggestions.filter((entry) => {
      const key = entry.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { recent: recent.slice(0, 3), suggestions };
  }

  /** Called while the section shows: loads the trending searches; the returned function stops pending suggestions. */
  open(): () => void {
    void this.loadTrending();
    return () => this.cancelSuggestions();
  }

  /** The box's text changed: suggestions are asked for after a 300 ms pause, when it has at least 1 character. */
  setInput(text: string): void {
    this.input = text;
    if (this.suggestTimer !== null) clearTimeout(this.suggestTimer);
    this.suggestTimer = null;
    const prefix = cleanQuery(text);
    if (!prefix) {
      this.cancelSuggestions();
      this.suggestions = [];
      return;
    }
    this.suggestTimer = setTimeout(() => {
      this.suggestTimer = null;
      void this.loadSuggestions(prefix);
    }, SUGGESTION_PAUSE_MS);
  }

  /**
   * Runs a search (Enter, a picked suggestion or recent search, a trending query, the header's box): an empty or blank
   * query is not run. It opens on 'all', becomes the most recent search, and is asked again even if searched before.
   */
  search(text: string = this.input): boolean {
    const query = cleanQuery(text);
    if (!query) return false;
    this.cancelSuggestions();
    this.input = query;
    this.query = query;
    this.tab = 'all';
    this.history = withRecent(this.history, query);
    writeHistory(this.history);
    this.results.delete(query);
    this.results.set(query, {});
    while (this.results.size > CACHED_QUERIES) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.results.delete(oldest);
    }
    void this.load(query, 'all');
    return true;
  }

  /** Shows `tab`, asking for its results the first time for this query (or again after a failure). */
  setTab(tab: SearchTab): void {
    this.tab = tab;
    if (!this.query) return;
    const known = this.resultsOf(tab);
    if (!known || known.status === 'error') void this.load(this.query, tab);
  }

  removeRecent(query: string): void {
    this.history = this.history.filter((entry) => entry !== query);
    writeHistory(this.history);
  }

  clearRecent(): void {
    this.history = [];
    writeHistory(this.history);
  }

  /** The trending searches (most searched in the last 24 hours). */
  loadTrending(): Promise<void> {
    this.trendingLoad ??= this.fetchTrending().finally(() => {
      this.trendingLoad = null;
    });
    return this.trendingLoad;
  }

  /** Signing out forgets the results; the recent searches stay in this browser. */
  reset(): void {
    this.cancelSuggestions();
    this.input = '';
    this.query = '';
    this.tab = 'all';
    this.results.clear();
    this.available = [];
    this.suggestions = [];
    this.trending = [];
    this.trendingStatus = 'idle';
  }

  dispose(): void {
    this.cancelSuggestions();
  }

  private async load(query: string, tab: SearchTab): Promise<void> {
    this.setResults(query, tab, { status: 'loading', response: null });
    let response: SearchResponse | undefined;
    try {
      const answer = await this.root.api.GET('/api/search', {
        params: { query: tab === 'all' ? { q: query } : { q: query, content_type: tab, limit: String(TAB_LIMIT) } },
      });
      response = answer.data;
      if (!answer.data) logFailure(`Search for "${query}" (${tab})`, answer.error);
    } catch (cause) {
      logFailure(`Search for "${query}" (${tab})`, cause);
    }
    runInAction(() => {
      if (response) {
        this.setResults(query, tab, { status: 'ready', response });
        if (query === this.query) this.available = response.available;
      } else {
        this.setResults(query, tab, { status: 'error', response: null });
      }
    });
  }

  /** Keeps a tab's results while their query is cached (an answer for a query searched long ago is dropped). */
  private setResults(query: string, tab: SearchTab, results: TabResults): void {
    const tabs = this.results.get(query);
    if (!tabs) return;
    this.results.set(query, { ...tabs, [tab]: results });
  }

  private async loadSuggestions(prefix: string): Promise<void> {
    this.suggestAbort?.abort();
    const abort = new AbortController();
    this.suggestAbort = abort;
    this.suggestTicket += 1;
    const ticket = this.suggestTicket;
    try {
      const answer = await this.root.api.GET('/api/search/suggestions', {
        params: { query: { q: prefix } },
        signal: abort.signal,
      });
      if (ticket !== this.suggestTicket) return; // a newer prefix was asked for since
      const data = answer.data;
      if (!data) {
        logFailure('Suggestions', answer.error);
        return;
      }
      runInAction(() => {
        this.suggestions = data.suggestions;
      });
    } catch (cause) {
      if (!abort.signal.aborted && ticket === this.suggestTicket) logFailure('Suggestions', cause);
    } finally {
      if (this.suggestAbort === abort) this.suggestAbort = null;
    }
  }

  /** Stops a pending or running suggestion request; an answer still on its way is ignored. */
  private cancelSuggestions(): void {
    if (this.suggestTimer !== null) clearTimeout(this.suggestTimer);
    this.suggestTimer = null;
    this.suggestAbort?.abort();
    this.suggestAbort = null;
    this.suggestTicket += 1;
  }

  private async fetchTrending(): Promise<void> {
    if (this.trendingStatus !== 'ready') this.trendingStatus = 'loading';
    let trending: TrendingItem[] | undefined;
    try {
      const { data, response } = await this.root.api.GET('/api/search/trending');
      trending = data?.trending;
      if (!data) logFailure('Trending searches', response.status);
    } catch (cause) {
      logFailure('Trending searches', cause);
    }
    runInAction(() => {
      if (trending) {
        this.trending = trending;
        this.trendingStatus = 'ready';
      } else if (this.trendingStatus !== 'ready') {
        this.trendingStatus = 'error';
      }
    });
  }
}

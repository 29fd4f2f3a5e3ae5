import { makeAutoObservable, runInAction } from 'mobx';
import type { LoadStatus } from './resource';

/** One page of a keyset-paged list: its items, the cursor of the next page (null on the last), and what else it said. */
export interface Page<T, M = undefined> {
  items: T[];
  next: string | null;
  /** What the server said about the whole list with this page (a total, an unread count). */
  meta?: M;
}

export interface PageRequest {
  /** The cursor of the page asked for; null for the first page. */
  cursor: string | null;
  /** The page size asked for, when the caller gave one (otherwise the fetch's own). */
  limit?: number;
  /** Aborted when the answer is no longer wanted (a reload, a reset). */
  signal: AbortSignal;
}

/** Reads one page; undefined (or a throw) when the server did not give it. */
export type FetchPage<T, M = undefined> = (request: PageRequest) => Promise<Page<T, M> | undefined>;

/** What a call came to: its page is shown, it failed (status or moreFailed says so), or it did nothing / was replaced. */
export type PageOutcome = 'loaded' | 'failed' | 'skipped';

export interface PagedListOptions<T> {
  /** Identifies an item, so that a page overlapping those shown adds no duplicate. */
  key: (item: T) => string;
  /** Runs once a (re)load's answer is taken, however many callers joined it (not for an answer dropped). */
  onLoad?: (outcome: 'loaded' | 'failed') => void;
}

/**
 * A list the server gives a page at a time (keyset paging, `next_cursor`), as a screen shows it: the first page, Load
 * more appending the next, and a refresh merging the first page again.
 *
 * Only the latest answer counts: a reload aborts the requests under way and drops any answer they still bring. A
 * reload keeps the shown items until the new page arrives (the status stays 'ready'); a failed one says 'error' and
 * keeps them. A failed Load more leaves the list as it was and sets `moreFailed`.
 */
export class PagedList<T, M = undefined> {
  items: T[] = [];
  status: LoadStatus = 'idle';
  /** The cursor of the next page; null when there is none (or nothing was loaded). */
  nextCursor: string | null = null;
  /** What the last page shown said about the whole list. */
  meta: M | null = null;
  loadingMore = false;
  /** True when the last Load more failed (it can be tried again). */
  moreFailed = false;

  /** Bumped by each (re)load and reset: an answer to an older one is dropped. */
  private generation = 0;
  private readonly controllers = new Set<AbortController>();
  private running: Promise<PageOutcome> | null = null;

  constructor(
    private readonly fetchPage: FetchPage<T, M>,
    private readonly options: PagedListOptions<T>,
  ) {
    makeAutoObservable<this, 'generation' | 'controllers' | 'running' | 'fetchPage' | 'options'>(
      this,
      { generation: false, controllers: false, running: false, fetchPage: false, options: false },
      { autoBind: true },
    );
  }

  /**
   * The first page, replacing the items. Aborts whatever this list was reading; `join` instead answers with a load
   * already under way, if there is one.
   */
  load({ limit, join = false }: { limit?: number; join?: boolean } = {}): Promise<PageOutcome> {
    if (join && this.running) return this.running;
    this.abortAll();
    const generation = ++this.generation;
    this.loadingMore = false;
    if (this.status !== 'ready') this.status = 'loading';
    const running = this.request(null, limit).then((page) => {
      if (generation !== this.generation) return 'skipped' as const;
      const outcome = page ? ('loaded' as const) : ('failed' as const);
      runInAction(() => {
        if (page) {
          this.items = page.items;
          this.nextCursor = page.next;
          this.meta = page.meta ?? null;
          this.status = 'ready';
          this.moreFailed = false;
        } else {
          this.status = 'error';
        }
        this.options.onLoad?.(outcome);
      });
      return outcome;
    });
    this.running = running;
    void running.finally(() => {
      if (this.running === running) this.running = null;
    });
    return running;
  }

  /** The next page, added below the items (those already shown are not repeated). */
  async loadMore({ limit }: { limit?: number } = {}): Promise<PageOutcome> {
    const cursor = this.nextCursor;
    if (cursor === null || this.loadingMore) return 'skipped';
    const generation = this.generation;
    this.loadingMore = true;
    this.moreFailed = false;
    const page = await this.request(cursor, limit);
    if (generation !== this.generation) return 'skipped';
    runInAction(() => {
      this.loadingMore = false;
      if (!page) {
        this.moreFailed = true;
        return;
      }
      const known = new Set(this.items.map(this.options.key));
      this.items = [...this.items, ...page.items.filter((item) => !known.has(this.options.key(item)))];
      // A cursor that does not move would page forever.
      this.nextCursor = page.next === cursor ? null : page.next;
      if (page.meta !== undefined) this.meta = page.meta;
    });
    return page ? 'loaded' : 'failed';
  }

  /**
   * The first page again, merged into what is shown: new items on top, the others updated in place, the pages after
   * it kept. A failure changes nothing. Before a first load it shows the page. `around` runs just before the merge,
   * and what it returns just after (to keep a position in the list).
   */
  async refresh({ around }: { around?: () => () => void } = {}): Promise<PageOutcome> {
    const generation = this.generation;
    const page = await this.request(null);
    if (generation !== this.generation) return 'skipped';
    if (!page) return 'failed';
    runInAction(() => {
      const after = around?.();
      const { key } = this.options;
      const fresh = new Map(page.items.map((item) => [key(item), item]));
      const known = new Set(this.items.map(key));
      this.items = [...page.items.filter((item) => !known.has(key(item))), ...this.items.map((item) => fresh.get(key(item)) ?? item)];
      if (page.meta !== undefined) this.meta = page.meta;
      if (this.status !== 'ready') {
        this.status = 'ready';
        this.nextCursor = page.next;
      }
      after?.();
    });
    return 'loaded';
  }

  /** Replaces the shown items (a change the server confirmed, an item that arrived on its own). */
  set(items: T[]): void {
    this.items = items;
  }

  /** Replaces what is known of the whole list (a count the viewer's own change moved). */
  setMeta(meta: M): void {
    this.meta = meta;
  }

  /** Each shown item through `change`. */
  map(change: (item: T) => T): void {
    this.items = this.items.map(change);
  }

  /** Back to nothing loaded; requests under way are aborted and their answers dropped. */
  reset(): void {
    this.abortAll();
    this.generation += 1;
    this.running = null;
    this.items = [];
    this.status = 'idle';
    this.nextCursor = null;
    this.meta = null;
    this.loadingMore = false;
    this.moreFailed = false;
  }

  private async request(cursor: string | null, limit?: number): Promise<Page<T, M> | undefined> {
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      return await this.fetchPage({ cursor, limit, signal: controller.signal });
    } catch {
      return undefined;
    } finally {
      this.controllers.delete(controller);
    }
  }

  private abortAll(): void {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }
}

/** The usual key: the item's `id`. */
export const byId = { key: (item: { id: string }) => item.id };

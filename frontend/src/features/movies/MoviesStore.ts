import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { localStore } from '../../shared/storage';
import { appOrigin, copyToClipboard } from '../../shared/clipboard';
import { postMultipartWithProgress } from '../../shared/xhrUpload';
import type { LoadStatus } from '../../shared/resource';
import {
  MOVIE_MESSAGES,
  filterMovies,
  movieLink,
  movieStats,
  movieUploadProblems,
  type MovieFieldErrors,
  type MovieStats,
} from './rules';
import { SAMPLE_MOVIES } from './samples';
import type { Movie, MovieDto, MovieTab, MovieUploadInput } from './types';

export const MOVIE_POLL_MS = 5000;
/** The list is read whole, 100 (the server's maximum) at a time, following `next_cursor`. */
const MOVIE_PAGE_SIZE = 100;
/** A bound on the pages read in one load (10,000 movies), should a server keep answering with a cursor. */
const MOVIE_MAX_PAGES = 100;
const FAVORITES_KEY = 'scriven.movieFavorites';
const WATCHLIST_KEY = 'scriven.movieWatchlist';

export type MovieUploadResult = { ok: true; movie: MovieDto } | { ok: false; detail: string; fieldErrors: MovieFieldErrors };
export type MoviePageStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';
type RatingState = { rating: number | null; rating_count: number; my_rating: number | null };

function readIds(key: string): Set<string> {
  const value = localStore.readJson(key);
  return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
}

function writeIds(key: string, ids: Set<string>): void {
  localStore.writeJson(key, [...ids]);
}

/**
 * The Cinema room (seed 000 §2-§9): the movie list (six built-in samples when it cannot be loaded), the client-side
 * search, genre and tab filters, the stats, the detail dialog, a movie's page (`/movies/:id`) with its views and
 * viewers' ratings, favourites and watchlist kept in this browser only, sharing, and the Add Movie upload with its
 * progress.
 */
export class MoviesStore {
  /** Every movie the server lists (all its pages): the filters and the stat cards work on the whole list. */
  movies: MovieDto[] = [];
  status: LoadStatus = 'idle';

  search = '';
  genre = 'All';
  tab: MovieTab = 'all';

  /** The movie whose detail dialog is open. */
  selectedId: string | null = null;
  addOpen = false;

  favorites = new Set<string>();
  watchlist = new Set<string>();

  uploadPending = false;
  uploadProgress = 0;

  /** The movie of the page open (`/movies/:id`), as read by its id. */
  page: MovieDto | null = null;
  pageStatus: MoviePageStatus = 'idle';
  private pageId: string | null = null;
  /** Movies whose rating is being sent. */
  ratingPending = new Set<string>();
  /** Up next beside the open page: other ready movies the viewer may open (the server ranks them). */
  upNext: MovieDto[] = [];
  upNextStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  private upNextFor: string | null = null;

  private loading: Promise<boolean> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loading' | 'pageId' | 'upNextFor'>(this, { root: false, loading: false, pageId: false, upNextFor: false }, { autoBind: true });
  }

  /** A failed load shows the samples, silently (seed 000 §4, §8). */
  get usingSamples(): boolean {
    return this.status === 'error';
  }

  get all(): readonly Movie[] {
    return this.usingSamples ? SAMPLE_MOVIES : this.movies;
  }

  get filtered(): Movie[] {
    return filterMovies(this.all, { search: this.search, genre: this.genre, tab: this.tab });
  }

  get stats(): MovieStats {
    return movieStats(this.all);
  }

  get selected(): Movie | null {
    return this.find(this.selectedId);
  }

  private find(id: string | null): Movie | null {
    if (id === null) return null;
    return this.all.find((movie) => movie.id === id) ?? null;
  }

  get hasProcessing(): boolean {
    return this.movies.some((movie) => movie.is_owner && movie.status === 'processing');
  }

  setSearch(search: string): void {
    this.search = search;
  }

  setGenre(genre: string | null): void {
    this.genre = genre ?? 'All';
  }

  setTab(tab: MovieTab): void {
    this.tab = tab;
  }

  /** Loads the list and keeps it current while shown (polled while one of the user's movies is processing). */
  watch(): () => void {
    this.favorites = readIds(FAVORITES_KEY);
    this.watchlist = readIds(WATCHLIST_KEY);
    void this.load();
    const timer = setInterval(() => {
      if (this.hasProcessing) void this.load();
    }, MOVIE_POLL_MS);
    return () => clearInterval(timer);
  }

  /** Reads the whole list; a failure keeps the list shown, or shows the samples when there is none yet. */
  load(): Promise<boolean> {
    this.loading ??= this.loadList().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async loadList(): Promise<boolean> {
    if (this.status !== 'ready') this.status = 'loading';
    const list = await this.fetchAll();
    runInAction(() => {
      if (list) {
        this.movies = list;
        this.status = 'ready';
      } else if (this.status !== 'ready') {
        this.status = 'error';
      }
    });
    return list !== null;
  }

  /**
   * Every page of the list, following `next_cursor` until it is null (at most MOVIE_MAX_PAGES pages). A page that
   * cannot be read fails the whole read: a part of the list would give wrong totals.
   */
  private async fetchAll(): Promise<MovieDto[] | null> {
    const list: MovieDto[] = [];
    const known = new Set<string>();
    let cursor: string | null = null;
    for (let pages = 0; pages < MOVIE_MAX_PAGES; pages += 1) {
      const query: { limit: string; cursor?: string } = { limit: String(MOVIE_PAGE_SIZE), ...(cursor ? { cursor } : {}) };
      let page: { movies: MovieDto[]; next_cursor: string | null } | undefined;
      try {
        const { data } = await this.root.api.GET('/api/movies', { params: { query } });
        page = data;
      } catch {
        page = undefined;
      }
      if (!page) return null;
      for (const movie of page.movies) {
        if (known.has(movie.id)) continue;
        known.add(movie.id);
        list.push(movie);
      }
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    return list;
  }

  /** Opens the detail dialog. */
  open(id: string): void {
    this.selectedId = id;
  }

  /**
   * Reads the movie of a page (`/movies/:id`, GET /api/movies/{id}), with the favourites and watchlist of this browser.
   * The page says when it is not available (404) or could not be read (Try again reads it again).
   */
  async openPage(id: string): Promise<boolean> {
    this.favorites = readIds(FAVORITES_KEY);
    this.watchlist = readIds(WATCHLIST_KEY);
    this.pageId = id;
    this.pageStatus = 'loading';
    this.page = null;
    let movie: MovieDto | undefined;
    let missing = false;
    try {
      const { data, response } = await this.root.api.GET('/api/movies/{id}', { params: { path: { id } } });
      movie = data;
      missing = response.status === 404;
    } catch {
      movie = undefined;
    }
    // Closed, or another page opened, while the movie was read.
    if (this.pageId !== id) return false;
    runInAction(() => {
      this.page = movie ?? null;
      this.pageStatus = movie ? 'ready' : missing ? 'missing' : 'error';
    });
    return movie !== undefined;
  }

  closePage(): void {
    this.pageId = null;
    this.page = null;
    this.pageStatus = 'idle';
    this.upNext = [];
    this.upNextStatus = 'idle';
    this.upNextFor = null;
  }

  /** The movie autoplay opens after this one: the first of Up next. */
  get next(): MovieDto | null {
    return this.upNext[0] ?? null;
  }

  /** Up next for the movie `id` (GET /api/movies/{id}/up-next): the same channel's first, then related and newest. */
  async loadUpNext(id: string): Promise<void> {
    if (this.upNextFor === id && this.upNextStatus !== 'error') return;
    this.upNextFor = id;
    this.upNextStatus = 'loading';
    let list: MovieDto[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/movies/{id}/up-next', { params: { path: { id } } });
      list = data;
    } catch {
      list = undefined;
    }
    if (this.upNextFor !== id) return;
    runInAction(() => {
      this.upNext = (list ?? []).filter((movie) => movie.id !== id && movie.status === 'ready');
      this.upNextStatus = list ? 'ready' : 'error';
    });
  }

  /**
   * Seconds watched since the last heartbeat and where playback is (signed-in viewers): the server keeps the resume
   * point (any device) and Continue watching. A heartbeat that could not be sent is not the viewer's problem.
   */
  async heartbeat(id: string, seconds: number, position?: number): Promise<void> {
    const whole = Math.round(seconds);
    if (!this.root.auth.user || whole < 1) return;
    const at = position !== undefined && Number.isFinite(position) && position >= 0 ? { position: Math.floor(position) } : {};
    try {
      await this.root.api.POST('/api/movies/{id}/heartbeat', { params: { path: { id } }, body: { seconds: Math.min(60, whole), ...at } });
    } catch {
      // Lost watch time is not worth an error.
    }
  }

  /** A movie by its id, wherever it is shown (the list, the page), with `fields` changed. */
  private update(id: string, fields: Partial<MovieDto>): void {
    this.movies = this.movies.map((movie) => (movie.id === id ? { ...movie, ...fields } : movie));
    if (this.page?.id === id) this.page = { ...this.page, ...fields };
  }

  /** Counts a view when playback starts (one per viewer per 30 minutes, decided by the server). */
  async recordView(id: string): Promise<void> {
    try {
      const { data } = await this.root.api.POST('/api/movies/{id}/view', { params: { path: { id } } });
      if (data) runInAction(() => this.update(id, { views: data.views }));
    } catch {
      // A view that could not be counted is not the viewer's problem.
    }
  }

  /**
   * Rates a movie 1 to 5 stars (PUT), or with null takes the rating back (DELETE); the movie's average, count and the
   * viewer's own rating then show what the server answered. A refusal says why, once, as a toast.
   */
  async rate(id: string, stars: number | null): Promise<boolean> {
    if (this.ratingPending.has(id)) return false;
    this.ratingPending.add(id);
    const action = `movies.rate:${id}`;
    let state: RatingState | undefined;
    let detail: string = MOVIE_MESSAGES.noDetail;
    try {
      const params = { params: { path: { id } } };
      const { data, error } = stars === null ? await this.root.api.DELETE('/api/movies/{id}/rating', params) : await this.root.api.PUT('/api/movies/{id}/rating', { ...params, body: { stars } });
      state = data;
      if (!data) detail = errorDetail(error, MOVIE_MESSAGES.noDetail);
    } catch {
      state = undefined;
    }
    runInAction(() => {
      this.ratingPending.delete(id);
      if (state) this.update(id, { rating: state.rating, rating_count: state.rating_count, my_rating: state.my_rating });
    });
    if (state) this.root.notify.clear(action);
    else this.root.notify.error(MOVIE_MESSAGES.rateFailed(detail), { action });
    return state !== undefined;
  }

  close(): void {
    this.selectedId = null;
  }

  canPlay(movie: Movie | null): boolean {
    return movie !== null && !movie.sample && movie.status === 'ready' && !this.needsPremium(movie);
  }

  /** A premium movie that this user may not stream: not premium, not its owner, not an admin (the server says 403). */
  needsPremium(movie: Movie | null): boolean {
    const user = this.root.auth.user;
    return movie !== null && movie.is_premium && !movie.is_owner && !(user?.is_premium || user?.is_admin);
  }

  /** Get Premium, from a movie that needs it: the Premium section. */
  getPremium(): void {
    this.close();
    this.root.ui.setSection('premium');
  }

  /** Add to Favorites: local only, nothing is sent (seed 000 §2). */
  toggleFavorite(id: string): void {
    if (this.favorites.has(id)) this.favorites.delete(id);
    else this.favorites.add(id);
    writeIds(FAVORITES_KEY, this.favorites);
  }

  /** Add to Watchlist: local only, nothing is sent (seed 000 §2). */
  toggleWatchlist(id: string): void {
    if (this.watchlist.has(id)) this.watchlist.delete(id);
    else this.watchlist.add(id);
    writeIds(WATCHLIST_KEY, this.watchlist);
  }

  /** Copies the movie's link (its page). */
  async share(movie: Movie): Promise<boolean> {
    if (movie.sample) return false;
    const link = movieLink(appOrigin(), movie.id);
    const copied = await copyToClipboard(link);
    const toast = { action: `movies.share:${movie.id}` };
    if (copied) this.root.notify.success(MOVIE_MESSAGES.linkCopied, toast);
    else this.root.notify.error(MOVIE_MESSAGES.linkCopyFailed(link), toast);
    return copied;
  }

  openAdd(): void {
    this.addOpen = true;
  }

  closeAdd(): void {
    if (!this.uploadPending) this.addOpen = false;
  }

  /**
   * Add Movie (seed 000 §4, §5, §7): checked first, then sent with progress. Success closes the dialog and reloads
   * the list; a failure says 'Failed to upload movie: ' and the server's reason, in the dialog (under the fields it
   * names, or above its buttons): no toast.
   */
  async upload(input: MovieUploadInput): Promise<MovieUploadResult> {
    const fieldErrors = movieUploadProblems(input);
    const first = Object.values(fieldErrors)[0];
    if (first || !input.file) return { ok: false, detail: first ?? MOVIE_MESSAGES.fileRequired, fieldErrors };
    const file = input.file;

    this.uploadPending = true;
    this.uploadProgress = 0;
    let movie: MovieDto | undefined;
    let detail: string = MOVIE_MESSAGES.noDetail;
    let serverErrors: MovieFieldErrors = {};
    try {
      const outcome = await postMultipartWithProgress<{ success: boolean; movie: MovieDto }>(
        '/api/movies/upload',
        {
          file: { blob: file, filename: file.name },
          title: input.title.trim(),
          description: input.description.trim(),
          genre: JSON.stringify(input.genre),
          year: input.year === null ? undefined : String(input.year),
          duration: input.duration === null ? undefined : String(input.duration),
          age_rating: input.age_rating,
          is_premium: String(input.is_premium),
          family_safe: String(input.family_safe),
          cast: JSON.stringify(input.cast),
        },
        {
          token: this.root.auth.token,
          onProgress: (fraction) => runInAction(() => (this.uploadProgress = Math.round(fraction * 100))),
        },
      );
      movie = outcome.data?.movie;
      if (!movie) {
        detail = errorDetail(outcome.error, MOVIE_MESSAGES.noDetail);
        serverErrors = fieldErrorsOf(outcome.error);
      }
    } catch {
      movie = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
      if (!movie) this.uploadProgress = 0;
    });
    if (!movie) return { ok: false, detail, fieldErrors: serverErrors };
    this.root.notify.success(MOVIE_MESSAGES.uploaded, { action: 'movies.upload' });
    const created = movie;
    runInAction(() => {
      this.addOpen = false;
      this.uploadProgress = 0;
      if (this.status !== 'ready') this.status = 'ready';
      if (!this.movies.some((entry) => entry.id === created.id)) this.movies = [created, ...this.movies];
    });
    void this.load();
    return { ok: true, movie: created };
  }

  reset(): void {
    this.movies = [];
    this.status = 'idle';
    this.search = '';
    this.genre = 'All';
    this.tab = 'all';
    this.selectedId = null;
    this.addOpen = false;
    this.uploadProgress = 0;
    this.closePage();
  }
}

function fieldErrorsOf(error: unknown): MovieFieldErrors {
  const result: MovieFieldErrors = {};
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    for (const problem of error.errors as { field?: unknown; message?: unknown }[]) {
      const field = problem.field;
      if ((field === 'file' || field === 'title' || field === 'genre' || field === 'year' || field === 'age_rating' || field === 'cast') && typeof problem.message === 'string') {
        result[field] ??= problem.message;
      }
    }
  }
  return result;
}

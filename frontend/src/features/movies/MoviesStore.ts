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

function readIds(key: string): Set<string> {
  const value = localStore.readJson(key);
  return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
}

function writeIds(key: string, ids: Set<string>): void {
  localStore.writeJson(key, [...ids]);
}

/**
 * The Cinema room (seed 000 §2-§9): the movie list (six built-in samples when it cannot be loaded), the client-side
 * search, genre and tab filters, the stats, the detail dialog with playback, favourites and watchlist kept in this
 * browser only, sharing, and the Add Movie upload with its progress.
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
  /** A movie opened by its link (`/movies/:id`), as read by its id: the dialog shows it even when the list lacks it. */
  linked: MovieDto | null = null;
  /** True once Play was chosen in the dialog. */
  playing = false;
  addOpen = false;

  favorites = new Set<string>();
  watchlist = new Set<string>();

  uploadPending = false;
  uploadProgress = 0;

  private loading: Promise<boolean> | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loading'>(this, { root: false, loading: false }, { autoBind: true });
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

  /** A movie of the list, else the linked one. */
  private find(id: string | null): Movie | null {
    if (id === null) return null;
    return this.all.find((movie) => movie.id === id) ?? (this.linked?.id === id ? this.linked : null);
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

  /** Opens the detail dialog; `play` starts playback at once (Play Movie on a poster). */
  open(id: string, play = false): void {
    this.selectedId = id;
    this.playing = play && this.canPlay(this.find(id));
  }

  /**
   * Opens a shared movie (`/movies/:id`), read by its id (getMovie) whether or not the list holds it. One the server
   * does not show (404) says 'This movie is not available'.
   */
  async openById(id: string): Promise<boolean> {
    let movie: MovieDto | undefined;
    let missing = false;
    try {
      const { data, response } = await this.root.api.GET('/api/movies/{id}', { params: { path: { id } } });
      movie = data;
      missing = response.status === 404;
    } catch {
      movie = undefined;
    }
    if (!movie) {
      this.root.notify.error(missing ? MOVIE_MESSAGES.unavailable : MOVIE_MESSAGES.loadOneFailed, { action: 'movies.open' });
      return false;
    }
    this.root.notify.clear('movies.open');
    const found = movie;
    runInAction(() => {
      this.linked = found;
      this.open(found.id);
    });
    return true;
  }

  close(): void {
    this.selectedId = null;
    this.playing = false;
    this.linked = null;
  }

  /** Play Movie / Watch Now: playback starts (seed 000 §4). */
  play(): void {
    if (this.canPlay(this.selected)) this.playing = true;
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

  /** Copies the movie's link (it opens the Cinema room on it). */
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
    this.linked = null;
    this.playing = false;
    this.addOpen = false;
    this.uploadProgress = 0;
  }
}

function fieldErrorsOf(error: unknown): MovieFieldErrors {
  const result: MovieFieldErrors = {};
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    for (const problem of error.errors as { field?: unknown; message?: unknown }[]) {
      const field = problem.field;
      if ((field === 'file' || field === 'title' || field === 'genre' || field === 'year' || field === 'age_rating') && typeof problem.message === 'string') {
        result[field] ??= problem.message;
      }
    }
  }
  return result;
}

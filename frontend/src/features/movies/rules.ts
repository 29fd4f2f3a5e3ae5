import type { AgeRating, Movie, MovieTab } from './types';

/** The genre select of the Cinema room (seed 000 §2). */
export const GENRE_FILTERS = ['All', 'Family', 'Animation', 'Comedy', 'Adventure', 'Drama', 'Action', 'Fantasy'] as const;

/** The genres a movie may have, at most 3 (seed 000 §5). */
export const MOVIE_GENRES = [
  'Action',
  'Adventure',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Family',
  'Fantasy',
  'Horror',
  'Musical',
  'Mystery',
  'Romance',
  'Sci-Fi',
  'Thriller',
  'War',
  'Western',
] as const;
export const MAX_GENRES = 3;
/** A movie's cast: at most 30 names of at most 100 characters (the server's limits). */
export const MAX_CAST = 30;
export const MAX_CAST_NAME = 100;
/** Viewers rate movies from 1 to 5 stars. */
export const MAX_STARS = 5;
export const AGE_RATINGS: readonly AgeRating[] = ['G', 'PG', 'PG-13', 'R', 'NC-17'];
export const DEFAULT_AGE_RATING: AgeRating = 'PG';
export const MIN_YEAR = 1900;
/** New Releases: year 2023 or later (seed 000 §5, §9). */
export const NEW_RELEASE_YEAR = 2023;

export const MOVIE_TABS: readonly { value: MovieTab; label: string }[] = [
  { value: 'all', label: 'All Movies' },
  { value: 'family', label: 'Family Safe' },
  { value: 'premium', label: 'Premium' },
  { value: 'new', label: 'New Releases' },
];

/** The latest year a movie may have: the current year + 5 (seed 000 §5). */
export function maxYear(now: Date = new Date()): number {
  return now.getFullYear() + 5;
}

/** Texts of seed 000 (§5, §8) for movies, used verbatim. */
export const MOVIE_MESSAGES = {
  fileRequired: 'Please select a movie file',
  titleRequired: 'Please enter a movie title',
  tooManyGenres: 'Choose at most 3 genres',
  yearRange: (max: number) => `Year must be between ${MIN_YEAR} and ${max}`,
  ageRating: 'Age rating must be G, PG, PG-13, R or NC-17',
  uploaded: 'Movie uploaded successfully!',
  uploadFailed: (detail: string) => `Failed to upload movie: ${detail}`,
  noDetail: 'the server did not answer. Please try again.',
  noMovies: 'No movies found',
  /** A premium movie, for someone who is not premium, its owner or an admin (the server refuses its stream: 403). */
  premiumOnly: 'This movie is for Premium members. Get Premium to watch it.',
  /** Under 'No movies found' when the search, genre or tab hides every movie. */
  noMatch: 'Try another search, genre or tab.',
  /** A shared link whose movie the server does not show (404). */
  unavailable: 'This movie is not available',
  loadOneFailed: 'This movie could not be loaded right now. Please try again.',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: (link: string) => `Could not copy the link: ${link}`,
  noRatings: 'No ratings yet',
  tooManyCast: 'List at most 30 cast members',
  castNameLength: 'Each cast name must be at most 100 characters',
  castHint: 'Type a name and press Enter; up to 30',
  rateFailed: (detail: string) => `Your rating was not saved: ${detail}`,
  rateSignIn: 'Sign in to rate this movie',
  ownMovie: 'You cannot rate your own movie',
  /** What a sample movie's badge explains; the fallback itself is silent (seed 000 §4, §8). */
  sampleBadge: 'A built-in sample movie, not an upload',
  samplePlay: 'Sample movies have no video to play',
  sampleShare: 'Sample movies have no link to share',
  /** The label's maximum, not enforced (seed 000 §5, §9). */
  fileHint: 'MP4, MOV, AVI or MKV, up to 2GB',
} as const;

export interface MovieFilters {
  search: string;
  genre: string;
  tab: MovieTab;
}

/** The client-side filter of seed 000 §5: text in title or description, the genre, and the tab. */
export function filterMovies(movies: readonly Movie[], { search, genre, tab }: MovieFilters): Movie[] {
  const query = search.trim().toLowerCase();
  return movies.filter((movie) => {
    if (query) {
      const haystack = `${movie.title} ${movie.description ?? ''}`.toLowerCase();
      if (!haystack.includes(query)) return false;
    }
    if (genre !== 'All' && !movie.genre.some((g) => g.toLowerCase() === genre.toLowerCase())) return false;
    if (tab === 'family' && !movie.family_safe) return false;
    if (tab === 'premium' && !movie.is_premium) return false;
    if (tab === 'new' && (movie.year === null || movie.year < NEW_RELEASE_YEAR)) return false;
    return true;
  });
}

export interface MovieStats {
  total: number;
  familySafe: number;
  premium: number;
  /** The mean of the rated movies' averages, to one decimal; null when no movie has a rating (never invented). */
  averageRating: number | null;
  /** How many viewers' ratings those averages come from. */
  ratingCount: number;
}

export function movieStats(movies: readonly Movie[]): MovieStats {
  const rated = movies.filter((movie) => typeof movie.rating === 'number' && (movie.rating_count ?? 0) > 0);
  // Every viewer rating weighs the same: each movie's mean counts as many times as it has ratings.
  const ratingCount = rated.reduce((sum, movie) => sum + (movie.rating_count ?? 0), 0);
  const stars = rated.reduce((sum, movie) => sum + (movie.rating as number) * (movie.rating_count ?? 0), 0);
  return {
    total: movies.length,
    familySafe: movies.filter((movie) => movie.family_safe).length,
    premium: movies.filter((movie) => movie.is_premium).length,
    averageRating: ratingCount ? Math.round((stars / ratingCount) * 10) / 10 : null,
    ratingCount,
  };
}

export type MovieFieldErrors = Partial<Record<'file' | 'title' | 'genre' | 'year' | 'age_rating' | 'cast', string>>;

/** The Add Movie dialog's checks (seed 000 §5), before anything is sent. */
export function movieUploadProblems(
  input: { file: unknown; title: string; genre: readonly string[]; year: number | null; age_rating: string; cast?: readonly string[] },
  now: Date = new Date(),
): MovieFieldErrors {
  const problems: MovieFieldErrors = {};
  if (!input.file) problems.file = MOVIE_MESSAGES.fileRequired;
  if (!input.title.trim()) problems.title = MOVIE_MESSAGES.titleRequired;
  if (input.genre.length > MAX_GENRES) problems.genre = MOVIE_MESSAGES.tooManyGenres;
  const max = maxYear(now);
  if (input.year !== null && (!Number.isInteger(input.year) || input.year < MIN_YEAR || input.year > max)) {
    problems.year = MOVIE_MESSAGES.yearRange(max);
  }
  if (!(AGE_RATINGS as readonly string[]).includes(input.age_rating)) problems.age_rating = MOVIE_MESSAGES.ageRating;
  const cast = input.cast ?? [];
  if (cast.some((name) => name.trim().length > MAX_CAST_NAME)) problems.cast = MOVIE_MESSAGES.castNameLength;
  else if (cast.length > MAX_CAST) problems.cast = MOVIE_MESSAGES.tooManyCast;
  return problems;
}

/** The address a movie is shared with: its own page. */
export function movieLink(origin: string, id: string): string {
  return `${origin}/movies/${id}`;
}

/** What Play plays: the movie's own video address, else its stream (seed 000 §7). */
export function movieSource(movie: Pick<Movie, 'video_url' | 'stream_url'>): string {
  return movie.video_url || movie.stream_url;
}

/** A movie's page that starts playback at `at` (whole seconds; Continue watching), like a video's `?t=`. */
export function movieWatchPath(id: string, at?: number): string {
  const start = at !== undefined && Number.isFinite(at) && at > 0 ? `?t=${Math.floor(at)}` : '';
  return `/movies/${encodeURIComponent(id)}${start}`;
}

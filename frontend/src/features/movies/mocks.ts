import { http, errorBody } from '../../mocks/http';
import { mediaDb, mediaId, settle, type MockMovie } from '../../mocks/mediaDb';
import { caller, fileField, flag, page, playableUrl, processingOutcome, sniffBlob, text, sessionInvalid } from '../../mocks/mediaHelpers';
import { AGE_RATINGS, DEFAULT_AGE_RATING, MAX_GENRES, MIN_YEAR, MOVIE_GENRES, MOVIE_MESSAGES, maxYear } from './rules';
import type { AgeRating, MovieDto } from './types';

const badRequest = (detail: string, field: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);

export function movieDto(movie: MockMovie, viewerId: string | undefined): MovieDto {
  settle(movie);
  const isOwner = viewerId !== undefined && movie.userId === viewerId;
  const { userId: _userId, pending: _pending, ...fields } = movie;
  return { ...fields, failure_reason: isOwner ? movie.failure_reason : null, is_owner: isOwner };
}

/** A movie the caller may open: ready, or their own in any state. */
export function visibleMovie(id: string, viewerId: string | undefined): MockMovie | undefined {
  const movie = mediaDb.movies.find((entry) => entry.id === id);
  if (!movie) return undefined;
  return settle(movie).status === 'ready' || movie.userId === viewerId ? movie : undefined;
}

/** The server's answers for movies: the list and one movie open to visitors too, uploads for signed-in users. */
export const moviesHandlers = [
  http.get('/api/movies', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const visible = mediaDb.movies.map((movie) => settle(movie)).filter((movie) => movie.status === 'ready' || movie.userId === viewerId);
    const { items, next } = page(visible, new URL(request.url));
    return response(200).json({ movies: items.map((movie) => movieDto(movie, viewerId)), next_cursor: next });
  }),

  http.get('/api/movies/{id}', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const movie = visibleMovie(params.id, viewerId);
    if (!movie) return response(404).json(errorBody(404, 'MEDIA.NOT_FOUND', 'Movie not found'));
    return response(200).json(movieDto(movie, viewerId));
  }),

  http.post('/api/movies/upload', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const form = await request.formData();
    const file = fileField(form, 'file');
    const title = text(form, 'title').trim();
    if (!file || file.size === 0) return response(400).json(badRequest(MOVIE_MESSAGES.fileRequired, 'file'));
    if (!title) return response(400).json(badRequest(MOVIE_MESSAGES.titleRequired, 'title'));
    let genre: string[] = [];
    const genreText = text(form, 'genre').trim();
    if (genreText) {
      try {
        const parsed: unknown = JSON.parse(genreText);
        genre = Array.isArray(parsed) ? parsed.filter((g): g is string => typeof g === 'string') : [];
      } catch {
        genre = genreText.split(',').map((g) => g.trim()).filter(Boolean);
      }
    }
    const known = genre.map((g) => MOVIE_GENRES.find((name) => name.toLowerCase() === g.trim().toLowerCase()));
    const unknown = genre.find((_, index) => !known[index]);
    if (unknown !== undefined) return response(400).json(badRequest(`Unknown genre: ${unknown}`, 'genre'));
    genre = [...new Set(known.filter((g): g is (typeof MOVIE_GENRES)[number] => g !== undefined))];
    if (genre.length > MAX_GENRES) return response(400).json(badRequest(MOVIE_MESSAGES.tooManyGenres, 'genre'));
    const yearText = text(form, 'year').trim();
    const year = yearText ? Number(yearText) : null;
    if (year !== null && (!Number.isInteger(year) || year < MIN_YEAR || year > maxYear())) {
      return response(400).json(badRequest(MOVIE_MESSAGES.yearRange(maxYear()), 'year'));
    }
    const rating = (text(form, 'age_rating').trim() || DEFAULT_AGE_RATING) as AgeRating;
    if (!AGE_RATINGS.includes(rating)) return response(400).json(badRequest(MOVIE_MESSAGES.ageRating, 'age_rating'));
    const durationText = text(form, 'duration').trim();
    const duration = durationText ? Number(durationText) : null;
    if (duration !== null && (!Number.isInteger(duration) || duration < 1 || duration > 1000)) {
      return response(400).json(badRequest('Duration must be a whole number of minutes between 1 and 1000', 'duration'));
    }
    const kind = await sniffBlob(file);
    const movie: MockMovie = {
      id: mediaId('movie'),
      userId: me.user.id,
      created_at: new Date().toISOString(),
      title,
      description: text(form, 'description').trim() || null,
      year,
      duration,
      rating: null,
      genre,
      age_rating: rating,
      family_safe: text(form, 'family_safe') === '' ? true : flag(form, 'family_safe'),
      is_premium: flag(form, 'is_premium'),
      poster_url: null,
      backdrop_url: null,
      video_url: null,
      cast: [],
      views: 0,
      status: 'processing',
      failure_reason: null,
      pending: processingOutcome(kind),
      stream_url: playableUrl(file, file.name),
    };
    mediaDb.movies.push(movie);
    return response(201).json({ success: true, movie: movieDto(movie, me.user.id) });
  }),
];

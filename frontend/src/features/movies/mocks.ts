import { http, errorBody } from '../../mocks/http';
import { mediaDb, mediaId, settle, type MockMovie } from '../../mocks/mediaDb';
import { caller, countView, fileField, flag, page, playableUrl, processingOutcome, sniffBlob, text, sessionInvalid } from '../../mocks/mediaHelpers';
import { AGE_RATINGS, DEFAULT_AGE_RATING, MAX_CAST, MAX_CAST_NAME, MAX_GENRES, MIN_YEAR, MOVIE_GENRES, MOVIE_MESSAGES, maxYear } from './rules';
import type { AgeRating, MovieDto } from './types';

const badRequest = (detail: string, field: string) => errorBody(400, 'VALIDATION_FAILED', detail, [{ field, message: detail }]);

/** A movie's rating as the server answers it: the mean of its viewers' stars (two decimals), their count, the caller's own. */
export function ratingOf(movie: MockMovie, viewerId: string | undefined): { rating: number | null; rating_count: number; my_rating: number | null } {
  const stars = Object.values(movie.ratings ?? {});
  const sum = stars.reduce((total, n) => total + n, 0);
  return {
    rating: stars.length ? Math.round((sum / stars.length) * 100) / 100 : null,
    rating_count: stars.length,
    my_rating: viewerId !== undefined ? (movie.ratings?.[viewerId] ?? null) : null,
  };
}

export function movieDto(movie: MockMovie, viewerId: string | undefined): MovieDto {
  settle(movie);
  const isOwner = viewerId !== undefined && movie.userId === viewerId;
  const { userId: _userId, pending: _pending, ratings: _ratings, ...fields } = movie;
  const position = viewerId !== undefined ? (mediaDb.progress[`${viewerId}:${movie.id}`]?.position ?? null) : null;
  return {
    ...fields,
    hls_url: movie.hls_url ?? null,
    position_seconds: position,
    ...ratingOf(movie, viewerId),
    failure_reason: isOwner ? movie.failure_reason : null,
    is_owner: isOwner,
  };
}

const STARS_MESSAGE = 'stars must be a whole number from 1 to 5';
const notFound = () => errorBody(404, 'CATALOG.NOT_FOUND', 'Not found');

/** The movie a signed-in caller may rate (404 when they may not open it), or the refusal to answer with. */
function rateable(id: string, me: NonNullable<ReturnType<typeof caller>>): { movie: MockMovie } | { status: 403 | 404; body: ReturnType<typeof errorBody> } {
  const movie = visibleMovie(id, me.user.id);
  if (!movie) return { status: 404, body: notFound() };
  if (movie.userId === me.user.id) return { status: 403, body: errorBody(403, 'CATALOG.OWN_MOVIE_RATING', 'You cannot rate your own movie') };
  return { movie };
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
    const castText = text(form, 'cast').trim();
    let castList: unknown = [];
    if (castText) {
      try {
        castList = JSON.parse(castText);
      } catch {
        castList = castText.split(',');
      }
    }
    if (!Array.isArray(castList) || castList.some((name) => typeof name !== 'string')) return response(400).json(badRequest('Cast must be a JSON list of names', 'cast'));
    const cast: string[] = [];
    for (const raw of castList as string[]) {
      const name = raw.trim().replace(/\s+/g, ' ');
      if (name.length > MAX_CAST_NAME) return response(400).json(badRequest(MOVIE_MESSAGES.castNameLength, 'cast'));
      if (name && !cast.some((known) => known.toLowerCase() === name.toLowerCase())) cast.push(name);
    }
    if (cast.length > MAX_CAST) return response(400).json(badRequest(MOVIE_MESSAGES.tooManyCast, 'cast'));
    const kind = await sniffBlob(file);
    const movie: MockMovie = {
      id: mediaId('movie'),
      userId: me.user.id,
      created_at: new Date().toISOString(),
      title,
      description: text(form, 'description').trim() || null,
      year,
      duration,
      ratings: {},
      genre,
      age_rating: rating,
      family_safe: text(form, 'family_safe') === '' ? true : flag(form, 'family_safe'),
      is_premium: flag(form, 'is_premium'),
      poster_url: null,
      backdrop_url: null,
      video_url: null,
      cast,
      views: 0,
      status: 'processing',
      failure_reason: null,
      pending: processingOutcome(kind),
      stream_url: playableUrl(file, file.name),
    };
    mediaDb.movies.push(movie);
    return response(201).json({ success: true, movie: movieDto(movie, me.user.id) });
  }),

  http.post('/api/movies/{id}/view', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const movie = visibleMovie(params.id, viewerId);
    if (!movie) return response(404).json(notFound());
    const counted = countView('movie', movie.id, viewerId ?? 'visitor');
    if (counted) movie.views += 1;
    return response(200).json({ views: movie.views, counted });
  }),

  // Up next: other ready movies the caller may open, the same owner's first, newest first.
  http.get('/api/movies/{id}/up-next', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const current = visibleMovie(params.id, viewerId);
    if (!current) return response(404).json(notFound());
    const others = mediaDb.movies
      .map((movie) => settle(movie))
      .filter((movie) => movie.id !== current.id && movie.status === 'ready')
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const ranked = [...others.filter((movie) => movie.userId === current.userId), ...others.filter((movie) => movie.userId !== current.userId)];
    return response(200).json(ranked.slice(0, 12).map((movie) => movieDto(movie, viewerId)));
  }),

  // Watch time and where playback is (resume, Continue watching), as for videos; premium movies need premium.
  http.post('/api/movies/{id}/heartbeat', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const movie = visibleMovie(params.id, me.user.id);
    if (!movie) return response(404).json(notFound());
    if (movie.is_premium && movie.userId !== me.user.id && !(me.user.is_premium || me.user.is_admin)) {
      return response(403).json(errorBody(403, 'CATALOG.PREMIUM_REQUIRED', MOVIE_MESSAGES.premiumOnly));
    }
    const { seconds, position } = (await request.json()) as { seconds?: unknown; position?: unknown };
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
      return response(400).json(badRequest('Seconds must be a whole number from 1 to 60', 'seconds'));
    }
    const length = movie.duration === null ? null : movie.duration * 60;
    if (position !== undefined && (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || (length !== null && position > length + 1))) {
      return response(400).json(badRequest('position must be a whole number of seconds within the movie', 'position'));
    }
    if (position !== undefined) mediaDb.progress[`${me.user.id}:${movie.id}`] = { position, at: Date.now() };
    mediaDb.watchSeconds[movie.id] = (mediaDb.watchSeconds[movie.id] ?? 0) + seconds;
    return response(204).empty();
  }),

  http.put('/api/movies/{id}/rating', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = (await request.json().catch(() => null)) as { stars?: unknown } | null;
    const stars = body?.stars;
    if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > 5) return response(400).json(badRequest(STARS_MESSAGE, 'stars'));
    const found = rateable(params.id, me);
    if (!('movie' in found)) return response(found.status).json(found.body);
    if (found.movie.is_premium && !(me.user.is_premium || me.user.is_admin)) {
      return response(403).json(errorBody(403, 'CATALOG.PREMIUM_REQUIRED', MOVIE_MESSAGES.premiumOnly));
    }
    found.movie.ratings = { ...found.movie.ratings, [me.user.id]: stars };
    return response(200).json(ratingOf(found.movie, me.user.id));
  }),

  http.delete('/api/movies/{id}/rating', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const found = rateable(params.id, me);
    if (!('movie' in found)) return response(found.status).json(found.body);
    const { [me.user.id]: _gone, ...rest } = found.movie.ratings ?? {};
    found.movie.ratings = rest;
    return response(200).json(ratingOf(found.movie, me.user.id));
  }),
];

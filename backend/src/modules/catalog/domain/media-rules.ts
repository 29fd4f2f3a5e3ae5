import { ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import type { AgeRating } from './media.js';

export const MOVIE_GENRES = ['Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family', 'Fantasy', 'Horror', 'Musical', 'Mystery', 'Romance', 'Sci-Fi', 'Thriller', 'War', 'Western'];
export const AGE_RATINGS: AgeRating[] = ['G', 'PG', 'PG-13', 'R', 'NC-17'];

export const MEDIA_LIMITS = { title: 200, description: 5000, reelTitle: 100, reelDescription: 500, maxPositionSeconds: 1_000_000 } as const;

/** A movie's cast: at most 30 names of at most 100 characters each. */
export const CAST_LIMITS = { members: 30, name: 100 } as const;

export const MEDIA_MESSAGES = {
  videoTitle: 'Please enter a title',
  reelTitle: 'Please enter a title',
  reelTitleLength: 'Title must be at most 100 characters',
  reelDescriptionLength: 'Description must be at most 500 characters',
  movieTitle: 'Please enter a movie title',
  titleLength: 'Title must be at most 200 characters',
  descriptionLength: 'Description must be at most 5000 characters',
  genres: 'Choose at most 3 genres',
  genreUnknown: (g: string) => `Unknown genre: ${g}`,
  year: (max: number) => `Year must be between 1900 and ${max}`,
  duration: 'Duration must be a whole number of minutes between 1 and 1000',
  ageRating: 'Age rating must be G, PG, PG-13, R or NC-17',
  tags: 'Tags must be a JSON list of words',
  cast: 'Cast must be a JSON list of names',
  castCount: 'List at most 30 cast members',
  castNameLength: 'Each cast name must be at most 100 characters',
  castControl: 'Cast names must not contain control characters',
  flag: (field: string) => `${field} must be true or false`,
  heartbeat: 'seconds must be a whole number from 1 to 60',
  position: 'position must be a whole number of seconds within the video',
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** A whole number given as one (JSON) or as its canonical decimal text ("42"; not "1e3", " 42", "0x2a" or [42]); else NaN. */
export const wholeNumber = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN);
export const flag = (v: unknown, def = false): boolean => (v === undefined || v === null || v === '' ? def : v === true || v === 'true' || v === '1' || v === 'on');

function jsonList(v: unknown): unknown[] | null {
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string') return null;
  try {
    const parsed = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    // "a, b" as a convenience for form posts
    return v.split(',');
  }
}

/** Hashtags: trimmed, without '#', lower-cased, de-duplicated (seed 002 §5); at most 30 of at most 50 characters. */
export function normaliseTags(v: unknown): string[] {
  const list = jsonList(v);
  if (list === null) throw new ValidationError([{ field: 'tags', message: MEDIA_MESSAGES.tags }]);
  const out: string[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string') throw new ValidationError([{ field: 'tags', message: MEDIA_MESSAGES.tags }]);
    const tag = raw.trim().replace(/^#+/, '').toLowerCase().slice(0, 50);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 30);
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * What is wrong with a movie's cast as sent (a JSON list of names; "a, b" is read too), or null: each name text of at
 * most 100 characters without control characters (a NUL written as \u0000 in the JSON included), at most 30 names
 * once blanks and repeats are dropped.
 */
export function castProblem(v: unknown): string | null {
  const list = jsonList(v);
  if (list === null || list.some((name) => typeof name !== 'string')) return MEDIA_MESSAGES.cast;
  const names = list as string[];
  if (names.some((name) => CONTROL_CHARACTER.test(name))) return MEDIA_MESSAGES.castControl;
  if (names.some((name) => name.trim().length > CAST_LIMITS.name)) return MEDIA_MESSAGES.castNameLength;
  if (normaliseCastNames(names).length > CAST_LIMITS.members) return MEDIA_MESSAGES.castCount;
  return null;
}

/** Names trimmed, inner runs of spaces made one, blanks and repeats (any case) dropped, in the order given. */
function normaliseCastNames(names: string[]): string[] {
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (name && !out.some((n) => n.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out;
}

/** A movie's cast: checked (castProblem), then normalised. */
export function normaliseCast(v: unknown): string[] {
  const problem = castProblem(v);
  if (problem) throw new ValidationError([{ field: 'cast', message: problem }]);
  return normaliseCastNames(jsonList(v) as string[]);
}

export interface VideoMeta {
  title: string;
  description: string | null;
  isVertical: boolean;
  monetizationEnabled: boolean;
}

export function validateVideoMeta(input: Record<string, unknown>): VideoMeta {
  const problems: FieldProblem[] = [];
  const title = text(input.title);
  const description = text(input.description);
  if (!title) problems.push({ field: 'title', message: MEDIA_MESSAGES.videoTitle });
  else if (title.length > MEDIA_LIMITS.title) problems.push({ field: 'title', message: MEDIA_MESSAGES.titleLength });
  if (description.length > MEDIA_LIMITS.description) problems.push({ field: 'description', message: MEDIA_MESSAGES.descriptionLength });
  if (problems.length) throw new ValidationError(problems);
  return { title, description: description || null, isVertical: flag(input.is_vertical), monetizationEnabled: flag(input.monetization_enabled) };
}

export function validateReelMeta(input: Record<string, unknown>): VideoMeta & { tags: string[] } {
  const problems: FieldProblem[] = [];
  const title = text(input.title);
  const description = text(input.description);
  if (!title) problems.push({ field: 'title', message: MEDIA_MESSAGES.reelTitle });
  else if (title.length > MEDIA_LIMITS.reelTitle) problems.push({ field: 'title', message: MEDIA_MESSAGES.reelTitleLength });
  if (description.length > MEDIA_LIMITS.reelDescription) problems.push({ field: 'description', message: MEDIA_MESSAGES.reelDescriptionLength });
  if (problems.length) throw new ValidationError(problems);
  return { title, description: description || null, isVertical: true, monetizationEnabled: flag(input.monetization_enabled), tags: normaliseTags(input.tags) };
}

export interface MovieMeta {
  title: string;
  description: string | null;
  genres: string[];
  year: number | null;
  durationMinutes: number | null;
  ageRating: AgeRating;
  isPremium: boolean;
  familySafe: boolean;
  cast: string[];
}

/** Seed 000 §5: at most 3 genres from the list; year 1900 to current year + 5; age rating (default PG); defaults. */
export function validateMovieMeta(input: Record<string, unknown>, now = new Date()): MovieMeta {
  const problems: FieldProblem[] = [];
  const title = text(input.title);
  const description = text(input.description);
  if (!title) problems.push({ field: 'title', message: MEDIA_MESSAGES.movieTitle });
  else if (title.length > MEDIA_LIMITS.title) problems.push({ field: 'title', message: MEDIA_MESSAGES.titleLength });
  if (description.length > MEDIA_LIMITS.description) problems.push({ field: 'description', message: MEDIA_MESSAGES.descriptionLength });
  const list = jsonList(input.genre);
  const genres: string[] = [];
  if (list === null) problems.push({ field: 'genre', message: MEDIA_MESSAGES.genres });
  else {
    for (const g of list) {
      const name = typeof g === 'string' ? MOVIE_GENRES.find((x) => x.toLowerCase() === g.trim().toLowerCase()) : undefined;
      if (!name) problems.push({ field: 'genre', message: MEDIA_MESSAGES.genreUnknown(String(g)) });
      else if (!genres.includes(name)) genres.push(name);
    }
    if (genres.length > 3) problems.push({ field: 'genre', message: MEDIA_MESSAGES.genres });
  }
  const maxYear = now.getUTCFullYear() + 5;
  let year: number | null = null;
  if (input.year !== undefined && input.year !== null && input.year !== '') {
    const y = wholeNumber(input.year);
    if (!Number.isInteger(y) || y < 1900 || y > maxYear) problems.push({ field: 'year', message: MEDIA_MESSAGES.year(maxYear) });
    else year = y;
  }
  let durationMinutes: number | null = null;
  if (input.duration !== undefined && input.duration !== null && input.duration !== '') {
    const d = wholeNumber(input.duration);
    if (!Number.isInteger(d) || d < 1 || d > 1000) problems.push({ field: 'duration', message: MEDIA_MESSAGES.duration });
    else durationMinutes = d;
  }
  const rating = input.age_rating === undefined || input.age_rating === '' ? 'PG' : input.age_rating;
  if (!AGE_RATINGS.includes(rating as AgeRating)) problems.push({ field: 'age_rating', message: MEDIA_MESSAGES.ageRating });
  const castIssue = castProblem(input.cast);
  if (castIssue) problems.push({ field: 'cast', message: castIssue });
  if (problems.length) throw new ValidationError(problems);
  return {
    title,
    description: description || null,
    genres,
    year,
    durationMinutes,
    ageRating: rating as AgeRating,
    isPremium: flag(input.is_premium, false),
    familySafe: flag(input.family_safe, true),
    cast: normaliseCast(input.cast),
  };
}

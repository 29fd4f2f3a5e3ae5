import { describe, expect, test } from '@jest/globals';
import { filterMovies, maxYear, movieLink, movieSource, movieStats, movieUploadProblems } from './rules';
import { SAMPLE_MOVIES } from './samples';
import type { Movie } from './types';

const movie = (fields: Partial<Movie> & Pick<Movie, 'id' | 'title'>): Movie => ({
  description: null,
  hls_url: null,
  position_seconds: null,
  year: null,
  duration: null,
  rating: null,
  rating_count: 0,
  my_rating: null,
  genre: [],
  age_rating: 'PG',
  family_safe: true,
  is_premium: false,
  poster_url: null,
  backdrop_url: null,
  video_url: null,
  cast: [],
  views: 0,
  status: 'ready',
  failure_reason: null,
  stream_url: `/api/movies/${fields.id}/stream`,
  created_at: '2025-01-01T00:00:00.000Z',
  is_owner: false,
  ...fields,
});

const MOVIES = [
  movie({ id: 'a', title: 'Ocean Tales', description: 'Whales and waves', year: 2024, genre: ['Family', 'Documentary'], rating: 4.5, rating_count: 2 }),
  movie({ id: 'b', title: 'Night Run', description: 'A chase through the city', year: 2021, genre: ['Action'], family_safe: false, is_premium: true, rating: 3.67, rating_count: 3 }),
  movie({ id: 'c', title: 'The Garden', description: 'An ocean of flowers', year: 2023, genre: ['Drama', 'Family'], is_premium: true }),
  movie({ id: 'd', title: 'Old Reel', year: null, genre: ['Comedy'] }),
];
const titles = (list: Movie[]) => list.map((entry) => entry.title);

describe('Cinema room filtering (seed 000 §5)', () => {
  test('text matches the title or the description, ignoring case', () => {
    expect(titles(filterMovies(MOVIES, { search: '  OCEAN ', genre: 'All', tab: 'all' }))).toEqual(['Ocean Tales', 'The Garden']);
    expect(titles(filterMovies(MOVIES, { search: 'chase', genre: 'All', tab: 'all' }))).toEqual(['Night Run']);
  });

  test('the genre select, and the tabs: Family Safe, Premium, New Releases (2023 or later)', () => {
    expect(titles(filterMovies(MOVIES, { search: '', genre: 'Family', tab: 'all' }))).toEqual(['Ocean Tales', 'The Garden']);
    expect(titles(filterMovies(MOVIES, { search: '', genre: 'All', tab: 'family' }))).toEqual(['Ocean Tales', 'The Garden', 'Old Reel']);
    expect(titles(filterMovies(MOVIES, { search: '', genre: 'All', tab: 'premium' }))).toEqual(['Night Run', 'The Garden']);
    expect(titles(filterMovies(MOVIES, { search: '', genre: 'All', tab: 'new' }))).toEqual(['Ocean Tales', 'The Garden']);
    expect(titles(filterMovies(MOVIES, { search: 'garden', genre: 'Family', tab: 'premium' }))).toEqual(['The Garden']);
    expect(filterMovies(MOVIES, { search: '', genre: 'Animation', tab: 'all' })).toEqual([]);
  });

  test('stats: totals, and the mean of every viewer rating (a movie with more ratings weighs more); none is never invented', () => {
    // (4.5 × 2 + 3.67 × 3) / 5 = 4.0; the mean of the two means would say 4.1.
    expect(movieStats(MOVIES)).toEqual({ total: 4, familySafe: 3, premium: 2, averageRating: 4, ratingCount: 5 });
    expect(movieStats([movie({ id: 'x', title: 'Unrated' })]).averageRating).toBeNull();
    expect(movieStats([])).toEqual({ total: 0, familySafe: 0, premium: 0, averageRating: null, ratingCount: 0 });
  });

  test('six built-in samples, marked as samples, with no invented rating', () => {
    expect(SAMPLE_MOVIES).toHaveLength(6);
    expect(SAMPLE_MOVIES.every((entry) => entry.sample)).toBe(true);
    expect(SAMPLE_MOVIES.map((entry) => entry.rating)).toEqual([null, null, null, null, null, null]);
    expect(movieStats(SAMPLE_MOVIES).averageRating).toBeNull();
  });
});

describe('Add Movie checks (seed 000 §5)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const valid = { file: {}, title: 'Film', genre: ['Drama'], year: 2020, age_rating: 'PG' };

  test('a file and a title are required', () => {
    expect(movieUploadProblems({ ...valid, file: null, title: '  ' }, now)).toEqual({
      file: 'Please select a movie file',
      title: 'Please enter a movie title',
    });
  });

  test('at most 3 genres, a year from 1900 to the current year + 5, an age rating of the list', () => {
    expect(movieUploadProblems({ ...valid, genre: ['Drama', 'War', 'Crime', 'Family'] }, now)).toEqual({ genre: 'Choose at most 3 genres' });
    expect(maxYear(now)).toBe(2031);
    expect(movieUploadProblems({ ...valid, year: 1899 }, now)).toEqual({ year: 'Year must be between 1900 and 2031' });
    expect(movieUploadProblems({ ...valid, year: 2032 }, now)).toEqual({ year: 'Year must be between 1900 and 2031' });
    expect(movieUploadProblems({ ...valid, year: 2031 }, now)).toEqual({});
    expect(movieUploadProblems({ ...valid, year: null }, now)).toEqual({});
    expect(movieUploadProblems({ ...valid, age_rating: 'X' }, now)).toEqual({ age_rating: 'Age rating must be G, PG, PG-13, R or NC-17' });
  });

  test('a cast of at most 30 names of at most 100 characters', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Actor ${i}`);
    expect(movieUploadProblems({ ...valid, cast: names(30) }, now)).toEqual({});
    expect(movieUploadProblems({ ...valid, cast: names(31) }, now)).toEqual({ cast: 'List at most 30 cast members' });
    expect(movieUploadProblems({ ...valid, cast: ['x'.repeat(101)] }, now)).toEqual({ cast: 'Each cast name must be at most 100 characters' });
  });

  test('links and sources', () => {
    expect(movieLink('https://scriven.example', 'm1')).toBe('https://scriven.example/movies/m1');
    expect(movieSource({ video_url: 'https://cdn.example/film.mp4', stream_url: '/api/movies/m1/stream' })).toBe('https://cdn.example/film.mp4');
    expect(movieSource({ video_url: null, stream_url: '/api/movies/m1/stream' })).toBe('/api/movies/m1/stream');
  });
});

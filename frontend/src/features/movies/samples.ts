import type { Movie } from './types';

function sample(id: number, fields: Partial<Omit<Movie, 'rating' | 'rating_count' | 'my_rating'>> & Pick<Movie, 'title'>): Movie {
  return {
    id: `sample-movie-${id}`,
    description: null,
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
    stream_url: '',
    hls_url: null,
    position_seconds: null,
    created_at: '2025-01-01T00:00:00.000Z',
    is_owner: false,
    sample: true,
    ...fields,
  };
}

/**
 * The six built-in sample movies of seed 000 §4, used (silently) when the list cannot be loaded. They are marked as
 * samples, have no video, no link and no rating (none is invented, so Avg Rating has none to average).
 */
export const SAMPLE_MOVIES: readonly Movie[] = [
  sample(1, {
    title: 'The Clockmaker’s Garden',
    description: 'A young apprentice discovers that the town clock keeps more than time.',
    year: 2023,
    duration: 96,
    genre: ['Family', 'Fantasy'],
    age_rating: 'PG',
    cast: ['Ella Morrow', 'Jonah Reyes'],
  }),
  sample(2, {
    title: 'Starlight Express Lane',
    description: 'Two rival food-truck owners race across the country for one prize.',
    year: 2021,
    duration: 104,
    genre: ['Comedy', 'Adventure'],
    age_rating: 'PG-13',
    family_safe: false,
    cast: ['Marcus Bell', 'Priya Anand'],
  }),
  sample(3, {
    title: 'Paper Moons',
    description: 'An animated tale of a paper crane that wants to reach the moon.',
    year: 2024,
    duration: 82,
    genre: ['Animation', 'Family'],
    age_rating: 'G',
    cast: ['Voice of Lila Chen'],
  }),
  sample(4, {
    title: 'Northbound',
    description: 'A mountain rescue team faces the storm of the century.',
    year: 2022,
    duration: 121,
    genre: ['Action', 'Drama'],
    age_rating: 'PG-13',
    family_safe: false,
    is_premium: true,
    cast: ['Dana Kerr', 'Tomas Weil', 'Ada Park'],
  }),
  sample(5, {
    title: 'The Last Lighthouse',
    description: 'A quiet drama about a keeper and the town that forgot her.',
    year: 2019,
    duration: 110,
    genre: ['Drama'],
    age_rating: 'PG',
    is_premium: true,
    cast: ['Ruth Adler'],
  }),
  sample(6, {
    title: 'Dragonfly Summer',
    description: 'Cousins spend a summer chasing a legend through the marshes.',
    year: 2025,
    duration: 92,
    genre: ['Adventure', 'Family', 'Fantasy'],
    age_rating: 'PG',
    cast: ['Noah Vance', 'Iris Vance'],
  }),
];

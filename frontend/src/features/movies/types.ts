import type { components } from '../../api/schema';

export type MovieDto = components['schemas']['MovieResponseDto'];
export type AgeRating = MovieDto['age_rating'];

/** A movie as the Cinema room shows it: from the server, or one of the six built-in samples (seed 000 §4). */
export type Movie = MovieDto & { sample?: true };

/** The Cinema room's tabs (seed 000 §2). */
export type MovieTab = 'all' | 'family' | 'premium' | 'new';

/** What the Add Movie dialog sends (seed 000 §7). */
export interface MovieUploadInput {
  file: File | null;
  title: string;
  description: string;
  genre: string[];
  year: number | null;
  /** Minutes. */
  duration: number | null;
  age_rating: AgeRating;
  is_premium: boolean;
  family_safe: boolean;
  /** Names, in order. */
  cast: string[];
}

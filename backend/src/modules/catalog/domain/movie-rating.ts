/** Viewers rate movies from 1 to 5 stars, one rating per person, which they may change or take back. */
export const STARS = { min: 1, max: 5 } as const;

export const RATING_MESSAGES = {
  stars: 'stars must be a whole number from 1 to 5',
  ownMovie: 'You cannot rate your own movie',
  notAMovie: 'Only movies can be rated',
} as const;

/** A movie's rating as a viewer sees it: the mean of everyone's stars (null for none), how many rated, and their own. */
export interface MovieRatingState {
  average: number | null;
  count: number;
  mine: number | null;
}

/** The ratings of movies: each change moves the movie's sum and count in the same transaction. */
export interface MovieRatings {
  /** Sets (or changes) the user's stars for the movie; the movie's new sum and count. */
  rate(mediaId: string, userId: string, stars: number): Promise<{ sum: number; count: number }>;
  /** Removes the user's rating, if any; the movie's new sum and count. */
  unrate(mediaId: string, userId: string): Promise<{ sum: number; count: number }>;
  /** The movies the user rated. */
  ratedBy(userId: string): Promise<string[]>;
  /** The user's stars for each of these movies that they rated. */
  starsBy(mediaIds: string[], userId: string | null): Promise<Map<string, number>>;
}

export const MOVIE_RATINGS = Symbol('MovieRatings');

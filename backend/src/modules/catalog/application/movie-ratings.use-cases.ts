import { Inject, Injectable } from '@nestjs/common';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { CannotRateOwnMovie, PremiumRequired } from '../domain/catalog.errors.js';
import { averageRating, type Media } from '../domain/media.js';
import { MOVIE_RATINGS, RATING_MESSAGES, STARS, type MovieRatings, type MovieRatingState } from '../domain/movie-rating.js';
import { VIEWER_ENTITLEMENTS, type ViewerEntitlements } from '../domain/ports.js';
import { MediaService } from './media.service.js';

/**
 * Viewers' ratings of movies (1 to 5 stars, one per person, changeable and removable). Only a movie the viewer may
 * reach is rated (404 otherwise, as for its page); a premium movie only by those who may watch it; never by its owner,
 * so that the average is the audience's.
 */
@Injectable()
export class MovieRatingsUseCases {
  constructor(
    private readonly service: MediaService,
    @Inject(MOVIE_RATINGS) private readonly ratings: MovieRatings,
    @Inject(VIEWER_ENTITLEMENTS) private readonly entitlements: ViewerEntitlements,
  ) {}

  private async rateable(movieId: string, userId: string): Promise<Media> {
    const m = await this.service.reachable('movie', movieId, userId);
    if (m.userId === userId) throw CannotRateOwnMovie();
    if (m.isPremium && !(await this.entitlements.hasPremiumAccess(userId))) throw PremiumRequired();
    return m;
  }

  async rate(movieId: string, userId: string, stars: unknown): Promise<MovieRatingState> {
    if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < STARS.min || stars > STARS.max) {
      throw new ValidationError([{ field: 'stars', message: RATING_MESSAGES.stars }]);
    }
    const m = await this.rateable(movieId, userId);
    const { sum, count } = await this.ratings.rate(m.id, userId, stars);
    return { average: averageRating(sum, count), count, mine: stars };
  }

  /** Takes the viewer's rating back (nothing to take back is not an error). */
  async unrate(movieId: string, userId: string): Promise<MovieRatingState> {
    const m = await this.service.reachable('movie', movieId, userId);
    if (m.userId === userId) throw CannotRateOwnMovie();
    const { sum, count } = await this.ratings.unrate(m.id, userId);
    return { average: averageRating(sum, count), count, mine: null };
  }
}

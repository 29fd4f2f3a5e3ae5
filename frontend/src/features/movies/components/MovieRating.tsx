import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { StarIcon } from '../../../shared/icons';
import { MAX_STARS, MOVIE_MESSAGES } from '../rules';
import type { MovieDto } from '../types';

const STAR_VALUES = Array.from({ length: MAX_STARS }, (_, i) => i + 1);

/** "4.4 · 5 ratings", or that nobody has rated it yet (never a number nobody gave). */
export function RatingSummary({ movie }: { movie: Pick<MovieDto, 'rating' | 'rating_count'> }) {
  if (movie.rating === null || movie.rating_count === 0) {
    return (
      <Text size="sm" c="dimmed">
        {MOVIE_MESSAGES.noRatings}
      </Text>
    );
  }
  return (
    <Group gap={6} role="img" aria-label={`Rated ${movie.rating.toFixed(1)} out of ${MAX_STARS} by ${movie.rating_count} ${movie.rating_count === 1 ? 'viewer' : 'viewers'}`}>
      <Group gap={2} c="yellow" aria-hidden>
        <StarIcon size={16} filled />
        <Text fw={700}>{movie.rating.toFixed(1)}</Text>
      </Group>
      <Text size="sm" c="dimmed" aria-hidden>
        {movie.rating_count} {movie.rating_count === 1 ? 'rating' : 'ratings'}
      </Text>
    </Group>
  );
}

/**
 * The viewer's own rating, 1 to 5 stars: a star sets (or changes) it, Remove my rating takes it back. A visitor is
 * asked to sign in (and comes back here); the movie's owner does not rate their own movie; a premium movie is rated
 * by those who may watch it.
 */
export const MovieRating = observer(function MovieRating({ movie }: { movie: MovieDto }) {
  const { movies } = useStores();
  const { signedIn, signInHref } = useRequireAccount();
  const pending = movies.ratingPending.has(movie.id);

  let control;
  if (!signedIn) {
    control = (
      <Button component={Link} to={signInHref} variant="default" size="xs" leftSection={<StarIcon size={14} />}>
        {MOVIE_MESSAGES.rateSignIn}
      </Button>
    );
  } else if (movie.is_owner) {
    control = (
      <Text size="sm" c="dimmed">
        {MOVIE_MESSAGES.ownMovie}
      </Text>
    );
  } else if (movies.needsPremium(movie)) {
    control = (
      <Text size="sm" c="dimmed">
        Premium members can rate this movie.
      </Text>
    );
  } else {
    const mine = movie.my_rating;
    control = (
      <Group gap="xs">
        <Group gap={0} role="group" aria-label="Your rating" aria-busy={pending}>
          {STAR_VALUES.map((stars) => {
            const lit = mine !== null && stars <= mine;
            return (
              <UnstyledButton
                key={stars}
                aria-label={`Rate ${stars} ${stars === 1 ? 'star' : 'stars'}`}
                aria-pressed={mine === stars}
                disabled={pending}
                onClick={() => void movies.rate(movie.id, stars)}
                c={lit ? 'yellow.6' : 'dimmed'}
                p={2}
                style={{ lineHeight: 0, cursor: pending ? 'wait' : 'pointer' }}
              >
                <StarIcon size={24} filled={lit} />
              </UnstyledButton>
            );
          })}
        </Group>
        {mine !== null && (
          <Button variant="subtle" size="compact-xs" color="gray" disabled={pending} onClick={() => void movies.rate(movie.id, null)}>
            Remove my rating
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Stack gap={4} component="section" aria-label="Rating">
      <RatingSummary movie={movie} />
      {control}
      {signedIn && !movie.is_owner && movie.my_rating !== null && (
        <Text size="xs" c="dimmed">
          You rated it {movie.my_rating} of {MAX_STARS}.
        </Text>
      )}
    </Stack>
  );
});

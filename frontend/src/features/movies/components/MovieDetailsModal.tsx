import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { AspectRatio, Box, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatViews } from '../../../shared/format';
import { moviePath } from '../../../shared/paths';
import { BookmarkIcon, FilmIcon, PlayIcon, ShareIcon, StarIcon } from '../../../shared/icons';
import { MediaPending } from '../../media/components/MediaStatus';
import { MOVIE_MESSAGES } from '../rules';
import { MovieBadges } from './MovieBadges';
import { MoviePoster, movieFacts } from './MoviePoster';
import { SampleMovieBadge } from './SampleMovieBadge';

/**
 * The movie detail dialog (seed 000 §2, §4): Play Movie (on the movie's page, where it plays, is rated and discussed),
 * Add to Favorites and Add to Watchlist (kept in this browser only), Share, the synopsis and the cast.
 */
export const MovieDetailsModal = observer(function MovieDetailsModal() {
  const { movies } = useStores();
  const movie = movies.selected;
  const close = movies.close;

  const playable = movies.canPlay(movie);
  const needsPremium = movies.needsPremium(movie);
  const playReason = !movie
    ? null
    : movie.sample
      ? MOVIE_MESSAGES.samplePlay
      : movie.status !== 'ready'
        ? 'This movie is not ready yet'
        : needsPremium
          ? MOVIE_MESSAGES.premiumOnly
          : null;
  const favorite = movie ? movies.favorites.has(movie.id) : false;
  const listed = movie ? movies.watchlist.has(movie.id) : false;

  return (
    <Modal opened={movie !== null} onClose={close} title={movie?.title ?? ''} size="xl" centered>
      {movie && (
        <Stack gap="md">
          <AspectRatio ratio={16 / 9}>
            <Box bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
              {movie.status !== 'ready' && movie.is_owner ? (
                <MediaPending status={movie.status === 'failed' ? 'failed' : 'processing'} failureReason={movie.failure_reason} />
              ) : movie.backdrop_url ? (
                <img src={movie.backdrop_url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              ) : (
                <MoviePoster movie={movie} />
              )}
            </Box>
          </AspectRatio>

          <Group gap="xs">
            {movie.sample && <SampleMovieBadge />}
            <Text size="sm" c="dimmed">
              {movieFacts(movie)}
            </Text>
            {movie.rating !== null && (
              <Group gap={2} c="yellow">
                <StarIcon size={14} filled />
                <Text size="sm" fw={600}>
                  {movie.rating.toFixed(1)}
                </Text>
                <Text size="sm" c="dimmed">
                  ({movie.rating_count} {movie.rating_count === 1 ? 'rating' : 'ratings'})
                </Text>
              </Group>
            )}
            <MovieBadges movie={movie} />
            {!movie.sample && (
              <Text size="sm" c="dimmed">
                {formatViews(movie.views)}
              </Text>
            )}
          </Group>

          <Group gap="xs">
            <Tooltip label={playReason} disabled={!playReason} withArrow>
              <span>
                {playable ? (
                  <Button component={Link} to={moviePath(movie.id)} leftSection={<PlayIcon size={14} />}>
                    Play Movie
                  </Button>
                ) : (
                  <Button leftSection={<PlayIcon size={14} />} disabled>
                    Play Movie
                  </Button>
                )}
              </span>
            </Tooltip>
            <Button
              variant={favorite ? 'filled' : 'default'}
              color={favorite ? 'red' : undefined}
              leftSection={<StarIcon size={14} filled={favorite} />}
              aria-pressed={favorite}
              onClick={() => movies.toggleFavorite(movie.id)}
            >
              Add to Favorites
            </Button>
            <Button
              variant={listed ? 'filled' : 'default'}
              leftSection={<BookmarkIcon size={14} filled={listed} />}
              aria-pressed={listed}
              onClick={() => movies.toggleWatchlist(movie.id)}
            >
              Add to Watchlist
            </Button>
            {needsPremium && (
              <Button color="yellow" onClick={movies.getPremium}>
                Get Premium
              </Button>
            )}
            <Tooltip label={MOVIE_MESSAGES.sampleShare} disabled={!movie.sample} withArrow>
              <span>
                <Button variant="default" leftSection={<ShareIcon size={14} />} disabled={Boolean(movie.sample)} onClick={() => void movies.share(movie)}>
                  Share
                </Button>
              </span>
            </Tooltip>
          </Group>
          {playReason && (
            <Text size="xs" c="dimmed">
              {playReason}
            </Text>
          )}

          <div>
            <Title order={3} size="h5">
              Synopsis
            </Title>
            <Text size="sm">{movie.description ?? 'No synopsis yet.'}</Text>
          </div>
          <div>
            <Title order={3} size="h5">
              Cast
            </Title>
            {movie.cast.length > 0 ? (
              <Text size="sm">{movie.cast.join(', ')}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                No cast listed.
              </Text>
            )}
          </div>
          {!movie.sample && (
            <Button component={Link} to={moviePath(movie.id)} variant="light" leftSection={<FilmIcon size={14} />} style={{ alignSelf: 'flex-start' }}>
              Open the movie page: rating and comments
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
});

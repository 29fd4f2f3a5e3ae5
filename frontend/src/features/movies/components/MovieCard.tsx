import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PlayIcon, StarIcon } from '../../../shared/icons';
import { moviePath } from '../../../shared/paths';
import type { Movie } from '../types';
import { MoviePoster, movieFacts } from './MoviePoster';
import { SampleMovieBadge } from './SampleMovieBadge';

/** The poster's frame: a 2:3 box that the picture covers whatever its own shape (cropped, never stretched). */
const POSTER_FRAME = { aspectRatio: '2 / 3', overflow: 'hidden' } as const;

/**
 * A poster of the grid: the poster opens the detail dialog; the title and Watch Now lead to the movie's page (a sample
 * has none). The card fills its cell, so the cards of a row are as tall as each other, with Watch Now at the bottom; a
 * title takes at most two lines.
 */
export const MovieCard = observer(function MovieCard({ movie }: { movie: Movie }) {
  const { movies } = useStores();

  return (
    <Card withBorder padding={0} radius="md" component="article" aria-label={movie.title} h="100%">
      <UnstyledButton onClick={() => movies.open(movie.id)} aria-label={`Details of ${movie.title}`} style={{ display: 'block' }}>
        <Box pos="relative" w="100%" style={POSTER_FRAME} data-testid="poster-frame">
          <Box pos="absolute" top={0} left={0} w="100%" h="100%">
            <MoviePoster movie={movie} />
          </Box>
          <Group pos="absolute" top={8} left={8} gap={4}>
            {movie.sample && <SampleMovieBadge />}
            {movie.is_premium && (
              <Badge color="yellow" size="sm">
                Premium
              </Badge>
            )}
            {movie.is_owner && movie.status !== 'ready' && (
              <Badge color={movie.status === 'failed' ? 'red' : 'blue'} size="sm">
                {movie.status === 'failed' ? 'Failed' : 'Processing'}
              </Badge>
            )}
          </Group>
        </Box>
      </UnstyledButton>
      <Stack gap={4} p="sm" flex={1}>
        {movie.sample ? (
          <Text fw={600} lineClamp={2} title={movie.title}>
            {movie.title}
          </Text>
        ) : (
          <Text component={Link} to={moviePath(movie.id)} fw={600} lineClamp={2} title={movie.title} c="inherit" style={{ textDecoration: 'none' }}>
            {movie.title}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {movieFacts(movie)}
        </Text>
        <Group gap={4}>
          {movie.rating !== null && (
            <Group gap={2} c="yellow">
              <StarIcon size={14} filled />
              <Text size="xs" fw={600}>
                {movie.rating.toFixed(1)}
              </Text>
              <Text size="xs" c="dimmed">
                ({movie.rating_count})
              </Text>
            </Group>
          )}
          {movie.family_safe && (
            <Badge size="xs" color="teal" variant="light">
              Family Safe
            </Badge>
          )}
        </Group>
        {movie.is_owner && movie.status === 'failed' && movie.failure_reason && (
          <Text size="xs" c="red">
            {movie.failure_reason}
          </Text>
        )}
        {movie.sample ? (
          <Button mt="auto" size="compact-sm" variant="light" leftSection={<PlayIcon size={12} />} disabled>
            Watch Now
          </Button>
        ) : (
          <Button component={Link} to={moviePath(movie.id)} mt="auto" size="compact-sm" variant="light" leftSection={<PlayIcon size={12} />}>
            Watch Now
          </Button>
        )}
      </Stack>
    </Card>
  );
});

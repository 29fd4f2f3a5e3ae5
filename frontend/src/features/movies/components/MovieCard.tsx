import { observer } from 'mobx-react-lite';
import { AspectRatio, Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PlayIcon, StarIcon } from '../../../shared/icons';
import type { Movie } from '../types';
import { MoviePoster, movieFacts } from './MoviePoster';
import { SampleMovieBadge } from './SampleMovieBadge';

/** A poster of the grid: it opens the detail dialog; Watch Now opens it playing. */
export const MovieCard = observer(function MovieCard({ movie }: { movie: Movie }) {
  const { movies } = useStores();
  const playable = movies.canPlay(movie);

  return (
    <Card withBorder padding={0} radius="md" component="article" aria-label={movie.title}>
      <UnstyledButton onClick={() => movies.open(movie.id)} aria-label={`Details of ${movie.title}`} style={{ display: 'block' }}>
        <AspectRatio ratio={2 / 3}>
          <Box pos="relative">
            <MoviePoster movie={movie} />
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
        </AspectRatio>
      </UnstyledButton>
      <Stack gap={4} p="sm">
        <Text fw={600} lineClamp={1}>
          {movie.title}
        </Text>
        <Text size="xs" c="dimmed">
          {movieFacts(movie)}
        </Text>
        <Group gap={4}>
          {movie.rating !== null && (
            <Group gap={2} c="yellow.7">
              <StarIcon size={14} filled />
              <Text size="xs" fw={600}>
                {movie.rating.toFixed(1)}
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
          <Text size="xs" c="red.7">
            {movie.failure_reason}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<PlayIcon size={12} />}
          disabled={!playable}
          onClick={() => movies.open(movie.id, true)}
        >
          Watch Now
        </Button>
      </Stack>
    </Card>
  );
});

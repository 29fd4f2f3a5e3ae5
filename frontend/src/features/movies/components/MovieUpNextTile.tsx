import { Link } from 'react-router-dom';
import { Box, Group, Stack, Text } from '@mantine/core';
import { moviePath } from '../../../shared/paths';
import type { MovieDto } from '../types';
import { MoviePoster, movieFacts } from './MoviePoster';

/** One movie of Up next beside a movie's page: its poster, title and facts, linking to its page. */
export function MovieUpNextTile({ movie }: { movie: MovieDto }) {
  const href = moviePath(movie.id);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box component={Link} to={href} w={72} style={{ flex: '0 0 72px', aspectRatio: '2 / 3', borderRadius: 6, overflow: 'hidden' }} aria-hidden tabIndex={-1}>
        <MoviePoster movie={movie} />
      </Box>
      <Stack gap={2} miw={0}>
        <Text component={Link} to={href} fw={600} size="sm" lineClamp={2} c="inherit" style={{ textDecoration: 'none' }}>
          {movie.title}
        </Text>
        <Text size="xs" c="dimmed">
          {movie.is_premium ? `${movieFacts(movie)} · Premium` : movieFacts(movie)}
        </Text>
      </Stack>
    </Group>
  );
}

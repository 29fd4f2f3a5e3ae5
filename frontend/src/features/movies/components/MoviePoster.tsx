import { Box, Center, Image, Stack, Text } from '@mantine/core';
import { FilmIcon } from '../../../shared/icons';
import type { Movie } from '../types';

/** A movie's poster, or a gradient with its title when it has none. */
export function MoviePoster({ movie }: { movie: Movie }) {
  if (movie.poster_url) return <Image src={movie.poster_url} alt={`${movie.title} poster`} h="100%" w="100%" fit="cover" />;
  return (
    <Box h="100%" w="100%" style={{ background: 'linear-gradient(160deg, var(--mantine-color-dark-4), var(--mantine-color-dark-8))' }}>
      <Center h="100%" p="md">
        <Stack align="center" gap="xs" c="gray.3">
          <FilmIcon size={36} />
          <Text fw={700} ta="center" size="sm">
            {movie.title}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

/** "2024 · 1h 44m · PG". */
export function movieFacts(movie: Movie): string {
  const parts: string[] = [];
  if (movie.year !== null) parts.push(String(movie.year));
  if (movie.duration !== null) {
    const hours = Math.floor(movie.duration / 60);
    const minutes = movie.duration % 60;
    parts.push(hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`);
  }
  parts.push(movie.age_rating);
  return parts.join(' · ');
}

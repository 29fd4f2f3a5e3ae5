import { Badge } from '@mantine/core';
import type { MovieDto } from '../types';

/** A movie's genres, then Family Safe and Premium when they apply (the details dialog and the movie page). */
export function MovieBadges({ movie }: { movie: Pick<MovieDto, 'genre' | 'family_safe' | 'is_premium'> }) {
  return (
    <>
      {movie.genre.map((genre) => (
        <Badge key={genre} variant="light" size="sm">
          {genre}
        </Badge>
      ))}
      {movie.family_safe && (
        <Badge color="teal" variant="light" size="sm">
          Family Safe
        </Badge>
      )}
      {movie.is_premium && (
        <Badge color="yellow" size="sm">
          Premium
        </Badge>
      )}
    </>
  );
}

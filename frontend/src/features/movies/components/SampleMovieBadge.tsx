import { Badge, Tooltip } from '@mantine/core';
import { MOVIE_MESSAGES } from '../rules';

/**
 * Marks a built-in sample movie on its card and in its dialog: a neutral badge, not an error, since the fallback to
 * the samples is silent (seed 000 §4, §8), yet no sample may pass for a real upload.
 */
export function SampleMovieBadge() {
  return (
    <Tooltip label={MOVIE_MESSAGES.sampleBadge} withArrow>
      <Badge color="gray" variant="filled" size="sm">
        Sample
      </Badge>
    </Tooltip>
  );
}

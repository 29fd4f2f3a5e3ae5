import { Box } from '@mantine/core';

/**
 * An inline player of a track's or an episode's audio (the browser's own controls: play, pause, seek, volume), named
 * for screen readers. Nothing is fetched until it is played.
 */
export function AudioPreview({ src, title }: { src: string; title: string }) {
  return (
    <Box px="sm" pb="sm">
      <audio controls preload="none" src={src} aria-label={`Play ${title}`} style={{ width: '100%' }} />
    </Box>
  );
}

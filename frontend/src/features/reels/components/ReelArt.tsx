import { Box, Center, Image, Stack, Text } from '@mantine/core';
import { ShortsIcon } from '../../../shared/icons';
import type { Reel } from '../types';

/** A reel's picture: its thumbnail, or a gradient with its title (samples and reels not processed yet). */
export function ReelArt({ reel }: { reel: Reel }) {
  if (reel.thumbnail_url) {
    return <Image src={reel.thumbnail_url} alt="" h="100%" w="100%" fit="cover" />;
  }
  return (
    <Box
      h="100%"
      w="100%"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-grape-7), var(--mantine-color-indigo-9))' }}
    >
      <Center h="100%" p="md">
        <Stack align="center" gap="xs" c="white">
          <ShortsIcon size={36} />
          <Text fw={700} ta="center" size="sm">
            {reel.title}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

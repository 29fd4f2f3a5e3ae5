import { AspectRatio, Badge, Box, Card, Center, Image, Stack, Text } from '@mantine/core';
import { formatClock, formatCount } from '../../../shared/format';
import { AudioPreview } from '../../../shared/AudioPreview';
import { PlayIcon } from '../../../shared/icons';
import type { VideoSearchItem } from '../types';

const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A music track or a podcast episode found (seed 002 §2.11: Music item title, artist, plays, likes, content_type;
 * Podcasts item title, show_name, username, plays, likes), with its cover and an inline player of its audio.
 */
export function AudioResult({ item, src }: { item: VideoSearchItem; src: string }) {
  const byline = item.artist ?? item.show_name ?? item.username;
  const plays = item.plays ?? item.views;
  return (
    <Card withBorder padding={0} radius="md" component="article" aria-label={item.title}>
      <AspectRatio ratio={16 / 9}>
        <Box bg="dark.8" pos="relative">
          {item.thumbnail_url ? (
            <Image src={item.thumbnail_url} alt="" h="100%" w="100%" fit="contain" />
          ) : (
            <Center h="100%" c="gray.5">
              <PlayIcon size={32} />
            </Center>
          )}
          {item.content_type === 'video' && (
            <Badge pos="absolute" top={8} left={8} size="sm" color="grape">
              Music video
            </Badge>
          )}
          {item.duration_seconds !== null && (
            <Badge pos="absolute" bottom={8} right={8} size="sm" color="dark" variant="filled">
              {formatClock(item.duration_seconds)}
            </Badge>
          )}
        </Box>
      </AspectRatio>
      <Stack gap={2} p="sm">
        <Text fw={600} lineClamp={2}>
          {item.title}
        </Text>
        <Text size="sm" c="dimmed">
          {byline}
          {item.show_name && item.username !== item.show_name ? ` · ${item.username}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {counted(plays, 'play', 'plays')} · {counted(item.likes, 'like', 'likes')}
        </Text>
      </Stack>
      <AudioPreview src={src} title={item.title} />
    </Card>
  );
}

import { observer } from 'mobx-react-lite';
import { AspectRatio, Badge, Box, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { formatClock, formatCount, formatDate, formatRelativeTime } from '../../../shared/format';
import { HeartIcon, PlayIcon } from '../../../shared/icons';
import { AudioPreview } from '../../../shared/AudioPreview';
import { CoverButton } from '../../../shared/CoverButton';
import { audioStreamUrl } from '../../music/rules';
import type { FeedItem } from '../types';

/** Views for videos, plays for music and podcasts (seed 002 §3, Feed item). */
function audience(item: FeedItem): string {
  const noun = item.content_type === 'video' ? (item.views === 1 ? 'view' : 'views') : item.views === 1 ? 'play' : 'plays';
  return `${formatCount(item.views)} ${noun}`;
}

/**
 * An upload in the following feed (seed 002 §3): thumbnail, title, creator, views or plays, likes and how long ago;
 * clicking it opens it (a short in the reels viewer, a video in its dialog); a music track or a podcast episode plays
 * in place.
 */
export const FeedItemCard = observer(function FeedItemCard({ item, onOpen }: { item: FeedItem; onOpen: (item: FeedItem) => void }) {
  const reel = item.kind === 'reel';
  const audio = audioStreamUrl(item.kind, item.id);
  return (
    <Card withBorder radius="md" padding={0} component="article" pos="relative" aria-label={item.title}>
      <AspectRatio ratio={16 / 9}>
        <Box bg="dark.8" pos="relative">
          {item.thumbnail_url ? (
            <Image src={item.thumbnail_url} alt="" h="100%" fit={item.is_vertical ? 'contain' : 'cover'} />
          ) : (
            <Center h="100%" c="gray.5">
              <PlayIcon size={32} />
            </Center>
          )}
          {item.duration_seconds !== null && (
            <Badge pos="absolute" bottom={6} right={6} color="dark" variant="filled" size="sm">
              {formatClock(item.duration_seconds)}
            </Badge>
          )}
        </Box>
      </AspectRatio>
      <Stack gap={4} p="sm">
        <Group gap={6} wrap="nowrap">
          <Text fw={600} lineClamp={2} flex={1}>
            {item.title}
          </Text>
          {reel && (
            <Badge size="xs" color="pink" variant="light">
              Short
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {item.creator_name || item.username}
        </Text>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            {audience(item)}
          </Text>
          <Group gap={4} c="dimmed">
            <HeartIcon size={12} />
            <Text size="xs" c="dimmed">
              {formatCount(item.likes)} {item.likes === 1 ? 'like' : 'likes'}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" title={formatDate(item.timestamp)}>
            <time dateTime={item.timestamp}>{formatRelativeTime(item.timestamp)}</time>
          </Text>
        </Group>
      </Stack>
      {audio ? <AudioPreview src={audio} title={item.title} /> : <CoverButton label={`Open ${item.title}`} onClick={() => onOpen(item)} />}
    </Card>
  );
});

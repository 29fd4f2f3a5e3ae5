import { observer } from 'mobx-react-lite';
import { generatePath, useNavigate } from 'react-router-dom';
import { AspectRatio, Badge, Box, Card, Center, Image, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PATHS } from '../../../shared/paths';
import { formatClock, formatCount } from '../../../shared/format';
import { ShortsIcon, VideoIcon } from '../../../shared/icons';
import { CoverButton } from '../../../shared/CoverButton';
import type { VideoSearchItem } from '../types';

const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A video or short found (seed 002 §3): thumbnail, title, username, views and likes. A short opens the Shorts viewer
 * on it (`/reels/:id`); a video opens its dialog with the player.
 */
export const VideoResult = observer(function VideoResult({ item }: { item: VideoSearchItem }) {
  const { videos } = useStores();
  const navigate = useNavigate();
  const reel = item.kind === 'reel';
  const open = () => {
    if (reel) navigate(generatePath(PATHS.reel, { id: item.id }));
    else void videos.openById(item.id);
  };

  return (
    <Card withBorder padding={0} radius="md" component="article" pos="relative" aria-label={item.title}>
      <AspectRatio ratio={16 / 9}>
        <Box bg="dark.8" pos="relative">
          {item.thumbnail_url ? (
            <Image src={item.thumbnail_url} alt="" h="100%" w="100%" fit={item.is_vertical ? 'contain' : 'cover'} />
          ) : (
            <Center h="100%" c="gray.5">
              {reel ? <ShortsIcon size={32} /> : <VideoIcon size={32} />}
            </Center>
          )}
          {reel && (
            <Badge pos="absolute" top={8} left={8} size="sm" color="red">
              Short
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
          {item.username}
        </Text>
        <Text size="xs" c="dimmed">
          {counted(item.views, 'view', 'views')} · {counted(item.likes, 'like', 'likes')}
        </Text>
      </Stack>
      <CoverButton label={reel ? `Watch short ${item.title}` : `Watch ${item.title}`} onClick={open} />
    </Card>
  );
});

import { AspectRatio, Avatar, Badge, Box, Card, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatClock, formatRelativeTime, formatViews } from '../../../shared/format';
import { channelPath, videoPath } from '../../../shared/paths';
import type { VideoDto } from '../types';

/** What a tile shows: a video of a list, or a search hit (which names its channel by handle only). */
export type TileVideo = Pick<VideoDto, 'id' | 'title' | 'thumbnail_url' | 'duration_seconds' | 'views' | 'created_at'> & {
  status?: VideoDto['status'];
  owner: Pick<VideoDto['owner'], 'handle' | 'display_name' | 'profile_photo_url'>;
};

/**
 * A video in a list (home, a channel, Up next), as YouTube and PeerTube show one: the thumbnail with the duration, the
 * title, the channel with its avatar, views and age. The thumbnail and title open the watch page; the channel its page.
 * `compact` lays it out in a row (Up next).
 */
export function VideoTile({
  video,
  compact = false,
  showChannel = true,
  href = videoPath(video.id),
  vertical = false,
  progress,
}: {
  video: TileVideo;
  compact?: boolean;
  showChannel?: boolean;
  /** Where it opens: the watch page, or a reel's viewer. */
  href?: string;
  /** A short: a 9:16 thumbnail. */
  vertical?: boolean;
  /** How much of it the viewer has watched (0 to 1): a bar along the thumbnail's foot (Continue watching). */
  progress?: number;
}) {
  const thumb = (
    <Box pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <AspectRatio ratio={vertical ? 9 / 16 : 16 / 9}>
        {video.thumbnail_url ? (
          <Image src={video.thumbnail_url} alt="" loading="lazy" fit="cover" />
        ) : (
          <Box bg="dark.6" aria-hidden />
        )}
      </AspectRatio>
      {video.duration_seconds != null && (
        <Badge pos="absolute" bottom={6} right={6} color="dark" variant="filled" radius="sm" size="sm" style={{ opacity: 0.9 }}>
          {formatClock(video.duration_seconds)}
        </Badge>
      )}
      {progress !== undefined && (
        <Box
          pos="absolute"
          left={0}
          right={0}
          bottom={0}
          h={4}
          bg="rgba(255,255,255,0.35)"
          data-testid="watched-bar"
        >
          <Box h="100%" bg="red.7" style={{ width: `${Math.min(1, Math.max(0, progress)) * 100}%` }} />
        </Box>
      )}
      {video.status && video.status !== 'ready' && (
        <Badge pos="absolute" top={6} left={6} color={video.status === 'failed' ? 'red' : 'yellow'} size="sm">
          {video.status === 'failed' ? 'Failed' : 'Processing'}
        </Badge>
      )}
    </Box>
  );
  const meta = (
    <Text size="xs" c="dimmed">
      {formatViews(video.views)} · {formatRelativeTime(video.created_at)}
      {progress !== undefined && <VisuallyHidden> · {Math.round(Math.min(1, Math.max(0, progress)) * 100)}% watched</VisuallyHidden>}
    </Text>
  );
  const channel = showChannel && video.owner.handle ? (
    <Text component={Link} to={channelPath(video.owner.handle)} size="xs" c="dimmed" style={{ textDecoration: 'none' }}>
      {video.owner.display_name}
    </Text>
  ) : null;

  if (compact) {
    return (
      <Group component="article" aria-label={video.title} gap="sm" wrap="nowrap" align="flex-start">
        <Box component={Link} to={href} w={168} style={{ flex: '0 0 168px' }} aria-hidden tabIndex={-1}>
          {thumb}
        </Box>
        <Stack gap={2} miw={0}>
          <Text component={Link} to={href} fw={600} size="sm" lineClamp={2} c="inherit" style={{ textDecoration: 'none' }}>
            {video.title}
          </Text>
          {channel}
          {meta}
        </Stack>
      </Group>
    );
  }

  return (
    <Card component="article" aria-label={video.title} padding={0} bg="transparent">
      <Box component={Link} to={href} aria-hidden tabIndex={-1}>
        {thumb}
      </Box>
      <Group gap="sm" mt="sm" wrap="nowrap" align="flex-start">
        {showChannel && (
          <Avatar
            component={Link}
            to={channelPath(video.owner.handle)}
            src={video.owner.profile_photo_url}
            alt={video.owner.display_name}
            name={video.owner.display_name}
            color="initials"
            radius="xl"
            size={36}
          />
        )}
        <Stack gap={2} miw={0}>
          <Text component={Link} to={href} fw={600} size="sm" lineClamp={2} c="inherit" style={{ textDecoration: 'none' }}>
            {video.title}
          </Text>
          {channel}
          {meta}
        </Stack>
      </Group>
    </Card>
  );
}

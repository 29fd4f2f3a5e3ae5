import { useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, AspectRatio, Badge, Box, Button, Card, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount, formatDollars, formatViews } from '../../../shared/format';
import { HeartIcon, ShareIcon } from '../../../shared/icons';
import { MediaPending } from '../../media/components/MediaStatus';
import { VideoPlayer } from '../../media/components/VideoPlayer';
import { ReportControl } from '../../moderation/components/ReportControl';
import { videoTarget } from '../../moderation/targets';
import { VIDEO_MESSAGES } from '../messages';
import type { VideoDto } from '../types';

/**
 * A video (seed 002 §2.5): the inline player (HLS when ready), title, description (up to 2 lines), views and likes,
 * Share (copies the `/videos/:id` link), Report (someone else's video, at where its player is), the monetization badge, ad earnings above zero, and for the owner the
 * processing or failed state. The first play counts a view and the seconds watched are reported. A visitor (on a
 * shared link) is told that liking needs an account.
 */
export const VideoCard = observer(function VideoCard({ video }: { video: VideoDto }) {
  const { auth, videos } = useStores();
  const likeReasonId = useId();
  const player = useRef<HTMLVideoElement>(null);
  const ready = video.status === 'ready';
  const likeReason = auth.user ? null : VIDEO_MESSAGES.signInToLike;

  const like = (
    <Button
      variant={video.liked ? 'light' : 'subtle'}
      color={video.liked ? 'red' : 'gray'}
      size="compact-sm"
      leftSection={<HeartIcon size={16} filled={video.liked} />}
      aria-pressed={video.liked}
      aria-describedby={likeReason ? likeReasonId : undefined}
      loading={videos.likePending.has(video.id)}
      disabled={!ready || likeReason !== null}
      onClick={() => void videos.like(video.id)}
    >
      {/* The name holds the count it shows (Like 342), as on the watch page. */}
      <VisuallyHidden>Like </VisuallyHidden>
      {formatCount(video.likes)}
    </Button>
  );

  return (
    <Card withBorder padding={0} radius="md" component="article" aria-label={video.title}>
      <AspectRatio ratio={video.is_vertical ? 9 / 16 : 16 / 9}>
        <Box bg="dark.8">
          {video.status === 'ready' ? (
            <VideoPlayer
              ref={player}
              src={video.stream_url}
              hlsUrl={video.hls_url}
              poster={video.thumbnail_url}
              label={video.title}
              onFirstPlay={() => void videos.recordView(video.id)}
              onWatched={(seconds) => void videos.heartbeat(video.id, seconds)}
            />
          ) : (
            <MediaPending status={video.status} failureReason={video.failure_reason} />
          )}
        </Box>
      </AspectRatio>
      <Stack gap={6} p="sm">
        <Title order={3} size="h5" lineClamp={2}>
          {video.title}
        </Title>
        <Text size="xs" c="dimmed">
          {video.owner.display_name}
        </Text>
        {video.description && (
          <Text size="sm" lineClamp={2}>
            {video.description}
          </Text>
        )}
        <Group gap={6}>
          {video.monetization_enabled && (
            <Badge color="grape" variant="light" size="sm">
              Monetized
            </Badge>
          )}
          {video.is_owner && video.status !== 'ready' && (
            <Badge color={video.status === 'failed' ? 'red' : 'yellow'} variant="light" size="sm">
              {video.status === 'failed' ? 'Failed' : 'Processing'}
            </Badge>
          )}
        </Group>
        {video.ad_revenue > 0 && (
          <Text size="sm" c="teal" fw={500}>
            Ad earnings: {formatDollars(video.ad_revenue)}
          </Text>
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {formatViews(video.views)}
          </Text>
          <Group gap={4} wrap="nowrap">
            {likeReason ? (
              <Tooltip label={likeReason} withArrow>
                <span>{like}</span>
              </Tooltip>
            ) : (
              like
            )}
            {likeReason && <VisuallyHidden id={likeReasonId}>{likeReason}</VisuallyHidden>}
            <Tooltip label="Copy link" withArrow disabled={!ready}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Share"
                disabled={!ready}
                onClick={() => void videos.share(video)}
              >
                <ShareIcon size={16} />
              </ActionIcon>
            </Tooltip>
            {ready && <ReportControl variant="icon" own={video.is_owner} target={() => videoTarget(video, player.current)} />}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
});

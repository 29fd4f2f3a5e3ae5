import { useEffect, useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useLocation } from 'react-router-dom';
import { Avatar, Box, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { formatCount, formatRelativeTime, formatViews } from '../../../shared/format';
import { HeartIcon, ShareIcon } from '../../../shared/icons';
import { channelPath, startAtParam, videoPath } from '../../../shared/paths';
import { FollowButton } from '../../social/components/FollowButton';
import { MediaPending } from '../../media/components/MediaStatus';
import { VideoTile } from '../../videos/components/VideoTile';
import type { VideoDto } from '../../videos/types';
import { Description } from './Description';
import { WatchPlayer } from './WatchPlayer';
import { UpNextPanel, useAutoplayCountdown } from './UpNextPanel';
import { CommentsSection } from '../../comments/components/CommentsSection';
import { ReportControl } from '../../moderation/components/ReportControl';
import { videoTarget } from '../../moderation/targets';

export { AUTOPLAY_DELAY_SECONDS } from './UpNextPanel';

const ChannelBar = observer(function ChannelBar({ video }: { video: VideoDto }) {
  const { channels } = useStores();
  const { signedIn, requireAccount } = useRequireAccount();
  const owner = video.owner;
  const channel = channels.byHandle(owner.handle);
  useEffect(() => {
    if (owner.handle) void channels.load(owner.handle);
  }, [owner.handle, channels]);

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {/* The same link as the name beside it: one stop for the keyboard and screen readers. */}
        <Avatar component={Link} to={channelPath(owner.handle)} tabIndex={-1} aria-hidden src={owner.profile_photo_url} name={owner.display_name} color="initials" radius="xl" size={44} alt="" />
        <Stack gap={0} miw={0}>
          <Text component={Link} to={channelPath(owner.handle)} fw={600} c="inherit" style={{ textDecoration: 'none' }} truncate>
            {owner.display_name}
          </Text>
          <Text size="xs" c="dimmed">
            {channel ? `${formatCount(channel.follower_count)} ${channel.follower_count === 1 ? 'follower' : 'followers'}` : `@${owner.handle}`}
          </Text>
        </Stack>
      </Group>
      {signedIn ? (
        !video.is_owner && owner.user_id && <FollowButton userId={owner.user_id} following={channel?.is_following ?? false} username={owner.display_name} size="sm" />
      ) : (
        owner.user_id && (
          <Button size="sm" onClick={() => requireAccount(() => undefined)}>
            Follow
          </Button>
        )
      )}
    </Group>
  );
});

/** Like, Share, and Report (someone else's video, at where the player is). */
const Actions = observer(function Actions({ video, player }: { video: VideoDto; player: RefObject<HTMLVideoElement | null> }) {
  const { videos } = useStores();
  const { requireAccount } = useRequireAccount();
  return (
    <Group gap="xs">
      <Button
        variant={video.liked ? 'light' : 'default'}
        color={video.liked ? 'red' : 'gray'}
        radius="xl"
        leftSection={<HeartIcon size={16} filled={video.liked} />}
        aria-pressed={video.liked}
        loading={videos.likePending.has(video.id)}
        onClick={() => requireAccount(() => void videos.like(video.id))}
      >
        <VisuallyHidden>Like </VisuallyHidden>
        {formatCount(video.likes)}
      </Button>
      <Tooltip label="Copy link" withArrow>
        <Button variant="default" radius="xl" leftSection={<ShareIcon size={16} />} onClick={() => void videos.share(video)}>
          Share
        </Button>
      </Tooltip>
      <ReportControl radius="xl" own={video.is_owner} target={() => videoTarget(video, player.current)} />
    </Group>
  );
});

/**
 * The watch page (`/videos/:id`): the player, the title with views and age, like, share and report, the channel bar with
 * Follow, the description, the comments, and Up next with autoplay. Visitors watch; what needs an account asks them to
 * sign in and brings them back.
 */
export const WatchPage = observer(function WatchPage({ id }: { id: string }) {
  const { videos, watch, auth } = useStores();
  // Signing in or out resets the stores: the video is read again as whoever is now signed in.
  const userId = auth.user?.id ?? null;
  const player = useRef<HTMLVideoElement>(null);
  const startAt = startAtParam(useLocation().search);
  const video = videos.linked?.id === id ? videos.linked : null;
  const autoplay = useAutoplayCountdown(watch.next ? videoPath(watch.next.id) : null, id);

  useEffect(() => {
    void videos.openLink(id);
    return () => videos.closeLink();
  }, [id, videos, userId]);

  useEffect(() => {
    if (video) {
      document.title = `${video.title} · Scriven`;
      void watch.loadUpNext(video);
    }
  }, [video, watch]);

  if (videos.linkedStatus === 'loading' || videos.linkedStatus === 'idle') {
    return (
      <Center py="xl" role="status" aria-label="Loading the video">
        <Loader />
      </Center>
    );
  }
  if (!video) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h3">
          {videos.linkedStatus === 'missing' ? 'This video is not available' : 'The video could not be loaded'}
        </Title>
        <Text c="dimmed">{videos.linkedStatus === 'missing' ? 'It may have been removed, or its channel is private.' : 'Check your connection and try again.'}</Text>
        {videos.linkedStatus === 'error' && (
          <Button variant="default" onClick={() => void videos.openLink(id)}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }

  const seek = (seconds: number) => {
    const el = player.current;
    if (!el) return;
    el.currentTime = seconds;
    void el.play().catch(() => undefined);
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const playerBlock =
    video.status === 'ready' ? (
      <WatchPlayer
        ref={player}
        videoId={video.id}
        src={video.stream_url}
        hlsUrl={video.hls_url}
        poster={video.thumbnail_url}
        title={video.title}
        theatre={watch.theatre}
        onTheatreChange={watch.setTheatre}
        onFirstPlay={() => void videos.recordView(video.id)}
        startAt={startAt}
        onWatched={(seconds) => void videos.heartbeat(video.id, seconds, player.current?.currentTime)}
        onEnded={() => {
          if (watch.autoplay && watch.next) autoplay.start();
        }}
      />
    ) : (
      <Box style={{ aspectRatio: '16 / 9', borderRadius: 12, overflow: 'hidden' }} bg="dark.8">
        <MediaPending status={video.status} failureReason={video.failure_reason} />
      </Box>
    );

  const details = (
    <Stack gap="md">
      <Title order={1} size="h3">
        {video.title}
      </Title>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {formatViews(video.views)} · {formatRelativeTime(video.created_at)}
        </Text>
        <Actions video={video} player={player} />
      </Group>
      <ChannelBar video={video} />
      {video.description?.trim() && (
        <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="md">
          <Description text={video.description} onSeek={seek} />
        </Paper>
      )}
      <CommentsSection kind="video" mediaId={video.id} />
    </Stack>
  );

  return (
    <Stack gap="lg">
      {watch.theatre && playerBlock}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {!watch.theatre && playerBlock}
            {details}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <UpNextPanel countdown={autoplay.countdown} nextTitle={watch.next?.title ?? null} onCancel={autoplay.cancel} status={watch.upNextStatus} count={watch.upNext.length}>
            {watch.upNext.map((item) => (
              <VideoTile key={item.id} video={item} compact />
            ))}
          </UpNextPanel>
        </Grid.Col>
      </Grid>
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { formatCount } from '../../../shared/format';
import { HeartIcon, UsersIcon } from '../../../shared/icons';
import { ReportControl } from '../../moderation/components/ReportControl';
import { liveStreamTarget } from '../../moderation/targets';
import { LiveChat } from '../chat/LiveChat';
import type { LiveRoom } from '../LiveStore';
import { LIVE_MESSAGES, LIVE_TABS } from '../messages';
import { useLiveRoom } from '../useLiveRoom';
import { LiveBadge, viewersLabel } from './LiveNowTab';
import { LivePlayer } from './LivePlayer';
import { SuperChatButton } from './SuperChatButton';

/** Likes: a toggle for signed-in viewers; a visitor is asked to sign in. */
const LikeButton = observer(function LikeButton({ room }: { room: LiveRoom }) {
  const { requireAccount } = useRequireAccount();
  const stream = room.stream;
  if (!stream) return null;
  return (
    <Button
      variant={stream.liked ? 'filled' : 'default'}
      color={stream.liked ? 'red' : undefined}
      radius="xl"
      leftSection={<HeartIcon size={14} filled={stream.liked} />}
      aria-pressed={stream.liked}
      loading={room.liking}
      onClick={() => requireAccount(() => void room.toggleLike())}
    >
      {/* The name holds the count it shows (Like, 1.2K likes). */}
      <VisuallyHidden>Like, </VisuallyHidden>
      {formatCount(stream.likes)}
      <VisuallyHidden>{stream.likes === 1 ? ' like' : ' likes'}</VisuallyHidden>
    </Button>
  );
});

/**
 * A live stream's watch view (`/live/:id`): the player (waiting, live with Jump to live, ended with the recording), the
 * title, @username, viewers and likes kept current by the room, Super Chat, the description, and the live chat with
 * the pinned Super Chats. Viewers count as watching while the page is open.
 */
export const LiveWatchPage = observer(function LiveWatchPage({ id }: { id: string }) {
  const room = useLiveRoom(id);
  const { auth } = useStores();
  const { openSection } = useSectionNavigation();
  const stream = room?.stream ?? null;

  const title = stream?.title;
  useEffect(() => {
    if (title) document.title = `${title} · Scriven`;
  }, [title]);

  if (!room || (room.status === 'loading' && !stream)) {
    return (
      <Center py="xl" role="status" aria-label="Loading the stream">
        <Loader />
      </Center>
    );
  }
  if (!stream) {
    const missing = room.status === 'not-found';
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h3">
          {missing ? LIVE_MESSAGES.notFound : LIVE_MESSAGES.joinFailed}
        </Title>
        <Group gap="xs">
          {!missing && (
            <Button variant="default" onClick={() => void room.join()}>
              Try again
            </Button>
          )}
          <Button variant="default" onClick={() => openSection('live', LIVE_TABS.now)}>
            See who is live
          </Button>
        </Group>
      </Stack>
    );
  }

  const own = auth.user?.id === stream.user_id;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <LivePlayer stream={stream} muted={own} />
          <Stack gap={6}>
            <Group gap="xs">
              <LiveBadge stream={stream} />
              {stream.game && (
                <Text size="sm" c="dimmed">
                  {stream.game}
                </Text>
              )}
            </Group>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {stream.title}
            </Title>
            <Group justify="space-between" gap="sm">
              <Group gap="md">
                <Text fw={600}>@{stream.username}</Text>
                {stream.status !== 'ended' && (
                  <Group gap={4} c="dimmed" aria-label="Viewers">
                    <UsersIcon size={16} />
                    <Text size="sm">{viewersLabel(stream.viewer_count)}</Text>
                  </Group>
                )}
              </Group>
              <Group gap="xs">
                <LikeButton room={room} />
                <SuperChatButton stream={stream} radius="xl" />
                <ReportControl radius="xl" own={own} target={() => liveStreamTarget(stream)} />
              </Group>
            </Group>
          </Stack>
          {stream.description && (
            <Paper withBorder radius="md" p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {stream.description}
              </Text>
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <LiveChat room={room} height="min(60vh, 560px)" />
      </Grid.Col>
    </Grid>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount, formatDollars } from '../../../shared/format';
import { LiveIcon, UsersIcon } from '../../../shared/icons';
import { livePath } from '../../../shared/paths';
import { LIVE_MESSAGES } from '../messages';
import type { LiveStream } from '../types';
import { SuperChatButton } from './SuperChatButton';

/** The badge of a stream's state: LIVE once media arrives, Starting before. */
export function LiveBadge({ stream }: { stream: LiveStream }) {
  if (stream.status === 'live') {
    return (
      <Badge color="red" variant="filled" radius="sm">
        LIVE
      </Badge>
    );
  }
  if (stream.status === 'created') {
    return (
      <Badge color="gray" variant="filled" radius="sm">
        Starting
      </Badge>
    );
  }
  return (
    <Badge color="dark" variant="light" radius="sm">
      Ended
    </Badge>
  );
}

export function viewersLabel(count: number): string {
  return `${formatCount(count)} watching`;
}

/** A card of Live Now (seed 002 §2.7): title, @username, viewers, LIVE, Super Chat revenue, Join Stream, Super Chat. */
const StreamCard = observer(function StreamCard({ stream }: { stream: LiveStream }) {
  const { auth } = useStores();
  const own = auth.user?.id === stream.user_id;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={stream.title} h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6}>
            <LiveBadge stream={stream} />
            {stream.game && (
              <Badge variant="light" color="grape">
                {stream.game}
              </Badge>
            )}
          </Group>
          <Group gap={4} c="dimmed" wrap="nowrap">
            <UsersIcon size={14} />
            <Text size="sm">{viewersLabel(stream.viewer_count)}</Text>
          </Group>
        </Group>
        <Text component={Link} to={livePath(stream.id)} fw={700} lineClamp={2} c="inherit" style={{ textDecoration: 'none' }} title={stream.title}>
          {stream.title}
        </Text>
        <Text size="sm" c="dimmed">
          @{stream.username}
          {own ? ' (you)' : ''}
        </Text>
        {stream.description && (
          <Text size="sm" lineClamp={2}>
            {stream.description}
          </Text>
        )}
        {stream.super_chat_enabled && (
          <Badge color="yellow" variant="light" style={{ alignSelf: 'flex-start' }}>
            {`${formatDollars(stream.super_chat_revenue)} in Super Chats`}
          </Badge>
        )}
        <Group gap="xs" mt="auto" pt="xs">
          <Button component={Link} to={livePath(stream.id)} leftSection={<LiveIcon size={14} />} color="red" flex={1}>
            Join Stream
          </Button>
          <SuperChatButton stream={stream} flex={1} />
        </Group>
      </Stack>
    </Card>
  );
});

/** Live Now (seed 002 §2.7): the streams on now, read again every 15 s while shown; the empty state otherwise. */
export const LiveNowTab = observer(function LiveNowTab() {
  const { live } = useStores();
  useEffect(() => live.watchStreams(), [live]);

  if (live.streamsStatus === 'loading' || live.streamsStatus === 'idle') {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading live streams" />
      </Center>
    );
  }
  if (live.streamsStatus === 'error' && live.streams.length === 0) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text>{LIVE_MESSAGES.loadFailed}</Text>
          <Button variant="default" onClick={() => void live.loadStreams()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (live.streams.length === 0) {
    return (
      <Center py={48}>
        <Stack align="center" gap={6} ta="center">
          <LiveIcon size={40} />
          <Title order={3}>{LIVE_MESSAGES.noStreamsTitle}</Title>
          <Text c="dimmed">{LIVE_MESSAGES.noStreamsText}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Live streams" component="section">
      {live.streams.map((stream) => (
        <StreamCard key={stream.id} stream={stream} />
      ))}
    </SimpleGrid>
  );
});

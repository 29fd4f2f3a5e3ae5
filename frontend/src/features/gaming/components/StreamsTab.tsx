import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { formatCount } from '../../../shared/format';
import { GamepadIcon, LiveIcon, UsersIcon } from '../../../shared/icons';
import { livePath } from '../../../shared/paths';
import { GAMING_MESSAGES } from '../messages';
import type { GamingStream } from '../types';
import { GoLiveDialog } from './GoLiveDialog';

/** A gaming stream's card (seed 002 §3 Gaming stream): LIVE, game, title, streamer, viewers; opens the watch view. */
function StreamCard({ stream }: { stream: GamingStream }) {
  const onAir = stream.status === 'live';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={stream.title} h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge color={onAir ? 'red' : 'gray'} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
              {onAir ? 'LIVE' : 'Starting'}
            </Badge>
            {stream.game && (
              <Badge variant="light" color="grape" style={{ minWidth: 0 }} title={stream.game}>
                {stream.game}
              </Badge>
            )}
          </Group>
          <Group gap={4} c="dimmed" wrap="nowrap" aria-label={`${stream.viewer_count} watching`}>
            <UsersIcon size={14} />
            <Text size="sm">{formatCount(stream.viewer_count)}</Text>
          </Group>
        </Group>
        <Text component={Link} to={livePath(stream.id)} fw={700} lineClamp={2} c="inherit" style={{ textDecoration: 'none' }} title={stream.title}>
          {stream.title}
        </Text>
        <Text size="sm" c="dimmed">
          {stream.streamer_name}
        </Text>
        {stream.description && (
          <Text size="sm" lineClamp={2}>
            {stream.description}
          </Text>
        )}
        <Button component={Link} to={livePath(stream.id)} leftSection={<LiveIcon size={14} />} color="red" mt="auto">
          Watch
        </Button>
      </Stack>
    </Card>
  );
}

/** Streams (seed 002 §2.10): gaming streams on now, read again every 15 s while shown, and Go Live. */
export const StreamsTab = observer(function StreamsTab() {
  const { gaming } = useStores();
  const { requireAccount } = useRequireAccount();
  const [goLive, setGoLive] = useState(false);
  useEffect(() => gaming.watchStreams(), [gaming]);

  const streams = gaming.streams.data ?? [];
  const status = gaming.streams.status;

  let body;
  if (status === 'idle' || status === 'loading') {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading gaming streams" />
      </Center>
    );
  } else if (status === 'error' && streams.length === 0) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text>Gaming streams could not be loaded.</Text>
          <Button variant="default" onClick={() => void gaming.loadStreams()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  } else if (streams.length === 0) {
    body = (
      <Center py={48}>
        <Stack align="center" gap={6} ta="center">
          <GamepadIcon size={40} />
          <Title order={3}>{GAMING_MESSAGES.noStreamsTitle}</Title>
          <Text c="dimmed">{GAMING_MESSAGES.noStreamsText}</Text>
        </Stack>
      </Center>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Gaming streams" component="section">
        {streams.map((stream) => (
          <StreamCard key={stream.id} stream={stream} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Live gaming streams, the most watched first.
        </Text>
        <Button color="red" leftSection={<LiveIcon size={16} />} onClick={() => requireAccount(() => setGoLive(true))}>
          Go Live
        </Button>
      </Group>
      {body}
      <GoLiveDialog opened={goLive} onClose={() => setGoLive(false)} />
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount, formatDollars } from '../../../shared/format';
import { livePath } from '../../../shared/paths';
import { LiveChat } from '../chat/LiveChat';
import { LivePlayer } from '../components/LivePlayer';
import { SuperChatList } from '../superchat/SuperChatList';
import { LIVE_TABS } from '../messages';
import { useLiveRoom } from '../useLiveRoom';
import type { LiveRoom } from '../LiveStore';
import { CameraPreview } from './CameraPreview';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" aria-label={label}>
        {value}
      </Text>
    </Paper>
  );
}

/** How the stream is going out: the browser ingest's state line and its controls, or OBS. */
const SendingPanel = observer(function SendingPanel({ room }: { room: LiveRoom }) {
  const { studio } = useStores();
  const stream = room.stream;

  useEffect(() => (studio.usesBrowser ? studio.showPreview() : undefined), [studio, studio.usesBrowser]);

  if (!stream) return null;
  const line = studio.ingestLine;
  const error = studio.ingest.kind === 'error';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-stream-sending">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} id="my-stream-sending">
            {studio.usesBrowser ? (studio.source === 'audio' ? 'Your microphone' : 'Your camera') : 'OBS'}
          </Title>
          {/* The camera is live only while this page sends it; OBS (or another tab) may be what makes the stream live. */}
          {(studio.usesBrowser ? studio.ingest.kind === 'live' : stream.status === 'live') ? (
            <Badge color="red" variant="filled">
              LIVE
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {studio.usesBrowser && !studio.sending ? 'Not sending' : 'Waiting for video'}
            </Badge>
          )}
        </Group>
        {studio.usesBrowser && <CameraPreview compact />}
        {line && (
          <Text size="sm" role="status" c={error ? 'red' : studio.ingest.kind === 'live' ? 'teal' : undefined}>
            {error ? line : `Sending: ${line}`}
          </Text>
        )}
        {!studio.usesBrowser && stream.status === 'created' && (
          <Text size="sm" c="dimmed">
            Start Streaming in OBS with your stream key (Go Live tab): the stream turns live when the first video arrives.
          </Text>
        )}
        <Group gap="xs">
          {studio.usesBrowser && !studio.sending && (
            <Button size="xs" variant="light" disabled={!studio.capture} onClick={studio.sendCamera}>
              {studio.source === 'audio' ? 'Send microphone' : 'Send camera'}
            </Button>
          )}
          <Button color="red" variant="filled" size="xs" loading={studio.endPending} onClick={() => void studio.end()}>
            End Live Stream
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

/**
 * My Stream (seed 002 §2.7), shown only while streaming: the stream as viewers see it (title, description, its
 * player), viewers, likes, the Super Chat earned and its list in colour, and the live chat (Enter sends) with the
 * streamer's moderation; and the camera or OBS sending it, with End Live Stream.
 */
export const MyStreamTab = observer(function MyStreamTab() {
  const { studio, ui } = useStores();
  const mine = studio.stream;
  const room = useLiveRoom(mine?.id);

  useEffect(() => {
    void studio.findMyStream();
  }, [studio]);

  if (!mine) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>You are not streaming</Title>
          <Text c="dimmed" ta="center">
            Start a stream in Go Live; it shows here while it runs.
          </Text>
          <Button onClick={() => ui.setTab('live', LIVE_TABS.goLive)}>Go Live</Button>
        </Stack>
      </Card>
    );
  }
  if (!room || (room.status === 'loading' && !room.stream)) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading your stream" />
      </Group>
    );
  }
  if (!room.stream) {
    return (
      <Alert color="red" role="alert" title="Your stream could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void room.join()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const stream = room.stream;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-stream-title">
            <Stack gap="sm">
              {/* What viewers see: the stream's own LL-HLS, a few seconds behind the camera. */}
              <LivePlayer stream={stream} muted />
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={3} id="my-stream-title" style={{ overflowWrap: 'anywhere' }}>
                  {stream.title}
                </Title>
                <Anchor component={Link} to={livePath(stream.id)} size="sm" style={{ flexShrink: 0 }}>
                  Viewer page
                </Anchor>
              </Group>
              {stream.description && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {stream.description}
                </Text>
              )}
            </Stack>
          </Card>
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <Stat label="Viewers" value={formatCount(stream.viewer_count)} />
            <Stat label="Likes" value={formatCount(stream.likes)} />
            <Stat label="Super Chat earned" value={formatDollars(room.superChatRevenue)} />
          </SimpleGrid>
          <SendingPanel room={room} />
          {stream.super_chat_enabled && (
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-stream-super-chats">
              <Stack gap="sm">
                <Title order={4} id="my-stream-super-chats">
                  Super Chats
                </Title>
                <SuperChatList superChats={room.superChats} />
              </Stack>
            </Card>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <LiveChat room={room} height={520} />
      </Grid.Col>
    </Grid>
  );
});

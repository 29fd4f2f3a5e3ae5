import { useEffect, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, Checkbox, Grid, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { LIVE_TABS } from '../messages';
import { CameraPreview } from './CameraPreview';
import { ObsKeyBox } from './ObsKeyBox';

/** The server's limits (StartLiveStreamRequestDto). */
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 5000;

/** The camera, microphone and Audio Only, or OBS: where the stream's picture comes from, with the preview. */
const SourcePanel = observer(function SourcePanel() {
  const { studio } = useStores();
  const locked = studio.sending;

  useEffect(() => studio.showPreview(), [studio]);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="go-live-source">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={4} id="go-live-source">
            {studio.source === 'obs' ? 'OBS' : studio.source === 'audio' ? 'Microphone' : 'Camera'}
          </Title>
          <Group gap="xs">
            {studio.source !== 'obs' && (
              <Button
                size="xs"
                variant={studio.source === 'audio' ? 'filled' : 'default'}
                aria-pressed={studio.source === 'audio'}
                disabled={locked}
                onClick={() => studio.setAudioOnly(studio.source !== 'audio')}
              >
                Audio Only
              </Button>
            )}
            <Button size="xs" variant="subtle" disabled={locked} onClick={() => studio.setUseObs(studio.source !== 'obs')}>
              {studio.source === 'obs' ? 'Use the camera instead' : 'Stream from OBS instead'}
            </Button>
          </Group>
        </Group>
        {studio.source !== 'obs' && <CameraPreview />}
        {studio.source !== 'obs' && studio.captureError && (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">{studio.captureError}</Text>
              <Group gap="xs">
                <Button size="xs" variant="light" color="red" onClick={() => void studio.openCapture()}>
                  Try again
                </Button>
                <Button size="xs" variant="subtle" onClick={() => studio.setUseObs(true)}>
                  Stream from OBS instead
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {studio.source !== 'obs' && studio.captureStatus === 'on' && (
          <SimpleGrid cols={{ base: 1, sm: studio.source === 'camera' ? 2 : 1 }} spacing="sm">
            {studio.source === 'camera' && (
              <NativeSelect
                label="Camera"
                disabled={locked}
                value={studio.cameraId ?? ''}
                data={studio.cameras.map((device) => ({ value: device.id, label: device.label }))}
                onChange={(event) => studio.selectCamera(event.currentTarget.value || null)}
              />
            )}
            <NativeSelect
              label="Microphone"
              disabled={locked}
              value={studio.microphoneId ?? ''}
              data={studio.microphones.map((device) => ({ value: device.id, label: device.label }))}
              onChange={(event) => studio.selectMicrophone(event.currentTarget.value || null)}
            />
          </SimpleGrid>
        )}
        {studio.source === 'obs' && <ObsKeyBox />}
      </Stack>
    </Card>
  );
});

/** While a stream is open: where it stands, and sending the camera again after a reload or a lost connection. */
const OpenStreamNotice = observer(function OpenStreamNotice() {
  const { studio, ui } = useStores();
  const stream = studio.stream;
  if (!stream) return null;
  const canSend = studio.usesBrowser && !studio.sending && studio.capture !== null;
  return (
    <Alert color="red" variant="light" title={stream.status === 'live' || studio.ingest.kind === 'live' ? 'You are live' : 'Your stream is open'}>
      <Stack gap="xs">
        <Text size="sm">
          {stream.title}
          {studio.ingestLine ? ` · ${studio.ingestLine}` : stream.status === 'created' && !studio.usesBrowser ? ' · waiting for OBS' : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => ui.setTab('live', LIVE_TABS.myStream)}>
            Open My Stream
          </Button>
          {canSend && (
            <Button size="xs" variant="default" onClick={studio.sendCamera}>
              {studio.source === 'audio' ? 'Send microphone' : 'Send camera'}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
});

/**
 * Go Live (seed 002 §2.7, §4, §5): the stream's title and description, vertical, Super Chat donations and keeping the
 * recording; the camera (device pickers, preview, Audio Only) or OBS (server and key); Go Live, disabled while the
 * title is blank or a stream is open, and End Live Stream.
 */
export const GoLiveTab = observer(function GoLiveTab() {
  const { studio, features } = useStores();
  const { signedIn, signInHref } = useRequireAccount();

  useEffect(() => {
    if (signedIn) void studio.findMyStream();
  }, [signedIn, studio]);

  if (!signedIn) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>Go live</Title>
          <Text c="dimmed" ta="center">
            Sign in to stream from your camera or from OBS.
          </Text>
          <Button component={Link} to={signInHref}>
            Sign in
          </Button>
        </Stack>
      </Card>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void studio.start();
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SourcePanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <OpenStreamNotice />
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="go-live-details">
            <form onSubmit={submit} aria-label="Go Live" noValidate>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={4} id="go-live-details">
                    Stream details
                  </Title>
                  {studio.isStreaming && (
                    <Badge color="red" variant="filled">
                      LIVE
                    </Badge>
                  )}
                </Group>
                <TextInput
                  label="Title"
                  required
                  maxLength={TITLE_MAX}
                  value={studio.title}
                  onChange={(event) => studio.setTitle(event.currentTarget.value)}
                  placeholder="What are you streaming?"
                />
                <Textarea
                  label="Description"
                  maxLength={DESCRIPTION_MAX}
                  autosize
                  minRows={3}
                  maxRows={8}
                  value={studio.description}
                  onChange={(event) => studio.setDescription(event.currentTarget.value)}
                />
                <Checkbox label="Vertical stream" checked={studio.isVertical} onChange={(event) => studio.setVertical(event.currentTarget.checked)} />
                {features.isEnabled('super_chat') && (
                  <Checkbox
                    label="Enable super chat donations"
                    checked={studio.superChatEnabled}
                    onChange={(event) => studio.setSuperChatEnabled(event.currentTarget.checked)}
                  />
                )}
                <Checkbox
                  label="Save the recording as a video"
                  description="When the stream ends it becomes one of your videos."
                  checked={studio.record}
                  onChange={(event) => studio.setRecord(event.currentTarget.checked)}
                />
                <Group gap="sm" mt="xs">
                  <Button type="submit" color="red" disabled={!studio.canGoLive} loading={studio.startPending}>
                    Go Live
                  </Button>
                  <Button variant="default" disabled={!studio.isStreaming} loading={studio.endPending} onClick={() => void studio.end()}>
                    End Live Stream
                  </Button>
                </Group>
                {!studio.isStreaming && studio.usesBrowser && studio.captureStatus !== 'on' && studio.title.trim() !== '' && (
                  <Text size="xs" c="dimmed">
                    {studio.captureStatus === 'opening' ? 'Waiting for the camera…' : 'Turn the camera on, or stream from OBS, to go live.'}
                  </Text>
                )}
              </Stack>
            </form>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
});

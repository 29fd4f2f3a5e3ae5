import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { STUDIO_MESSAGES } from './messages';

/**
 * Going live from OBS (or ffmpeg): the server URL and the stream key (GET /api/live/key) with Copy buttons, Show/Hide
 * for the key, and Regenerate behind a confirmation (the old key stops working).
 */
export const ObsKeyBox = observer(function ObsKeyBox() {
  const { studio } = useStores();
  const [confirming, setConfirming] = useState(false);
  const { key } = studio;

  useEffect(() => {
    if (key.status === 'idle') void studio.loadKey();
  }, [key, studio]);

  const regenerate = async () => {
    if (await studio.regenerateKey()) setConfirming(false);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="obs-key-title">
      <Stack gap="sm">
        <Title order={4} id="obs-key-title">
          Stream from OBS
        </Title>
        <Text size="sm" c="dimmed">
          In OBS, open Settings → Stream, choose Custom, and paste the server and the stream key. Use H.264 video with AAC audio and a keyframe
          interval of 1 s. Press Go Live here first, then Start Streaming in OBS.
        </Text>
        {key.status === 'loading' && <Loader size="sm" role="status" aria-label="Loading your stream key" />}
        {key.status === 'error' && !key.data && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{STUDIO_MESSAGES.keyLoadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void studio.loadKey()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {key.data && (
          <>
            {key.data.server_url ? (
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label="Server" value={key.data.server_url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
                <Button variant="default" onClick={() => void studio.copy('server')} aria-label="Copy server URL">
                  Copy
                </Button>
              </Group>
            ) : (
              <Alert color="yellow">{STUDIO_MESSAGES.rtmpOff}</Alert>
            )}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <PasswordInput
                label="Stream key"
                value={key.data.stream_key}
                readOnly
                visible={studio.keyShown}
                onVisibilityChange={studio.toggleKeyShown}
                visibilityToggleButtonProps={{ 'aria-label': studio.keyShown ? 'Hide stream key' : 'Show stream key' }}
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="default" onClick={() => void studio.copy('key')} aria-label="Copy stream key">
                Copy
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Keep the key secret: anyone with it can stream as you.
            </Text>
            <Group>
              <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(true)}>
                Regenerate key
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Regenerate the stream key?"
        message="The current key stops working at once: OBS needs the new one to stream again."
        confirmLabel="Regenerate"
        danger
        loading={studio.regeneratePending}
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
});

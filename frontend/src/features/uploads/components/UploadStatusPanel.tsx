import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatBytes } from '../../../shared/format';
import type { UploadPhase } from '../UploadStore';
import { UPLOAD_MESSAGES } from '../messages';

export const PHASE_LABELS: Record<UploadPhase, string> = {
  idle: 'Idle',
  uploading: 'Uploading',
  paused: 'Paused',
  completed: 'Completed',
  error: 'Error',
};

const PHASE_COLORS: Record<UploadPhase, string> = {
  idle: 'gray',
  uploading: 'blue',
  paused: 'yellow',
  completed: 'teal',
  error: 'red',
};

/**
 * The large upload's status panel (seed 002 §2.4): its state (idle, uploading, paused, completed, error), the progress
 * bar and chunk count (or, while a chunk the server could not take yet waits to be sent again, that it is waiting),
 * and the controls the state allows: Pause, Resume, Retry, Cancel, Upload Another.
 */
export const UploadStatusPanel = observer(function UploadStatusPanel() {
  const { upload } = useStores();
  const { phase, session } = upload;
  const percent = Math.floor(upload.progress);

  let detail: string;
  switch (phase) {
    case 'idle':
      detail = upload.file ? `Ready: ${upload.file.name} (${formatBytes(upload.file.size)})` : 'Choose a video file to start.';
      break;
    case 'uploading':
      if (!session) detail = 'Starting the upload…';
      else if (upload.waiting) {
        const { reason, index, seconds } = upload.waiting;
        detail = UPLOAD_MESSAGES.waiting(reason, index + 1, session.total_chunks, seconds);
      } else detail = `Sending chunk ${Math.min(upload.uploadedCount + 1, session.total_chunks)} of ${session.total_chunks}`;
      break;
    case 'paused':
      detail = 'Paused. Resume to send the remaining chunks.';
      break;
    case 'completed':
      detail = 'Upload complete. Your video is being processed and will appear in Your videos.';
      break;
    case 'error':
      detail = upload.error ?? 'The upload failed.';
      break;
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Upload status">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Upload status</Text>
          <Badge color={PHASE_COLORS[phase]} variant="light" data-testid="upload-phase">
            {PHASE_LABELS[phase]}
          </Badge>
        </Group>
        <Text size="sm" c={phase === 'error' ? 'red.7' : undefined} role={phase === 'error' ? 'alert' : undefined}>
          {detail}
        </Text>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section value={percent} color={PHASE_COLORS[phase]} aria-label="Upload progress" />
        </Progress.Root>
        {session && (
          <Text size="xs" c="dimmed">
            {percent}% · {upload.uploadedCount} of {session.total_chunks} chunks · {formatBytes(upload.uploadedBytes)} of{' '}
            {formatBytes(session.total_size)}
          </Text>
        )}
        <Group gap="xs">
          {phase === 'uploading' && (
            <Button variant="default" onClick={upload.pause} disabled={!session}>
              Pause
            </Button>
          )}
          {phase === 'paused' && <Button onClick={() => void upload.resume()}>Resume</Button>}
          {phase === 'error' && session && <Button onClick={() => void upload.resume()}>Retry</Button>}
          {(phase === 'uploading' || phase === 'paused' || (phase === 'error' && session)) && (
            <Button color="red" variant="light" onClick={() => void upload.cancel()}>
              Cancel
            </Button>
          )}
          {phase === 'completed' && <Button onClick={upload.uploadAnother}>Upload Another</Button>}
        </Group>
      </Stack>
    </Card>
  );
});

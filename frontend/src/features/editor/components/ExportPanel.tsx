import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatRelativeTime } from '../../../shared/format';
import { videoPath } from '../../../shared/paths';
import { EDITOR_MESSAGES } from '../EditorStore';
import { EXPORT_TILES, formatTime, resolutionOf } from '../timeline';
import { exportActive, type EditorExport, type ExportStatus } from '../types';

const STATUS_LABELS: Record<ExportStatus, string> = {
  queued: 'Queued',
  rendering: 'Rendering',
  publishing: 'Publishing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATUS_COLORS: Record<ExportStatus, string> = {
  queued: 'gray',
  rendering: 'blue',
  publishing: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** What an export is doing or how it ended, in a sentence. */
function exportSentence(entry: EditorExport): string {
  switch (entry.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'rendering':
      return `Rendering: ${entry.progress}%`;
    case 'publishing':
      return 'Publishing: the new video is being processed for streaming…';
    case 'done':
      return 'Done: the edited video is a new video of yours; the original is kept.';
    case 'failed':
      return `Failed: ${entry.error ?? 'the export could not be rendered'}`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

/** The export followed now: its progress bar, Cancel while it runs, and its outcome with the new video's link. */
const ExportProgress = observer(function ExportProgress({ entry }: { entry: EditorExport }) {
  const { editor } = useStores();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Export progress">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{`Export at ${entry.resolution}`}</Text>
          <Badge color={STATUS_COLORS[entry.status]} variant="light">
            {STATUS_LABELS[entry.status]}
          </Badge>
        </Group>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section value={entry.status === 'done' ? 100 : entry.progress} color={STATUS_COLORS[entry.status]} aria-label="Export progress" />
        </Progress.Root>
        <Text size="sm" role={entry.status === 'failed' ? 'alert' : 'status'} c={entry.status === 'failed' ? 'red.7' : undefined}>
          {exportSentence(entry)}
        </Text>
        <Group gap="sm">
          {(entry.status === 'queued' || entry.status === 'rendering') && (
            <Button color="red" variant="light" size="xs" onClick={() => void editor.cancelExport(entry.id)}>
              Cancel
            </Button>
          )}
          {entry.status === 'done' && entry.result_video_id && (
            <Button component={Link} to={videoPath(entry.result_video_id)} size="xs">
              Open the new video
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
});

/**
 * Export (seed 002 §2.14): the 720p, 1080p and 4K tiles (those above the source's height are disabled: never
 * upscaling), Export (the edit is saved first), the export's progress, Cancel and the outcome, and the recent exports.
 */
export const ExportPanel = observer(function ExportPanel() {
  const { editor } = useStores();
  const session = editor.session;
  if (!session) return null;
  const height = resolutionOf(session.video);
  const tile = editor.exportTile;
  const latest = editor.latestExport;
  const running = latest !== null && exportActive(latest.status);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Export">
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              Export
            </Title>
            <Text size="xs" c="dimmed">
              {`Your edit (${formatTime(editor.length)}) becomes a new video titled “${session.video.title} (edited)”, processed for streaming like an upload. The original stays as it is.`}
            </Text>
          </div>
          <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Resolution">
            {EXPORT_TILES.map((name) => {
              const allowed = editor.allows(name);
              const chosen = tile === name;
              return (
                <UnstyledButton
                  key={name}
                  onClick={() => editor.chooseTile(name)}
                  disabled={!allowed}
                  aria-pressed={chosen}
                  aria-label={name}
                  aria-describedby={allowed ? undefined : `editor-upscale-${name}`}
                  style={{
                    borderRadius: 8,
                    padding: 16,
                    textAlign: 'center',
                    opacity: allowed ? 1 : 0.55,
                    cursor: allowed ? 'pointer' : 'not-allowed',
                    outline: chosen ? '3px solid var(--mantine-color-blue-5)' : '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  <Text fw={700} size="lg">
                    {name}
                  </Text>
                  {!allowed && (
                    <Text size="xs" c="dimmed" id={`editor-upscale-${name}`}>
                      {EDITOR_MESSAGES.upscale(height, name)}
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          <Group>
            <Button onClick={() => void editor.startExport()} disabled={!tile || running} loading={editor.exportPending}>
              {tile ? `Export at ${tile}` : 'Choose a resolution'}
            </Button>
            {running && (
              <Text size="sm" c="dimmed">
                One export at a time: wait for this one or cancel it.
              </Text>
            )}
          </Group>
          {editor.exportError && (
            <Alert color="red" variant="light" role="alert">
              {editor.exportError}
            </Alert>
          )}
        </Stack>
      </Card>

      {latest && <ExportProgress entry={latest} />}

      <Card withBorder radius="md" padding="md" component="section" aria-label="Recent exports">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Recent exports
          </Title>
          {editor.exportsError && (
            <Text size="sm" c="red.7" role="alert">
              {editor.exportsError}
            </Text>
          )}
          {editor.exports.length === 0 ? (
            <Text size="sm" c="dimmed">
              {editor.exportsStatus === 'loading' ? 'Loading…' : 'This video has not been exported yet.'}
            </Text>
          ) : (
            <Stack gap={4} role="list" aria-label="Exports">
              {editor.exports.map((entry) => (
                <Group key={entry.id} role="listitem" justify="space-between" wrap="nowrap">
                  <Text size="sm">{`${entry.resolution} · ${formatRelativeTime(entry.created_at)}`}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Badge color={STATUS_COLORS[entry.status]} variant="light">
                      {entry.status === 'rendering' ? `${STATUS_LABELS.rendering} ${entry.progress}%` : STATUS_LABELS[entry.status]}
                    </Badge>
                    {entry.status === 'done' && entry.result_video_id && (
                      <Anchor component={Link} to={videoPath(entry.result_video_id)} size="sm">
                        Watch
                      </Anchor>
                    )}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
});

import { observer } from 'mobx-react-lite';
import { useHotkeys } from '@mantine/hooks';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ArrowLeftIcon } from '../../../shared/icons';
import { formatTime, resolutionOf } from '../timeline';
import type { EditorTab } from '../types';
import { AudioPanel } from './AudioPanel';
import { EditorPlayer } from './EditorPlayer';
import { EffectsPanel } from './EffectsPanel';
import { ExportPanel } from './ExportPanel';
import { FiltersPanel } from './FiltersPanel';
import { TimelinePanel } from './TimelinePanel';

/** Where the edit stands on the server: saved, saving, or the server's refusal with what can be done about it. */
const SaveStatus = observer(function SaveStatus() {
  const { editor } = useStores();
  const state = editor.saveState;
  if (state === 'conflict') {
    return (
      <Alert color="orange" variant="light" role="alert" title="Not saved">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{editor.saveError?.detail}</Text>
          <Button size="xs" onClick={() => void editor.reloadLatest()}>
            Reload the latest version
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title="Not saved">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{editor.saveError?.detail}</Text>
          <Button size="xs" variant="default" onClick={editor.retrySave}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="status" aria-label="Save status">
      {state === 'saving' ? 'Saving…' : 'Saved'}
    </Text>
  );
});

/** The open video: its name, Back to videos, the save line, Undo and Redo (Ctrl+Z, Ctrl+Shift+Z), the player, the tab. */
export const Workspace = observer(function Workspace({ tab }: { tab: Exclude<EditorTab, 'upload'> }) {
  const { editor } = useStores();
  useHotkeys([
    ['mod+Z', () => editor.undo()],
    ['mod+shift+Z', () => editor.redo()],
  ]);
  const session = editor.session;
  if (!session) return null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="center">
          <Button variant="default" size="xs" leftSection={<ArrowLeftIcon size={14} />} onClick={() => void editor.closeVideo()}>
            Back to videos
          </Button>
          <div>
            <Title order={2} size="h4">
              {session.video.title}
            </Title>
            <Text size="xs" c="dimmed">
              {`${resolutionOf(session.video)}p · ${formatTime(session.video.duration_seconds)} · edited ${formatTime(editor.length)}`}
            </Text>
          </div>
        </Group>
        <Group gap="xs" align="center">
          <Button size="xs" variant="default" onClick={editor.undo} disabled={!editor.canUndo} title="Undo (Ctrl+Z)">
            Undo
          </Button>
          <Button size="xs" variant="default" onClick={editor.redo} disabled={!editor.canRedo} title="Redo (Ctrl+Shift+Z)">
            Redo
          </Button>
          <SaveStatus />
        </Group>
      </Group>
      {tab !== 'export' && tab !== 'audio' && <EditorPlayer />}
      {tab === 'timeline' && <TimelinePanel />}
      {tab === 'filters' && <FiltersPanel />}
      {tab === 'effects' && <EffectsPanel />}
      {tab === 'audio' && <AudioPanel />}
      {tab === 'export' && <ExportPanel />}
    </Stack>
  );
});

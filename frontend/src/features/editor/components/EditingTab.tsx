import { observer } from 'mobx-react-lite';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ArrowLeftIcon } from '../../../shared/icons';
import { FEATURE_MESSAGES } from '../../features/FeaturesStore';
import type { EditorTab } from '../types';
import { VideoPicker } from './VideoPicker';
import { Workspace } from './Workspace';

/**
 * One editing tab (Timeline, Filters, Effects, Audio, Export): the feature's off notice, the video picker until a
 * video is chosen, the session loading or its error, then the workspace on that tab.
 */
export const EditingTab = observer(function EditingTab({ tab }: { tab: Exclude<EditorTab, 'upload'> }) {
  const { editor } = useStores();

  if (!editor.enabled) {
    return (
      <Alert color="gray" variant="light" role="status">
        {FEATURE_MESSAGES.off}
      </Alert>
    );
  }
  if (!editor.videoId) return <VideoPicker />;
  if (editor.sessionStatus === 'error') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" role="alert" title="This video cannot be edited">
          {editor.sessionError}
        </Alert>
        <Button variant="default" leftSection={<ArrowLeftIcon size={16} />} onClick={() => void editor.closeVideo()}>
          Back to videos
        </Button>
      </Stack>
    );
  }
  if (editor.sessionStatus !== 'ready' || !editor.session || !editor.present) {
    return (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" aria-label="Opening the video" />
        </Group>
      </Center>
    );
  }
  return <Workspace tab={tab} />;
});

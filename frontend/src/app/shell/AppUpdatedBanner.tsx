import { observer } from 'mobx-react-lite';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useStores } from '../../stores/StoreProvider';

export const APP_UPDATED_MESSAGE = 'A new version of Scriven is available.';

/**
 * Shown once the server says it serves a new version of the app (an admin restarted the `frontend` service): this
 * page still runs the old one until it is reloaded, which the viewer chooses, so nothing they are typing is lost.
 */
export const AppUpdatedBanner = observer(function AppUpdatedBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { ui } = useStores();
  if (!ui.appUpdated) return null;
  return (
    <Alert color="blue" mb="md" role="status" aria-label="New version" withCloseButton closeButtonLabel="Later" onClose={ui.dismissAppUpdated}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{APP_UPDATED_MESSAGE}</Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
});

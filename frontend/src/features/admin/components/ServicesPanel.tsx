import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatRelativeTime } from '../../../shared/format';
import { failedToRestart, SERVICES, SERVICES_MESSAGES, type ServiceName } from '../ServicesStore';

/** One service: its Restart button, then its restarting state, then a success or failure note. */
const ServiceRow = observer(function ServiceRow({ name, label, description }: { name: ServiceName; label: string; description: string }) {
  const { admin } = useStores();
  const store = admin.services;
  const last = store.restartOf(name);
  const restarting = store.isRestarting(name);
  const refused = store.refusal?.service === name ? store.refusal.detail : null;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={3} size="h5">
              {label}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <Button onClick={() => void store.restart(name)} loading={restarting} disabled={store.anyRestarting || store.supervised === false} aria-label={`Restart ${name}`}>
            Restart
          </Button>
        </Group>
        {restarting && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Restarting {name}…</Text>
          </Group>
        )}
        {!restarting && last?.state === 'done' && (
          <Alert color="green" role="status" title={`Restarted ${name}`}>
            {last.finished_at ? `Finished ${formatRelativeTime(last.finished_at)}` : 'Finished'}
          </Alert>
        )}
        {!restarting && last?.state === 'failed' && !refused && (
          <Alert color="red" role="alert" title={failedToRestart(name)}>
            {last.detail}
          </Alert>
        )}
        {refused && (
          <Alert color="red" role="alert" title={failedToRestart(name)}>
            {refused}
          </Alert>
        )}
      </Stack>
    </Card>
  );
});

/** The Services tab: restart the frontend, the backend or all (seed 000 §2). */
export const ServicesPanel = observer(function ServicesPanel() {
  const { admin } = useStores();
  const store = admin.services;
  useEffect(() => {
    void store.load();
    return () => store.stopPolling();
  }, [store]);
  return (
    <Stack gap="md" component="section" aria-label="Services">
      <Title order={2} size="h4">
        Services
      </Title>
      {store.loadError && (
        <Alert color="red" role="alert">
          {store.loadError}
        </Alert>
      )}
      {store.supervised === false && (
        <Alert color="yellow" role="status">
          {SERVICES_MESSAGES.needsSupervisor}: this server runs as one process, started without it.
        </Alert>
      )}
      {SERVICES.map((s) => (
        <ServiceRow key={s.name} {...s} />
      ))}
    </Stack>
  );
});

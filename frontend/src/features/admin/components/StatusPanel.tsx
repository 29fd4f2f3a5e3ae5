import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatUptime } from '../../../shared/format';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Real readings from /api/health, refreshed every 30 seconds while the panel is open. */
export const StatusPanel = observer(function StatusPanel() {
  const { admin } = useStores();
  useEffect(() => admin.startHealthPolling(), [admin]);
  const health = admin.health;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Status">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Status
          </Title>
          {admin.healthCheckedAt && (
            <Text size="xs" c="dimmed">
              Checked at {admin.healthCheckedAt.toLocaleTimeString()}
            </Text>
          )}
        </Group>
        {admin.healthError && (
          <Alert color="red" role="alert">
            {admin.healthError}
          </Alert>
        )}
        {!health && !admin.healthError && <Loader size="sm" aria-label="Loading status" />}
        {health && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Platform">
              <Badge color={health.status === 'ok' ? 'teal' : 'yellow'}>
                {health.status === 'ok' ? 'OK' : 'Degraded'}
              </Badge>
            </Figure>
            <Figure label="Database">
              <Badge color={health.database === 'up' ? 'teal' : 'red'}>{health.database === 'up' ? 'Up' : 'Down'}</Badge>
            </Figure>
            <Figure label="Version">
              <Text fw={600}>{health.version}</Text>
            </Figure>
            <Figure label="Uptime">
              <Text fw={600}>{formatUptime(health.uptime_seconds)}</Text>
            </Figure>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
});

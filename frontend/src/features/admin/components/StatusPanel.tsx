import type { components } from '../../../api/schema';
import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatBytes, formatUptime } from '../../../shared/format';
import type { ServiceState, SystemStatus } from '../StatusStore';

const STATE_LABELS: Record<ServiceState['state'], { label: string; color: string }> = {
  up: { label: 'Up', color: 'teal' },
  degraded: { label: 'Degraded', color: 'yellow' },
  down: { label: 'Down', color: 'red' },
  not_configured: { label: 'Not configured', color: 'gray' },
};

const SERVICE_LABELS: Record<keyof SystemStatus['services_status'], string> = {
  database: 'Database',
  storage: 'Storage',
  jobs: 'Jobs',
  realtime: 'Realtime',
  payments: 'Payments',
  mail: 'Mail',
};

function Figure({ label, children, note }: { label: string; children: ReactNode; note?: string | null }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

function StateBadge({ state }: { state: ServiceState['state'] }) {
  const { label, color } = STATE_LABELS[state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** A figure the server could not read: "Not available" and its reason, never a made-up number. */
function Unavailable({ status, reading }: { status: SystemStatus; reading: string }) {
  const reason = status.details.unavailable.find((u) => u.reading === reading)?.reason;
  return (
    <Text fw={600} c="dimmed" title={reason}>
      Not available{reason ? `: ${reason}` : ''}
    </Text>
  );
}

/** Real readings from GET /api/system/status, refreshed every 30 seconds while the tab is open. */
type WorkerStatus = components['schemas']['WorkerDto'];

const WORKER_ROLES: Record<WorkerStatus['role'], string> = { api: 'API worker', jobs: 'Media/jobs worker', all: 'Server' };

/** What the supervisor last heard from a worker; a worker still starting has sent no readings yet. */
function workerDetail(worker: WorkerStatus): string {
  if (worker.phase === 'starting') return 'Starting…';
  const parts = [worker.phase === 'draining' ? 'Finishing its requests before it stops' : null];
  if (worker.uptime_seconds !== null) parts.push(`Up ${formatUptime(worker.uptime_seconds)}`);
  if (worker.rss_bytes !== null) parts.push(`memory ${formatBytes(worker.rss_bytes)}`);
  if (worker.cpu_percent !== null) parts.push(`CPU ${worker.cpu_percent}%`);
  const shown = parts.filter((p): p is string => p !== null);
  return shown.length ? shown.join(' · ') : 'No readings yet';
}

export const StatusPanel = observer(function StatusPanel() {
  const { admin } = useStores();
  const store = admin.systemStatus;
  useEffect(() => store.startPolling(), [store]);
  const status = store.status;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Status">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Status
          </Title>
          {store.updatedAt && (
            <Text size="xs" c="dimmed">
              Last updated {store.updatedAt.toLocaleTimeString()}
            </Text>
          )}
        </Group>
        {store.error && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{store.error}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void store.load()} loading={store.loading}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {!status && !store.error && <Loader size="sm" role="status" aria-label="Loading status" />}
        {status && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              <Figure label="Platform version">
                <Text fw={600}>{status.platform_version}</Text>
              </Figure>
              <Figure label="Active users" note={`In the last ${status.details.active_users_window_minutes} minutes`}>
                {status.active_users === null ? <Unavailable status={status} reading="active_users" /> : <Text fw={600}>{status.active_users}</Text>}
              </Figure>
              <Figure label="Uptime" note={`Host up ${formatUptime(status.details.uptime.host_seconds)}`}>
                <Text fw={600}>{formatUptime(status.uptime)}</Text>
              </Figure>
              <Figure
                label="CPU"
                note={`${status.details.cpu.cores} cores · load ${status.details.cpu.load_average.join(', ')}${
                  status.details.cpu.process_percent === null ? '' : ` · server ${status.details.cpu.process_percent}%`
                }`}
              >
                {status.cpu_usage === null ? <Unavailable status={status} reading="cpu_usage" /> : <Text fw={600}>{status.cpu_usage}%</Text>}
              </Figure>
              <Figure
                label="Memory"
                note={`${formatBytes(status.details.memory.host_total_bytes - status.details.memory.host_available_bytes)} of ${formatBytes(
                  status.details.memory.host_total_bytes,
                )} · server ${formatBytes(status.details.memory.process_rss_bytes)}`}
              >
                <Text fw={600}>{status.memory_usage}%</Text>
              </Figure>
              <Figure
                label="Storage used"
                note={[
                  status.details.storage.media_bytes === null ? 'Media: not measured yet' : `Media ${formatBytes(status.details.storage.media_bytes)}`,
                  status.details.storage.database_bytes === null ? 'Database: not available' : `Database ${formatBytes(status.details.storage.database_bytes)}`,
                  status.details.storage.data_dir_free_bytes === null ? null : `${formatBytes(status.details.storage.data_dir_free_bytes)} free`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {status.storage_used === null ? (
                  <Unavailable status={status} reading={status.details.storage.media_bytes === null ? 'storage.media_bytes' : 'storage.database_bytes'} />
                ) : (
                  <Text fw={600}>{formatBytes(status.storage_used)}</Text>
                )}
              </Figure>
            </SimpleGrid>
            <Table aria-label="Services">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th w={160}>State</Table.Th>
                  <Table.Th>Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(Object.keys(SERVICE_LABELS) as (keyof SystemStatus['services_status'])[]).map((name) => {
                  const service = status.services_status[name];
                  return (
                    <Table.Tr key={name} aria-label={SERVICE_LABELS[name]}>
                      <Table.Td>{SERVICE_LABELS[name]}</Table.Td>
                      <Table.Td>
                        <StateBadge state={service.state} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{service.detail}</Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {status.details.workers.map((worker) => (
                  <Table.Tr key={worker.pid} aria-label={`Worker ${worker.pid}`}>
                    <Table.Td>
                      {WORKER_ROLES[worker.role]} {worker.pid}
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={worker.state} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{workerDetail(worker)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Card>
  );
});

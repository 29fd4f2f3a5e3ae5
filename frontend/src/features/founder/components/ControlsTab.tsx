import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, List, Modal, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { saveJsonFile } from '../../../shared/download';
import type { FounderStore } from '../FounderStore';
import { EMERGENCY_ACTIONS, FOUNDER_MESSAGES } from '../messages';
import { insights, statusBadges } from '../insights';
import type { EmergencyActionName, SystemControls } from '../types';
import { LoadState, Panel } from './parts';
import { SecurityChecks } from './SystemTab';

const REASON_MAX = 500;

/** "maintenance_mode" -> "Maintenance mode". */
function controlLabel(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function controlValue(name: string, value: boolean | string | null): string {
  if (value === null) return 'Not set';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if ((name === 'last_backup' || name.endsWith('_since')) && value !== 'never' && !Number.isNaN(Date.parse(value))) return new Date(value).toLocaleString('en-GB');
  return value === 'never' ? 'Never' : value;
}

/** Seed 001 §4: asks for the reason; an empty reason cancels. */
const EmergencyModal = observer(function EmergencyModal({ store }: { store: FounderStore }) {
  const [reason, setReason] = useState('');
  const asked = EMERGENCY_ACTIONS.find((a) => a.action === store.emergencyAsked) ?? null;
  useEffect(() => {
    if (asked) setReason('');
  }, [asked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.confirmEmergency(reason);
  };
  return (
    <Modal opened={asked !== null} onClose={store.cancelEmergency} title={asked?.label ?? 'Emergency action'} centered>
      <form onSubmit={submit} noValidate aria-label="Emergency action reason">
        <Stack gap="md">
          <Text size="sm">{asked?.description}</Text>
          <Textarea
            label="Reason"
            description={`Kept in the founder audit log. An empty reason cancels. ${reason.length}/${REASON_MAX}`}
            autosize
            minRows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={store.cancelEmergency}>
              Cancel
            </Button>
            <Button type="submit" color="red">
              Execute
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

/** Which way a toggle goes, from the controls map: "Turn on maintenance mode" / "Turn off …". */
function actionLabel(action: EmergencyActionName, controls: SystemControls | null): string {
  if (action === 'MAINTENANCE_MODE') return controls?.maintenance_mode === true ? 'Turn off maintenance mode' : 'Turn on maintenance mode';
  if (action === 'DISABLE_UPLOADS') return controls?.uploads_disabled === true ? 'Enable uploads' : 'Disable uploads';
  return 'Force backup';
}

/** Seed 001 §2, Controls: status badges and insights from the data, the controls map, quick and emergency actions. */
export const ControlsTab = observer(function ControlsTab({ store }: { store: FounderStore }) {
  const [syncing, setSyncing] = useState(false);
  const [diagnosing, setDiagnosing] = useState(false);
  const [diagnosed, setDiagnosed] = useState(false);
  useEffect(() => {
    void store.loadControlsTab();
  }, [store]);

  const controls = store.controls.data;
  const health = store.health.data;
  const badges = statusBadges({ analytics: store.analytics.data, health, controls, bankAccount: store.bankAccount.data });
  const lines = insights({ analytics: store.analytics.data, revenue: store.revenue.data, health });

  const forceSync = async () => {
    setSyncing(true);
    await store.syncAll();
    setSyncing(false);
    store.root.notify.success('Every tab’s figures were read again', { action: 'founder.sync' });
  };
  const diagnostics = async () => {
    setDiagnosing(true);
    await store.loadHealth();
    setDiagnosing(false);
    setDiagnosed(true);
  };
  const report = () => {
    const generatedAt = new Date().toISOString();
    saveJsonFile(`scriven-founder-report-${generatedAt.slice(0, 10)}.json`, {
      generated_at: generatedAt,
      analytics: store.analytics.data,
      revenue: store.revenue.data,
      platform_health: store.health.data,
      system_controls: store.controls.data,
      status: badges.map(({ name, label, detail }) => ({ name, label, detail })),
      insights: lines,
    });
  };

  return (
    <Stack gap="lg">
      <Panel id="founder-status" title="Platform status">
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {badges.map((badge) => (
            <Card key={badge.name} withBorder padding="sm" radius="md" role="group" aria-label={`${badge.name} status`}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {badge.name}
              </Text>
              <Badge color={badge.tone} variant="light" mt={4}>
                {badge.label}
              </Badge>
              <Text size="xs" c="dimmed" mt={4}>
                {badge.detail}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Panel>

      <Panel id="founder-insights" title="Insights">
        {lines.length === 0 ? (
          <Text c="dimmed">{FOUNDER_MESSAGES.noData}</Text>
        ) : (
          <List size="sm" spacing={4} aria-label="Insights">
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
      </Panel>

      <Panel id="founder-quick" title="Quick actions">
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => void forceSync()} loading={syncing}>
            Force sync
          </Button>
          <Button variant="default" onClick={report} disabled={!store.analytics.data}>
            Generate report
          </Button>
          <Button variant="default" onClick={() => void diagnostics()} loading={diagnosing}>
            Run diagnostics
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Force sync reads every tab again; the report downloads these figures as JSON; diagnostics measure the platform now.
        </Text>
        {diagnosed && health && (
          <Stack gap="xs" role="region" aria-label="Diagnostics">
            <Text size="sm" fw={600}>
              Diagnostics at {new Date(health.measured_at).toLocaleString('en-GB')}: {health.security_status.checks.filter((c) => c.passed).length} of {health.security_status.checks.length} checks passed
            </Text>
            <SecurityChecks health={health} />
          </Stack>
        )}
        {diagnosed && !health && store.health.status === 'error' && <Alert color="red">{FOUNDER_MESSAGES.systemFailed}</Alert>}
      </Panel>

      <Panel id="founder-emergency" title="Emergency actions">
        <Text size="sm" c="dimmed">
          Each action asks for a reason, is recorded in the founder audit log, and can be undone.
        </Text>
        <Group gap="sm" wrap="wrap">
          {EMERGENCY_ACTIONS.map(({ action }) => (
            <Button
              key={action}
              color={action === 'FORCE_BACKUP' ? 'blue' : 'red'}
              variant="light"
              onClick={() => store.askEmergency(action)}
              loading={store.emergencyPending === action}
              disabled={store.emergencyPending !== null || (action === 'FORCE_BACKUP' && controls?.backup_running === true)}
            >
              {actionLabel(action, controls)}
            </Button>
          ))}
        </Group>
        {store.lastEmergencyMessage && (
          <Text size="sm" role="status">
            {store.lastEmergencyMessage}
          </Text>
        )}
        <EmergencyModal store={store} />
      </Panel>

      <Panel
        id="founder-controls"
        title="System controls"
        actions={
          <Button variant="default" size="xs" onClick={() => void store.loadControls()}>
            Refresh controls
          </Button>
        }
      >
        {controls ? (
          <Table withTableBorder aria-label="System controls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(Object.entries(controls) as [string, boolean | string | null][]).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td>{controlLabel(name)}</Table.Td>
                  <Table.Td>
                    {typeof value === 'boolean' ? (
                      <Badge variant="light" color={value ? 'blue' : 'gray'}>
                        {controlValue(name, value)}
                      </Badge>
                    ) : (
                      controlValue(name, value)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <LoadState status={store.controls.status} loadingLabel="Loading system controls" failed={FOUNDER_MESSAGES.controlsLoadFailed} onRetry={() => void store.loadControls()} />
        )}
      </Panel>
    </Stack>
  );
});

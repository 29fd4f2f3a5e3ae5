import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Checkbox, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { UPDATE_MESSAGES, type Update, type UpdateStep } from '../UpdatesStore';
import { BackupsPanel } from './BackupsPanel';

const STEP_COLORS: Record<UpdateStep['status'], string> = { ok: 'green', failed: 'red', skipped: 'gray' };

/** The log of an update, one line per step. */
function StepLog({ steps }: { steps: UpdateStep[] }) {
  return (
    <List aria-label="Update log" spacing={4} listStyleType="none">
      {steps.map((s, i) => (
        <List.Item key={`${i}-${s.name}`} aria-label={s.name}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge size="sm" color={STEP_COLORS[s.status]} w={70}>
              {s.status}
            </Badge>
            <Text size="sm">
              <strong>{s.name}</strong>: {s.detail} <Text span c="dimmed" size="xs">({s.duration_ms} ms)</Text>
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** One release: the seed's fields, Install (after a confirmation) and Back up. */
const UpdateCard = observer(function UpdateCard({ update, onInstall }: { update: Update; onInstall: (u: Update) => void }) {
  const { admin } = useStores();
  const busy = admin.updates.phase === 'installing';
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={`Version ${update.version}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Version {update.version}
          </Title>
          <Text size="sm" c="dimmed">
            Released {formatDate(update.release_date)} · {update.size_mb} MB
          </Text>
        </Group>
        <Text size="sm">{update.description}</Text>
        {update.features.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Features
            </Text>
            <List size="sm" aria-label="Features">
              {update.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          </div>
        )}
        {update.bug_fixes.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Bug fixes
            </Text>
            <List size="sm" aria-label="Bug fixes">
              {update.bug_fixes.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          </div>
        )}
        <Group>
          <Button onClick={() => onInstall(update)} disabled={busy}>
            Install
          </Button>
          <Button variant="light" onClick={() => void admin.backups.create('')} loading={admin.backups.createPending} disabled={busy}>
            Back up
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

/**
 * The console's Updates tab (seed 000 §2 and §4): the installed version, the releases this build ships that are newer
 * (checked when the tab opens), Install with a confirmation that warns that all services restart (a backup is always
 * taken first), the step log, 'Updated to X' and a reload after 3 seconds, or 'Update failed: ' with the log. Below, the
 * backups.
 */
export const UpdatesPanel = observer(function UpdatesPanel() {
  const { admin } = useStores();
  const store = admin.updates;
  const [confirming, setConfirming] = useState<Update | null>(null);

  useEffect(() => {
    void store.checkForUpdates();
  }, [store]);

  const install = async () => {
    const update = confirming;
    setConfirming(null);
    if (update) await store.install(update.version);
    void admin.backups.load();
  };

  const check = store.check;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md" component="section" aria-label="Updates">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Updates
            </Title>
            <Button variant="subtle" size="xs" onClick={() => void store.checkForUpdates()} loading={store.status === 'loading'} disabled={store.phase === 'installing'}>
              Check for updates
            </Button>
          </Group>
          {check && (
            <Text size="sm">
              Installed version: <strong>{check.current_version}</strong>
              {check.build_version !== check.current_version && <> (this build: {check.build_version})</>}
            </Text>
          )}
          {store.status === 'loading' && !check && <Loader size="sm" role="status" aria-label="Checking for updates" />}
          {store.status === 'error' && (
            <Alert color="red" role="alert">
              <Group justify="space-between">
                <Text size="sm">{UPDATE_MESSAGES.checkFailed}</Text>
                <Button size="xs" variant="light" onClick={() => void store.checkForUpdates()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          {store.phase === 'installing' && (
            <Alert color="blue" role="status">
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">Installing version {store.installing}: backing up, then running its steps. Services restart; keep this page open.</Text>
              </Group>
            </Alert>
          )}
          {store.phase === 'success' && (
            <Alert color="green" role="status">
              Updated to {store.installedVersion}. The page reloads in 3 seconds.
            </Alert>
          )}
          {store.phase === 'failure' && store.failure && (
            <Alert color="red" role="alert" withCloseButton onClose={store.dismiss}>
              {store.failure}
            </Alert>
          )}
          {store.steps.length > 0 && <StepLog steps={store.steps} />}
          {check && check.updates.length === 0 && store.phase !== 'success' && <Text>Scriven is up to date (version {check.current_version})</Text>}
          {check && store.phase !== 'success' && check.updates.map((u) => <UpdateCard key={u.version} update={u} onInstall={setConfirming} />)}
          <Text size="xs" c="dimmed">
            Releases come with the code: a new build is put on the server by its operator (git pull or a new package, npm ci, npm run build, restart). Scriven never downloads or runs code from this page.
          </Text>
        </Stack>
      </Card>
      <BackupsPanel />
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming ? `Install version ${confirming.version}?` : ''} centered>
        <Stack gap="md">
          <Text>All services restart while the update is installed: people using Scriven will be interrupted for a moment.</Text>
          <Checkbox label="Back up first" checked disabled description="A backup is always taken before an update; a failed update is rolled back." />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="orange" onClick={() => void install()}>
              Install
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
});

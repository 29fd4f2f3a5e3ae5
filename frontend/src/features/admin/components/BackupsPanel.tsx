import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, NumberInput, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { formatBytes, formatRelativeTime } from '../../../shared/format';
import { BACKUP_MESSAGES, BACKUP_POLL_MS, defaultBackupName, type Backup, type BackupSettings } from '../BackupsStore';

const KIND_LABELS: Record<Backup['kind'], string> = { manual: 'Manual', scheduled: 'Daily', pre_update: 'Before an update' };

/** "Verified", "Verifying…", or "Not verified: <reason>". */
function VerifyState({ backup }: { backup: Backup }) {
  if (backup.verify_status === 'verified') return <Badge color="green">Verified</Badge>;
  if (backup.verify_status === 'pending') return <Badge color="gray">Verifying…</Badge>;
  return (
    <Text size="sm" c="red">
      Not verified: {backup.verify_error ?? 'no reason given'}
    </Text>
  );
}

/**
 * Make a backup now: its name is prefilled with the seed's default ('manual_backup_' and today's date). While the field
 * holds the default, no name is sent: the server names it for the day it is made (with _2, _3… for a second one the
 * same day), and the field shows the date again after each submit.
 */
const CreateBackupForm = observer(function CreateBackupForm() {
  const { admin } = useStores();
  const store = admin.backups;
  const [name, setName] = useState(() => defaultBackupName());
  // Whether the admin typed a name of their own (the prefilled default is not one).
  const [edited, setEdited] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const own = edited && name.trim() !== defaultBackupName() ? name : '';
    if (!own) setName(defaultBackupName());
    if (await store.create(own)) {
      setName(defaultBackupName());
      setEdited(false);
    }
  };

  return (
    <form aria-label="Create backup" onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end">
        <TextInput
          label="Backup name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setEdited(true);
          }}
          maxLength={100}
          autoComplete="off"
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={store.createPending}>
          Create backup
        </Button>
      </Group>
      {store.createError && (
        <Alert color="red" role="alert" mt="sm">
          {store.createError}
        </Alert>
      )}
      {store.lastCreated && !store.createError && (
        <Alert color="green" role="status" mt="sm">
          Backup written to {store.lastCreated.backup_path}
        </Alert>
      )}
    </form>
  );
});

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00 UTC` }));

/** Keep the last N backups; a daily backup at an hour (UTC). */
const BackupSettingsForm = observer(function BackupSettingsForm({ settings }: { settings: BackupSettings }) {
  const { admin } = useStores();
  const store = admin.backups;
  const [draft, setDraft] = useState(settings);
  // The field's text while it is edited ('' when cleared); the number is read when saved.
  const [keepLast, setKeepLast] = useState<string | number>(settings.keep_last);
  useEffect(() => {
    setDraft(settings);
    setKeepLast(settings.keep_last);
  }, [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.saveSettings({ ...draft, keep_last: Number(keepLast) });
  };

  return (
    <form aria-label="Backup settings" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end">
          <NumberInput label="Keep the last" description="Older backups are removed after each new one" min={1} max={100} allowDecimal={false} value={keepLast} onChange={setKeepLast} w={300} />
          <Switch label="Daily backup" checked={draft.daily_enabled} onChange={(event) => setDraft({ ...draft, daily_enabled: event.currentTarget.checked })} />
          <Select label="At" data={HOURS} value={String(draft.daily_hour_utc)} onChange={(v) => v !== null && setDraft({ ...draft, daily_hour_utc: Number(v) })} disabled={!draft.daily_enabled} allowDeselect={false} w={140} />
          <Button type="submit" variant="light" loading={store.settingsPending}>
            Save settings
          </Button>
        </Group>
        {store.settingsError && (
          <Alert color="red" role="alert">
            {store.settingsError}
          </Alert>
        )}
      </Stack>
    </form>
  );
});

/**
 * The Backups section (issue 17): make one now, the list with size, age, kind and verification (each backup is
 * restored into a scratch database and its rows counted), delete with confirmation, and the retention and daily
 * schedule. `npm run cli -- backup:restore NAME` restores one (docs/operations.md).
 */
export const BackupsPanel = observer(function BackupsPanel() {
  const { admin } = useStores();
  const store = admin.backups;
  const [deleting, setDeleting] = useState<Backup | null>(null);

  useEffect(() => {
    void store.load();
    void store.loadSettings();
  }, [store]);

  // "Verifying…" turns into "Verified" or the reason without a manual refresh.
  const verifying = store.verifying;
  useEffect(() => {
    if (!verifying) return;
    const timer = setInterval(() => void store.load(), BACKUP_POLL_MS);
    return () => clearInterval(timer);
  }, [store, verifying]);

  const confirmDelete = async () => {
    if (deleting && (await store.remove(deleting.name))) setDeleting(null);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Backups">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Backups
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void store.load()} loading={store.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        <CreateBackupForm />
        {store.status === 'loading' && <Loader size="sm" role="status" aria-label="Loading backups" />}
        {store.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{BACKUP_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => void store.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {store.status === 'ready' && store.backups.length === 0 && <Text c="dimmed">No backups yet.</Text>}
        {store.backups.length > 0 && (
          <Table aria-label="Backup list" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Verification</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {store.backups.map((b) => (
                <Table.Tr key={b.name} aria-label={b.name}>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td>{formatBytes(b.size_bytes)}</Table.Td>
                  <Table.Td title={b.created_at}>{formatRelativeTime(b.created_at)}</Table.Td>
                  <Table.Td>{KIND_LABELS[b.kind]}</Table.Td>
                  <Table.Td>
                    <VerifyState backup={b} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(b)} aria-label={`Delete ${b.name}`}>
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {store.settingsStatus === 'loading' && <Loader size="sm" role="status" aria-label="Loading backup settings" />}
        {store.settingsStatus === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{BACKUP_MESSAGES.settingsLoadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => void store.loadSettings()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {store.settings && <BackupSettingsForm settings={store.settings} />}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete backup"
        message={deleting ? `Delete the backup ${deleting.name}?` : ''}
        confirmLabel="Delete"
        danger
        loading={deleting ? store.deleting.has(deleting.name) : false}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <Text size="sm" c="dimmed">
          Its folder is removed from the server; it cannot be restored afterwards.
        </Text>
      </ConfirmModal>
    </Card>
  );
});

import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { formatDate } from '../../../shared/format';
import { ADMINS_MESSAGES, type AdminAccount } from '../AdminsStore';

/** The administrators: the list, "Make admin" by display name or email, and Remove (never the last one) with confirmation. */
export const AdminsPanel = observer(function AdminsPanel() {
  const { admin } = useStores();
  const store = admin.admins;
  const [username, setUsername] = useState('');
  const [grantError, setGrantError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGrantError(null);
    const outcome = await store.grant(username);
    if (outcome.ok) setUsername('');
    else setGrantError(outcome.detail);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const outcome = await store.remove(removing);
    setRemoving(null);
    setRemoveError(outcome.ok ? null : outcome.detail);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Admins">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Admins
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void store.load()} loading={store.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        <form aria-label="Make admin" onSubmit={(e) => void submit(e)}>
          <Group align="flex-end">
            <TextInput
              label="Display name or email"
              description="An existing user: they sign in to this console with their own password."
              value={username}
              maxLength={254}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setGrantError(null);
              }}
              error={grantError}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={store.granting}>
              Make admin
            </Button>
          </Group>
        </form>
        {removeError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setRemoveError(null)}>
            {removeError}
          </Alert>
        )}
        {store.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{ADMINS_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void store.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {(store.status === 'idle' || store.status === 'loading') && store.admins.length === 0 && <Loader size="sm" role="status" aria-label="Loading admins" />}
        {store.admins.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Administrators">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Admin since</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {store.admins.map((a) => (
                  <Table.Tr key={a.user_id} aria-label={`Admin ${a.username}`}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text fw={600}>{a.username}</Text>
                        {a.username === admin.username && <Badge variant="light">You</Badge>}
                        {!a.active && (
                          <Badge color="gray" variant="light">
                            Cannot sign in
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{a.email ?? '—'}</Table.Td>
                    <Table.Td>{a.since ? formatDate(a.since) : 'Made outside the console'}</Table.Td>
                    <Table.Td>
                      <Button size="xs" color="red" variant="light" loading={store.isRemoving(a.user_id)} onClick={() => setRemoving(a)}>
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title="Remove admin"
        message={removing ? `Remove ${removing.username} as an admin?` : ''}
        confirmLabel="Remove"
        danger
        loading={removing ? store.isRemoving(removing.user_id) : false}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <Text size="sm" c="dimmed">
          {removing?.username === admin.username
            ? 'This is you: this console signs out at once, and your sessions end on every device.'
            : 'They are signed out of this console and of the app on every device.'}
        </Text>
      </ConfirmModal>
    </Card>
  );
});

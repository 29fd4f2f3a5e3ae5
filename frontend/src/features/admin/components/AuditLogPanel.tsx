import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from '../AuditStore';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Every admin action (sign-ins, admins granted and removed, flags, backups, updates…), newest first, with Load more. */
export const AuditLogPanel = observer(function AuditLogPanel() {
  const { admin } = useStores();
  const list = admin.audit.entries;

  useEffect(() => {
    void admin.audit.load();
  }, [admin]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Audit log">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Audit log
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void list.load()} loading={list.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        {list.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{AUDIT_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {(list.status === 'idle' || list.status === 'loading') && list.items.length === 0 && <Loader size="sm" aria-label="Loading the audit log" />}
        {list.status === 'ready' && list.items.length === 0 && <Text c="dimmed">No admin actions yet.</Text>}
        {list.items.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Admin actions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((e) => (
                  <Table.Tr key={e.id} aria-label={`${e.action} by ${e.admin_username ?? 'a removed admin'}`}>
                    <Table.Td>{when(e.created_at)}</Table.Td>
                    <Table.Td>{e.admin_username ?? '—'}</Table.Td>
                    <Table.Td>
                      <Code>{e.action}</Code>
                    </Table.Td>
                    <Table.Td>{e.target ?? '—'}</Table.Td>
                    <Table.Td>
                      {e.detail ? (
                        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                          {JSON.stringify(e.detail)}
                        </Text>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.moreFailed && (
          <Text c="red" size="sm" role="alert">
            {AUDIT_MESSAGES.moreFailed}
          </Text>
        )}
        {(list.nextCursor || list.moreFailed) && (
          <Group justify="center">
            <Button variant="default" size="xs" loading={list.loadingMore} onClick={() => void list.loadMore({ limit: AUDIT_PAGE_SIZE })}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
});

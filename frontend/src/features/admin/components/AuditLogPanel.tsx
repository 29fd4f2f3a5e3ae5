import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Code, Table, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from '../AuditStore';
import { PagedListCard, when } from './PagedListCard';

/** Every admin action (sign-ins, admins granted and removed, flags, backups, updates…), newest first, with Load more. */
export const AuditLogPanel = observer(function AuditLogPanel() {
  const { admin } = useStores();
  const list = admin.audit.entries;

  useEffect(() => {
    void admin.audit.load();
  }, [admin]);

  return (
    <PagedListCard title="Audit log" list={list} pageSize={AUDIT_PAGE_SIZE} messages={{ ...AUDIT_MESSAGES, empty: 'No admin actions yet.', loading: 'Loading the audit log' }}>
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
    </PagedListCard>
  );
});

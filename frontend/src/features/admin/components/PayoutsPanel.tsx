import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate, formatDollars } from '../../../shared/format';
import { payoutMethodLabel } from '../../earnings/messages';
import { ADMIN_MONEY_MESSAGES, REASON_MAX, whoOf, type AdminPayout } from '../AdminMoneyStores';
import { ReasonModal } from '../../../shared/ReasonModal';

function destination(payout: AdminPayout): string {
  const method = payoutMethodLabel(payout.payment_method);
  const details = payout.bank_details;
  return details ? `${method} (${details.account_type}, ${details.country})` : method;
}

/** Creator payouts awaiting an admin: mark each completed once sent, or failed (the funds go back to the creator). */
export const PayoutsPanel = observer(function PayoutsPanel() {
  const { admin } = useStores();
  const store = admin.payouts;
  const [failing, setFailing] = useState<AdminPayout | null>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Creator payouts">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Creator payouts
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void store.load()} loading={store.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        {store.status === 'error' && (
          <Alert color="red" role="alert">
            {ADMIN_MONEY_MESSAGES.payoutsLoadFailed}
          </Alert>
        )}
        {(store.status === 'idle' || store.status === 'loading') && store.payouts.length === 0 && (
          <Loader size="sm" role="status" aria-label="Loading payouts" />
        )}
        {store.status === 'ready' && store.payouts.length === 0 && <Text c="dimmed">No payouts are waiting.</Text>}
        {store.payouts.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Pending payouts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Creator</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {store.payouts.map((payout) => {
                  const who = whoOf(payout);
                  const busy = store.isBusy(payout.id);
                  return (
                    <Table.Tr key={payout.id} aria-label={`Payout to ${who}`}>
                      <Table.Td>{who}</Table.Td>
                      <Table.Td>{formatDollars(payout.amount)}</Table.Td>
                      <Table.Td>{destination(payout)}</Table.Td>
                      <Table.Td>{formatDate(payout.requested_date)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" color="green" loading={busy} onClick={() => void store.complete(payout)}>
                            Complete
                          </Button>
                          <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => setFailing(payout)}>
                            Fail
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ReasonModal
        reasonDescription="The creator sees this."
        maxLength={REASON_MAX}
        opened={failing !== null}
        title="Mark payout as failed"
        message={
          failing
            ? `The ${formatDollars(failing.amount)} go back to ${whoOf(failing)}'s available balance.`
            : ''
        }
        confirmLabel="Mark failed"
        loading={failing !== null && store.isBusy(failing.id)}
        onCancel={() => setFailing(null)}
        onConfirm={(reason) => {
          if (!failing) return;
          void store.fail(failing, reason).then(() => setFailing(null));
        }}
      />
    </Card>
  );
});

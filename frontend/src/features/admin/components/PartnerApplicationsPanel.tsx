import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import {
  ADMIN_MONEY_MESSAGES,
  REASON_MAX,
  whoOf,
  type ApplicationFilter,
  type PartnerApplication,
  type PartnerDecision,
} from '../AdminMoneyStores';
import { ReasonModal } from '../../../shared/ReasonModal';

const FILTERS: { value: ApplicationFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'all', label: 'All' },
];

const STATUS_COLORS: Record<PartnerApplication['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  suspended: 'red',
};

const count = (n: number) => n.toLocaleString('en-US');

/** Partner program applications: approve or reject (with a reason) pending ones; suspend approved partners. */
export const PartnerApplicationsPanel = observer(function PartnerApplicationsPanel() {
  const { admin } = useStores();
  const store = admin.partnerApplications;
  const [asking, setAsking] = useState<{ application: PartnerApplication; decision: Exclude<PartnerDecision, 'approve'> } | null>(
    null,
  );

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Partner applications">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Partner applications
          </Title>
          <SegmentedControl
            aria-label="Application status"
            size="xs"
            value={store.filter}
            onChange={(value) => store.setFilter(value as ApplicationFilter)}
            data={FILTERS}
          />
        </Group>
        {store.status === 'error' && (
          <Alert color="red" role="alert">
            {ADMIN_MONEY_MESSAGES.applicationsLoadFailed}
          </Alert>
        )}
        {(store.status === 'idle' || store.status === 'loading') && store.applications.length === 0 && (
          <Loader size="sm" role="status" aria-label="Loading applications" />
        )}
        {store.status === 'ready' && store.applications.length === 0 && <Text c="dimmed">No applications here.</Text>}
        {store.applications.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Applications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Creator</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Subscribers</Table.Th>
                  <Table.Th>Watch hours</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {store.applications.map((application) => {
                  const who = whoOf(application);
                  const busy = store.isBusy(application.id);
                  return (
                    <Table.Tr key={application.id} aria-label={`Application of ${who}`}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {who}
                        </Text>
                        {application.original_content && (
                          <Text size="xs" c="dimmed">
                            Confirmed original content
                          </Text>
                        )}
                        {application.reason && (
                          <Text size="xs" c="dimmed">
                            Reason: {application.reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[application.status]} variant="light">
                          {application.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{count(application.followers)}</Table.Td>
                      <Table.Td>{count(application.watch_hours)}</Table.Td>
                      <Table.Td>{formatDate(application.submitted_at)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {application.status === 'pending' && (
                            <>
                              <Button
                                size="xs"
                                color="green"
                                loading={busy}
                                onClick={() => void store.decide(application, 'approve')}
                              >
                                Approve
                              </Button>
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                disabled={busy}
                                onClick={() => setAsking({ application, decision: 'reject' })}
                              >
                                Reject
                              </Button>
                            </>
                          )}
                          {application.status === 'approved' && (
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              disabled={busy}
                              onClick={() => setAsking({ application, decision: 'suspend' })}
                            >
                              Suspend
                            </Button>
                          )}
                          {application.decided_at && (
                            <Text size="xs" c="dimmed">
                              Decided {formatDate(application.decided_at)}
                            </Text>
                          )}
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
        opened={asking !== null}
        title={asking?.decision === 'suspend' ? 'Suspend partner' : 'Reject application'}
        message={
          asking
            ? asking.decision === 'suspend'
              ? `${whoOf(asking.application)} leaves the partner program: their videos stop earning ad revenue.`
              : `${whoOf(asking.application)} may reapply once they meet the requirements.`
            : ''
        }
        confirmLabel={asking?.decision === 'suspend' ? 'Suspend' : 'Reject'}
        loading={asking !== null && store.isBusy(asking.application.id)}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          if (!asking) return;
          void store.decide(asking.application, asking.decision, reason).then(() => setAsking(null));
        }}
      />
    </Card>
  );
});

import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import type { PagedList } from '../../../shared/pagedList';
import {
  AUDIT_ACTION_LABELS,
  CASE_ACTION_EFFECTS,
  CASE_ACTION_LABELS,
  DECISION_REASON_MAX,
  MODERATION_MESSAGES,
  contentTypeLabel,
  type CaseAction,
} from '../messages';
import { CONSOLE_PAGE_SIZE, type AppealDecision, type ConsoleTab } from '../ModerationConsoleStore';
import type { AdminStrike, ModerationCase } from '../types';
import { CaseCard, caseTitle } from './CaseCard';
import { ReasonModal } from '../../../shared/ReasonModal';

/** Load more under a paged list, and what a failed page says. */
const MoreButton = observer(function MoreButton({
  list,
  label,
}: {
  list: Pick<PagedList<unknown>, 'nextCursor' | 'moreFailed' | 'loadingMore' | 'loadMore'>;
  label: string;
}) {
  if (!list.nextCursor && !list.moreFailed) return null;
  return (
    <Stack gap={4} align="center">
      {list.moreFailed && (
        <Text size="xs" c="red" role="alert">
          {MODERATION_MESSAGES.moreFailed}
        </Text>
      )}
      {list.nextCursor && (
        <Button variant="default" size="xs" loading={list.loadingMore} onClick={() => void list.loadMore({ limit: CONSOLE_PAGE_SIZE })}>
          {label}
        </Button>
      )}
    </Stack>
  );
});

/** A list's loading, failure and empty states. */
function ListState({ status, empty, count, failed, loadingLabel }: { status: string; empty: string; count: number; failed: string; loadingLabel: string }) {
  if (status === 'error') {
    return (
      <Alert color="red" role="alert">
        {failed}
      </Alert>
    );
  }
  if ((status === 'idle' || status === 'loading') && count === 0) return <Loader size="sm" role="status" aria-label={loadingLabel} />;
  if (status === 'ready' && count === 0) return <Text c="dimmed">{empty}</Text>;
  return null;
}

const CasesList = observer(function CasesList({ status }: { status: 'open' | 'resolved' }) {
  const { admin } = useStores();
  const store = admin.moderation;
  const list = status === 'open' ? store.open : store.resolved;
  const [deciding, setDeciding] = useState<{ item: ModerationCase; action: CaseAction } | null>(null);

  return (
    <Stack gap="md">
      <ListState
        status={list.status}
        count={list.items.length}
        empty={status === 'open' ? 'No reports are waiting.' : 'No case has been decided yet.'}
        failed={MODERATION_MESSAGES.casesLoadFailed}
        loadingLabel={status === 'open' ? 'Loading open reports' : 'Loading resolved cases'}
      />
      {list.items.map((item) => (
        <CaseCard
          key={item.id}
          item={item}
          busy={store.isBusy(item.id)}
          onDecide={status === 'open' ? (action) => setDeciding({ item, action }) : undefined}
        />
      ))}
      <MoreButton list={list} label={status === 'open' ? 'More reports' : 'More cases'} />
      <ReasonModal
        maxLength={DECISION_REASON_MAX}
        opened={deciding !== null}
        title={deciding ? `${CASE_ACTION_LABELS[deciding.action]}: ${caseTitle(deciding.item)}` : ''}
        message={deciding ? CASE_ACTION_EFFECTS[deciding.action] : ''}
        confirmLabel={deciding ? CASE_ACTION_LABELS[deciding.action] : ''}
        reasonDescription={
          deciding?.action === 'dismiss'
            ? 'Kept in the audit log.'
            : 'The owner is told this reason; it is kept in the audit log.'
        }
        danger={deciding?.action !== 'dismiss'}
        loading={deciding !== null && store.isBusy(deciding.item.id)}
        onCancel={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (!deciding) return;
          void store.decide(deciding.item, deciding.action, reason).then(() => setDeciding(null));
        }}
      />
    </Stack>
  );
});

function AppealCard({ strike, busy, onDecide }: { strike: AdminStrike; busy: boolean; onDecide: (decision: AppealDecision) => void }) {
  const appeal = strike.appeal;
  const who = strike.username ?? strike.user_id;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={`Appeal of ${who}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{contentTypeLabel(strike.content_type)}</Badge>
          {strike.content_removed && (
            <Badge color="red" variant="light">
              Removed with the strike
            </Badge>
          )}
        </Group>
        <Text fw={600}>
          {who}
          {strike.content_title ? ` · “${strike.content_title}”` : ''}
        </Text>
        <Text size="sm">Strike: {strike.reason}</Text>
        <Text size="xs" c="dimmed">
          Given {formatDate(strike.created_at)} · ends {formatDate(strike.expires_at)}
          {appeal ? ` · appealed ${formatDate(appeal.created_at)}` : ''}
        </Text>
        {appeal && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Appeal: {appeal.message}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => onDecide('uphold')}>
            Uphold
          </Button>
          <Button size="xs" color="green" variant="light" disabled={busy} onClick={() => onDecide('overturn')}>
            Overturn
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const AppealsList = observer(function AppealsList() {
  const { admin } = useStores();
  const store = admin.moderation;
  const [deciding, setDeciding] = useState<{ strike: AdminStrike; decision: AppealDecision } | null>(null);
  const who = deciding ? (deciding.strike.username ?? deciding.strike.user_id) : '';

  return (
    <Stack gap="md">
      <ListState
        status={store.appealsStatus}
        count={store.appeals.length}
        empty="No appeals are waiting."
        failed={MODERATION_MESSAGES.appealsLoadFailed}
        loadingLabel="Loading appeals"
      />
      {store.appeals.map((strike) => (
        <AppealCard key={strike.id} strike={strike} busy={store.isBusy(strike.id)} onDecide={(decision) => setDeciding({ strike, decision })} />
      ))}
      <ReasonModal
        maxLength={DECISION_REASON_MAX}
        opened={deciding !== null}
        title={deciding?.decision === 'overturn' ? 'Overturn strike' : 'Uphold strike'}
        message={
          deciding?.decision === 'overturn'
            ? `The strike on ${who} ends now, and anything removed with it is restored.`
            : `The strike on ${who} stays until it ends${deciding?.strike.content_removed ? ', and the removed content is deleted for good' : ''}.`
        }
        confirmLabel={deciding?.decision === 'overturn' ? 'Overturn' : 'Uphold'}
        reasonDescription="The creator is told this reason; it is kept in the audit log."
        danger={deciding?.decision === 'uphold'}
        loading={deciding !== null && store.isBusy(deciding.strike.id)}
        onCancel={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (!deciding) return;
          void store.decideAppeal(deciding.strike, deciding.decision, reason).then(() => setDeciding(null));
        }}
      />
    </Stack>
  );
});

const AuditLog = observer(function AuditLog() {
  const { admin } = useStores();
  const list = admin.moderation.audit;
  return (
    <Stack gap="md">
      <ListState status={list.status} count={list.items.length} empty="No decisions yet." failed={MODERATION_MESSAGES.auditLoadFailed} loadingLabel="Loading the audit log" />
      {list.items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Audit log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Admin</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Content</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.created_at)}</Table.Td>
                  <Table.Td>{entry.admin_username ?? 'Deleted admin'}</Table.Td>
                  <Table.Td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{contentTypeLabel(entry.content_type)}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {entry.content_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.target_username ?? entry.target_user_id ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MoreButton list={list} label="Older entries" />
    </Stack>
  );
});

/**
 * The admin console's Reports panel: the open queue (cases by report count, each with the content as reported, its
 * owner and the reports) with dismiss, remove, strike or both; resolved cases; pending appeals to uphold or overturn;
 * and the audit log of every decision.
 */
export const ModerationPanel = observer(function ModerationPanel() {
  const { admin } = useStores();
  const store = admin.moderation;

  useEffect(() => {
    void store.loadTab(store.tab);
    // The pending appeals are counted on their tab from the start.
    if (store.tab !== 'appeals') void store.loadTab('appeals', { onlyFirst: true });
  }, [store]);

  const refreshing =
    store.tab === 'appeals'
      ? store.appealsStatus === 'loading'
      : (store.tab === 'open' ? store.open : store.tab === 'resolved' ? store.resolved : store.audit).status === 'loading';

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Reports">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Reports
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void store.loadTab()} loading={refreshing}>
            Refresh
          </Button>
        </Group>
        <Tabs value={store.tab} onChange={(value) => value && store.setTab(value as ConsoleTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="open">Open{store.open.status === 'ready' && !store.open.nextCursor ? ` (${store.open.items.length})` : ''}</Tabs.Tab>
            <Tabs.Tab value="resolved">Resolved</Tabs.Tab>
            <Tabs.Tab value="appeals">Appeals{store.appealsStatus === 'ready' ? ` (${store.appeals.length})` : ''}</Tabs.Tab>
            <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="open" pt="md">
            <CasesList status="open" />
          </Tabs.Panel>
          <Tabs.Panel value="resolved" pt="md">
            <CasesList status="resolved" />
          </Tabs.Panel>
          <Tabs.Panel value="appeals" pt="md">
            <AppealsList />
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditLog />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
});

import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { StatusPanel } from './StatusPanel';
import { FeaturesPanel } from './FeaturesPanel';
import { UpdatesPanel } from './UpdatesPanel';
import { ServicesPanel } from './ServicesPanel';
import { PayoutsPanel } from './PayoutsPanel';
import { PartnerApplicationsPanel } from './PartnerApplicationsPanel';
import { AdminsPanel } from './AdminsPanel';
import { AuditLogPanel } from './AuditLogPanel';
import { FeedbackPanel } from './FeedbackPanel';
import { ModerationPanel } from '../../moderation/components/ModerationPanel';

/** The console's tabs, in order; the open one is kept in the URL (`?tab=`), so a reload or a shared link keeps it. */
export const ADMIN_TABS = [
  { value: 'status', label: 'Status' },
  { value: 'updates', label: 'Updates' },
  { value: 'features', label: 'Features' },
  { value: 'services', label: 'Services' },
  { value: 'moderation', label: 'Moderation' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'partners', label: 'Partner applications' },
  { value: 'admins', label: 'Admins' },
  { value: 'audit', label: 'Audit log' },
  { value: 'feedback', label: 'Feedback' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/**
 * The admin console once signed in, one tab per task: Status, then the work queues (reported content with appeals
 * and the moderation audit log, creator payouts, partner applications). Only the open tab is mounted, so each loads
 * its data when it is opened.
 */
export const AdminDashboard = observer(function AdminDashboard() {
  const { admin } = useStores();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AdminTab = ADMIN_TABS.some((t) => t.value === asked) ? (asked as AdminTab) : 'status';

  const open = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(params);
    if (value === 'status') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Admin console
            </Title>
            <Text c="dimmed">Signed in as {admin.username}</Text>
          </div>
          <Button variant="default" onClick={admin.logout}>
            Sign out
          </Button>
        </Group>
        <Tabs value={tab} onChange={open} keepMounted={false}>
          <Tabs.List aria-label="Admin console sections">
            {ADMIN_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="status" pt="md">
            <StatusPanel />
          </Tabs.Panel>
          <Tabs.Panel value="features" pt="md">
            <FeaturesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="updates" pt="md">
            <UpdatesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="services" pt="md">
            <ServicesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="moderation" pt="md">
            <ModerationPanel />
          </Tabs.Panel>
          <Tabs.Panel value="payouts" pt="md">
            <PayoutsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="partners" pt="md">
            <PartnerApplicationsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="admins" pt="md">
            <AdminsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditLogPanel />
          </Tabs.Panel>
          <Tabs.Panel value="feedback" pt="md">
            <FeedbackPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
});

import { observer } from 'mobx-react-lite';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { StatusPanel } from './StatusPanel';
import { PayoutsPanel } from './PayoutsPanel';
import { PartnerApplicationsPanel } from './PartnerApplicationsPanel';
import { ModerationPanel } from '../../moderation/components/ModerationPanel';

/**
 * The admin console once signed in: status, reported content (the moderation queue, appeals and audit log), creator
 * payouts and partner applications. Further panels (updates, feature flags, services) come later.
 */
export const AdminDashboard = observer(function AdminDashboard() {
  const { admin } = useStores();

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
        <StatusPanel />
        <ModerationPanel />
        <PayoutsPanel />
        <PartnerApplicationsPanel />
      </Stack>
    </Container>
  );
});

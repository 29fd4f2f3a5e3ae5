import '@mantine/charts/styles.css';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { LogoutIcon } from '../../../shared/icons';
import type { FounderStore, FounderTab } from '../FounderStore';
import { AnalyticsTab } from './AnalyticsTab';
import { RevenueTab } from './RevenueTab';
import { BankingTab } from './BankingTab';
import { LogoTab } from './LogoTab';
import { SystemTab } from './SystemTab';
import { ControlsTab } from './ControlsTab';

/** Seed 001 §2: the dashboard's six tabs, in order; the open one is kept in the URL (`?tab=`). */
export const FOUNDER_TABS: { value: FounderTab; label: string }[] = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'bank', label: 'Banking' },
  { value: 'logo', label: 'App Logo' },
  { value: 'system', label: 'System' },
  { value: 'controls', label: 'Controls' },
];

/**
 * The founder dashboard once signed in. Only the open tab is mounted, so each reads its figures when it is opened
 * (Analytics was read when the session began).
 */
export const FounderDashboard = observer(function FounderDashboard({ store }: { store: FounderStore }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: FounderTab = FOUNDER_TABS.some((t) => t.value === asked) ? (asked as FounderTab) : 'analytics';

  const open = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(params);
    if (value === 'analytics') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              Founder control
            </Title>
            <Text c="dimmed" size="sm">
              Founder dashboard: the platform&apos;s figures, money, logo and controls.
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate('/')}>
              Back to platform
            </Button>
            <Button color="red" variant="light" leftSection={<LogoutIcon size={16} aria-hidden />} onClick={store.logout}>
              Secure Logout
            </Button>
          </Group>
        </Group>
        <Tabs value={tab} onChange={open} keepMounted={false}>
          <Tabs.List aria-label="Founder dashboard sections" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {FOUNDER_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} style={{ flexShrink: 0 }}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="analytics" pt="md">
            <AnalyticsTab store={store} />
          </Tabs.Panel>
          <Tabs.Panel value="revenue" pt="md">
            <RevenueTab store={store} />
          </Tabs.Panel>
          <Tabs.Panel value="bank" pt="md">
            <BankingTab store={store} />
          </Tabs.Panel>
          <Tabs.Panel value="logo" pt="md">
            <LogoTab store={store} />
          </Tabs.Panel>
          <Tabs.Panel value="system" pt="md">
            <SystemTab store={store} />
          </Tabs.Panel>
          <Tabs.Panel value="controls" pt="md">
            <ControlsTab store={store} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
});

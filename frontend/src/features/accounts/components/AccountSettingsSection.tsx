import { observer } from 'mobx-react-lite';
import { Stack, Tabs, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { SettingsTab } from '../../../stores/UiStore';
import { AccountOverview } from './AccountOverview';
import { AccountsTab } from './AccountsTab';
import { PrivacyTab } from './PrivacyTab';
import { ProfileTab } from './ProfileTab';
import { SettingsTab as SettingsForm } from './SettingsTab';

const TABS: readonly { value: SettingsTab; label: string }[] = [
  { value: 'accounts', label: 'Accounts' },
  { value: 'profile', label: 'Profile' },
  { value: 'settings', label: 'Settings' },
  { value: 'privacy', label: 'Privacy' },
];

/** The Account Settings screen (seed 000 §2): accounts, profile, settings and privacy. */
export const AccountSettingsSection = observer(function AccountSettingsSection() {
  const { ui } = useStores();

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Account Settings
      </Title>
      <Tabs value={ui.settingsTab} onChange={(tab) => tab && ui.setSettingsTab(tab as SettingsTab)} keepMounted={false}>
        <Tabs.List mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="accounts">
          <Stack gap="lg">
            <AccountOverview />
            <AccountsTab />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsForm />
        </Tabs.Panel>
        <Tabs.Panel value="privacy">
          <PrivacyTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

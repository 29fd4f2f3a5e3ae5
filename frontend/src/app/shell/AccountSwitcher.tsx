import { observer } from 'mobx-react-lite';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStores } from '../../stores/StoreProvider';
import { UserPlusIcon, UsersIcon } from '../../shared/icons';
import { AccountAvatar } from '../../features/accounts/components/AccountAvatar';
import { useSectionNavigation } from '../../stores/useSectionNavigation';

/** The header's account switcher (seed 000 §2): the other accounts, Add account, Manage accounts. */
export const AccountSwitcher = observer(function AccountSwitcher() {
  const { accounts, auth, ui } = useStores();
  const { openSettings } = useSectionNavigation();
  const active = accounts.activeAccount;
  const name = active?.display_name ?? auth.user?.display_name ?? '';

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        {/* The photo, or a person icon: no initials as text in a button named Switch account (WCAG 2.5.3). */}
        <UnstyledButton aria-label="Switch account" title={name}>
          <Avatar radius="xl" color="indigo" size={34} src={active?.profile_photo_url ?? undefined} alt={active?.profile_photo_url ? `Photo of ${active.display_name}` : undefined} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {active && (
          <Group gap="sm" px="sm" py="xs" wrap="nowrap">
            <AccountAvatar account={active} size="md" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {active.display_name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                @{active.handle}
              </Text>
            </Stack>
          </Group>
        )}
        {accounts.otherAccounts.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Switch to</Menu.Label>
            {accounts.otherAccounts.map((account) => (
              <Menu.Item
                key={account.id}
                leftSection={<AccountAvatar account={account} size="sm" aria-hidden />}
                disabled={accounts.isBusy(account.id)}
                onClick={() => void accounts.switchTo(account.id)}
              >
                {account.display_name}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<UserPlusIcon size={16} />} onClick={ui.openAddAccount}>
          Add account
        </Menu.Item>
        <Menu.Item leftSection={<UsersIcon size={16} />} onClick={() => openSettings('accounts')}>
          Manage accounts
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});

import { observer } from 'mobx-react-lite';
import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useStores } from '../../../app/StoreProvider';
import { ChevronDownIcon } from '../../../shared/icons';

/** The signed-in user's menu in the top bar: who is signed in, and the two ways to sign out. */
export const UserMenu = observer(function UserMenu() {
  const { auth } = useStores();
  const user = auth.user;
  if (!user) return null;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={
            <Avatar size="sm" radius="xl" color="indigo">
              {user.display_name.slice(0, 2).toUpperCase()}
            </Avatar>
          }
          rightSection={<ChevronDownIcon size={14} />}
          aria-label={`Account menu for ${user.display_name}`}
        >
          <Text size="sm" fw={500} visibleFrom="xs">
            {user.display_name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.display_name}</Menu.Label>
        <Menu.Item onClick={auth.logout}>Sign out</Menu.Item>
        <Menu.Item color="red" disabled={auth.signOutEverywherePending} onClick={() => void auth.logoutEverywhere()}>
          Sign out of all devices
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});

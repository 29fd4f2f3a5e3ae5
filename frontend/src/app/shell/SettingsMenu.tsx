import { observer } from 'mobx-react-lite';
import { ActionIcon, Menu } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { PATHS } from '../../shared/paths';
import {
  ChannelIcon,
  HelpIcon,
  LogoutIcon,
  MessageIcon,
  MoonIcon,
  SettingsIcon,
  SunIcon,
} from '../../shared/icons';
import { useSectionNavigation } from '../../stores/useSectionNavigation';
import { useColorSchemeToggle } from './useColorSchemeToggle';

/** The header's settings menu (seed 000 §2). */
export const SettingsMenu = observer(function SettingsMenu() {
  const { auth, ui } = useStores();
  const navigate = useNavigate();
  const { openSection, openSettings } = useSectionNavigation();
  const scheme = useColorSchemeToggle();

  const signOut = () => {
    auth.logout();
    navigate(PATHS.home);
  };

  return (
    <Menu position="bottom-end" width={230} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings menu">
          <SettingsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<ChannelIcon size={16} />} onClick={() => openSettings('accounts')}>
          Your channel
        </Menu.Item>
        <Menu.Item leftSection={<SettingsIcon size={16} />} onClick={() => openSettings('settings')}>
          Settings
        </Menu.Item>
        <Menu.Item
          leftSection={scheme.next === 'dark' ? <MoonIcon size={16} /> : <SunIcon size={16} />}
          onClick={scheme.toggle}
        >
          {scheme.label}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<HelpIcon size={16} />} onClick={() => openSection('help')}>
          Help &amp; feedback
        </Menu.Item>
        <Menu.Item leftSection={<MessageIcon size={16} />} onClick={ui.openFeedback}>
          Send feedback
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});

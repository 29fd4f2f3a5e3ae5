import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { PATHS } from '../../shared/paths';
import { FilmIcon } from '../../shared/icons';
import { AddAccountModal } from '../../features/accounts/components/AddAccountModal';
import { SendFeedbackModal } from '../../features/feedback/components/SendFeedbackModal';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import { HEADER_SECTIONS } from './headerActions';
import { registeredSection } from './sections';
import { useSectionNavigation } from '../../stores/useSectionNavigation';
import { AccountSwitcher } from './AccountSwitcher';
import { CreateMenu } from './CreateMenu';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { SettingsMenu } from './SettingsMenu';

/**
 * The header bar of seed 000 §2 on every signed-in page: logo, search, Cinema room (once it exists), Create,
 * the notifications bell, the account switcher and the settings menu. It loads the accounts, and holds the dialogs its
 * menus open.
 */
export const SignedInHeader = observer(function SignedInHeader({ navToggle }: { navToggle?: ReactNode }) {
  const { accounts, ui } = useStores();
  const { openSection } = useSectionNavigation();
  const cinema = registeredSection(HEADER_SECTIONS.cinema);

  useEffect(() => {
    accounts.ensureLoaded();
  }, [accounts]);

  return (
    <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {navToggle}
        <Logo onClick={() => ui.setSection('home')} />
      </Group>
      <Group gap="xs" wrap="nowrap" justify="flex-end" flex={1}>
        <HeaderSearch />
        {cinema && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<FilmIcon size={16} />}
            onClick={() => openSection(cinema)}
            visibleFrom="md"
          >
            Cinema room
          </Button>
        )}
        <CreateMenu />
        <NotificationsBell />
        <AccountSwitcher />
        <SettingsMenu />
      </Group>
      <AddAccountModal />
      <SendFeedbackModal />
    </Group>
  );
});

/** Visitors see the logo and only a Sign In button (seed 000 §1, §2). */
export const PublicHeader = observer(function PublicHeader() {
  const { auth, ui } = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const signIn = () => {
    auth.clearFormMessages();
    ui.openAuthPanel('login');
    if (pathname !== PATHS.home) navigate(PATHS.home);
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Logo />
      <Button onClick={signIn}>Sign In</Button>
    </Group>
  );
});

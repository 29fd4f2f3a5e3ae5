import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { PATHS, signInPath } from '../../shared/paths';
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
 * menus open. On a phone (down to 360 px wide) it fits whole: the search and Create shrink to icons.
 */
export const SignedInHeader = observer(function SignedInHeader({ navToggle }: { navToggle?: ReactNode }) {
  const { accounts, ui } = useStores();
  const { openSection } = useSectionNavigation();
  const cinema = registeredSection(HEADER_SECTIONS.cinema);

  useEffect(() => {
    accounts.ensureLoaded();
  }, [accounts]);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {navToggle}
        <Logo onClick={() => ui.setSection('home')} />
      </Group>
      <Group gap={8} wrap="nowrap" justify="flex-end" flex={1}>
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

/**
 * Visitors see the logo, the search (what is public can be searched without an account) and Sign In, the header's only
 * account control (seed 000 §1, §2); signing in returns them to the page they were on.
 * In the shell, the navigation toggle comes first on small screens.
 */
export const PublicHeader = observer(function PublicHeader({ navToggle }: { navToggle?: ReactNode }) {
  const { auth, ui } = useStores();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();

  const signIn = () => {
    auth.clearFormMessages();
    ui.openAuthPanel('login');
    if (pathname !== PATHS.signIn) navigate(signInPath(`${pathname}${search}${hash}`));
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {navToggle}
        <Logo onClick={() => ui.setSection('home')} />
      </Group>
      <Group gap={8} wrap="nowrap" justify="flex-end" flex={1}>
        <HeaderSearch />
        <Button onClick={signIn}>Sign In</Button>
      </Group>
    </Group>
  );
});

import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { AppShell, Box, Burger, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useStores } from '../../../app/StoreProvider';
import { PATHS } from '../../../app/paths';
import { useKeySequence } from '../../../shared/useKeySequence';
import { NAV_GROUPS, visibleNavGroups } from '../navigation';
import { SECTION_COMPONENTS } from '../sections';
import { VideoDialog } from '../../videos/components/VideoDialog';
import { PaymentProcessingOverlay } from '../../payments/components/PaymentProcessingOverlay';
import { SignedInHeader } from './AppHeader';
import { AppFooter } from './AppFooter';

/** Typing this word while signed in opens the hidden founder route (seed 002 §2.1). */
export const FOUNDER_KEY_WORD = 'scrivener';

/** The signed-in shell (seed 002 §2.2): header bar (seed 000 §2), side navigation, the active section, the footer. */
export const SignedInShell = observer(function SignedInShell() {
  const { ui, auth } = useStores();
  const navigate = useNavigate();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const openFounderControl = useCallback(() => navigate(PATHS.founderControl), [navigate]);
  useKeySequence(FOUNDER_KEY_WORD, openFounderControl);

  const groups = visibleNavGroups(NAV_GROUPS, { isAdmin: auth.user?.is_admin ?? false });
  const Section = SECTION_COMPONENTS[ui.activeSection];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <SignedInHeader
          navToggle={
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
          }
        />
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Sections">
        <ScrollArea>
          {groups.map((group) => (
            <Box key={group.id} mb="sm" role="group" aria-label={group.label ?? 'Main'}>
              {group.label && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                  {group.label}
                </Text>
              )}
              {group.items.map((item) => {
                const Icon = item.icon;
                return (
                  <NavLink
                    key={item.section}
                    component="button"
                    type="button"
                    label={item.label}
                    leftSection={<Icon />}
                    active={ui.activeSection === item.section}
                    aria-current={ui.activeSection === item.section ? 'page' : undefined}
                    onClick={() => {
                      ui.setSection(item.section);
                      closeNav();
                    }}
                  />
                );
              })}
            </Box>
          ))}
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main>
        <Section />
        <AppFooter />
      </AppShell.Main>
      <VideoDialog />
      <PaymentProcessingOverlay />
    </AppShell>
  );
});

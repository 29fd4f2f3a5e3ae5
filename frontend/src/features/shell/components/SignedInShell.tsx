import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useStores } from '../../../app/StoreProvider';
import { PATHS } from '../../../app/paths';
import { LogoMark } from '../../../shared/icons';
import { useKeySequence } from '../../../shared/useKeySequence';
import { visibleNavGroups } from '../navigation';
import { SECTION_COMPONENTS } from '../sections';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { UserMenu } from './UserMenu';

/** Typing this word while signed in opens the hidden founder route (seed 002 §2.1). */
export const FOUNDER_KEY_WORD = 'scrivener';

/** The signed-in shell (seed 002 §2.2): top bar, side navigation, and the active section. */
export const SignedInShell = observer(function SignedInShell() {
  const { ui } = useStores();
  const navigate = useNavigate();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const openFounderControl = useCallback(() => navigate(PATHS.founderControl), [navigate]);
  useKeySequence(FOUNDER_KEY_WORD, openFounderControl);

  const groups = visibleNavGroups();
  const Section = SECTION_COMPONENTS[ui.activeSection];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <LogoMark size={26} />
            <Text fw={700} size="lg">
              Scriven
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
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
      </AppShell.Main>
    </AppShell>
  );
});

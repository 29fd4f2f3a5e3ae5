import { Fragment, useMemo, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { AppShell, Box, Burger, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useStores } from '../../stores/StoreProvider';
import { PATHS } from '../../shared/paths';
import { NAV_GROUPS, featureOfSection, visibleNavGroups } from './navigation';
import { FeatureOff } from '../../features/features/components/FeatureOff';
import { SECTION_COMPONENTS } from './sections';
import { VideoDialog } from '../../features/videos/components/VideoDialog';
import { PaymentProcessingOverlay } from '../../features/payments/components/PaymentProcessingOverlay';
import { PublicHeader, SignedInHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { AppUpdatedBanner } from './AppUpdatedBanner';
import { InstallAppGroup } from '../../features/install/InstallAppGroup';

/** Typing this word while signed in opens the hidden founder route (seed 002 §2.1). */
export const FOUNDER_KEY_WORD = 'scrivener';

/** True when the key press is typing into a field, which must not count towards the word. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onTyped` when the letters of FOUNDER_KEY_WORD are typed in order anywhere on the page (outside fields, any
 * case); any other key starts the word again. Not a hotkey: useHotkeys matches one key (with exact modifiers) at a time.
 */
function useFounderKeyWord(onTyped: () => void): void {
  const typed = useRef('');
  useWindowEvent('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || isTypingTarget(event.target)) return;
    typed.current = (typed.current + event.key.toLowerCase()).slice(-FOUNDER_KEY_WORD.length);
    if (typed.current === FOUNDER_KEY_WORD) {
      typed.current = '';
      onTyped();
    }
  });
}

/** The side navigation: the working sections in their groups, the active one marked. */
const SideNavigation = observer(function SideNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { ui, auth, features } = useStores();
  const groups = visibleNavGroups(NAV_GROUPS, { isAdmin: auth.user?.is_admin ?? false, signedIn: auth.user !== null, isEnabled: features.isEnabled });

  return (
    <ScrollArea>
      {groups.map((group) => (
        <Fragment key={group.id}>
          <Box mb="sm" role="group" aria-label={group.label ?? 'Main'}>
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
                    onNavigate();
                  }}
                />
              );
            })}
          </Box>
          {/* The install app group (seed 002 §2.2) comes after the main one, while the browser offers to install. */}
          {group.id === 'main' && <InstallAppGroup onInstall={onNavigate} />}
        </Fragment>
      ))}
    </ScrollArea>
  );
});

/** The section the store has chosen. */
const ActiveSection = observer(function ActiveSection() {
  const { ui, features } = useStores();
  const Section = SECTION_COMPONENTS[ui.activeSection];
  // A section of a feature switched off (reached by a link or a section opened before the switch) says so.
  const feature = featureOfSection(ui.activeSection);
  if (feature && !features.isEnabled(feature)) return <FeatureOff title={NAV_GROUPS.flatMap((g) => g.items).find((i) => i.section === ui.activeSection)?.label} />;
  return <Section />;
});

/** The header bar of the shell: the signed-in user's (seed 000 §2), or a visitor's with Sign In. */
const ShellHeader = observer(function ShellHeader({ navToggle }: { navToggle: ReactNode }) {
  const { auth } = useStores();
  return auth.user ? <SignedInHeader navToggle={navToggle} /> : <PublicHeader navToggle={navToggle} />;
});

/**
 * The app's shell (seed 002 §2.2): header bar (seed 000 §2), side navigation, the active section, the footer. A
 * visitor gets the same shell with the sections they can browse (home, Shorts, Cinema) and Sign In in the header.
 * Switching sections re-renders the navigation and the main area only, not the header.
 */
export function SignedInShell() {
  const navigate = useNavigate();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { auth } = useStores();
  // Signed in only: visitors browse in this shell too.
  useFounderKeyWord(() => {
    if (auth.user) navigate(PATHS.founderControl);
  });
  const navToggle = useMemo(
    () => <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />,
    [navOpened, toggleNav],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader navToggle={navToggle} />
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Sections">
        <SideNavigation onNavigate={closeNav} />
      </AppShell.Navbar>

      <AppShell.Main>
        {/* At least a screen tall, so the footer never jumps down in sight as a section's data arrives. */}
        <Box mih="calc(100dvh - 60px)">
          <AppUpdatedBanner />
          <ActiveSection />
        </Box>
        <AppFooter />
      </AppShell.Main>
      <VideoDialog />
      <PaymentProcessingOverlay />
    </AppShell>
  );
}

import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { AppShell, Box, Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PublicHeader, SignedInHeader } from './AppHeader';
import { AppFooter } from './AppFooter';

/**
 * A page of its own route (help, legal, monetization): the header as the visitor or user sees it, and the footer.
 * As a layout route it shows the matched child route; otherwise its children. Watch and channel pages are wider (`size`).
 */
export const PageLayout = observer(function PageLayout({ children, size = 'md' }: { children?: ReactNode; size?: 'md' | 'lg' | 'xl' | '100%' }) {
  const { auth } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>{auth.user ? <SignedInHeader /> : <PublicHeader />}</AppShell.Header>
      <AppShell.Main>
        <Container size={size} py="lg">
          {/* At least a screen tall: the footer starts below the fold, so a page that fills in as its data arrives
              does not push it down in sight (a layout shift). */}
          <Box mih="calc(100dvh - 60px)">{children ?? <Outlet />}</Box>
          <AppFooter />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
});

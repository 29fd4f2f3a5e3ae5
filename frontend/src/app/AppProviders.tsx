import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StoreProvider } from '../stores/StoreProvider';
import type { RootStore } from '../stores/RootStore';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  store: RootStore;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** Theme, toasts and stores around the app (and around each test). */
export function AppProviders({ store, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Notifications position="top-right" />
      <StoreProvider store={store}>{children}</StoreProvider>
    </MantineProvider>
  );
}

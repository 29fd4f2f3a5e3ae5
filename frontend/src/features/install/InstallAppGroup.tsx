import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Box, NavLink, Text } from '@mantine/core';
import type { IconProps } from '../../shared/icons';
import { INSTALL_MESSAGES, installStore, type InstallStore } from './InstallStore';

/** A download arrow into a tray. */
export function InstallIcon({ size = 18, ...props }: IconProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d="M12 4v11" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 20h14" />
    </svg>
  );
}

/**
 * The side navigation's "install app" group (seed 002 §2.2): shown only while the browser offers to install the app
 * and it is not installed; "Install app" opens the browser's install dialog.
 */
export const InstallAppGroup = observer(function InstallAppGroup({ store = installStore, onInstall }: { store?: InstallStore; onInstall?: () => void }) {
  useEffect(() => store.attach(window), [store]);
  if (!store.canInstall) return null;
  return (
    <Box mb="sm" role="group" aria-label={INSTALL_MESSAGES.group}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
        {INSTALL_MESSAGES.group}
      </Text>
      <NavLink
        component="button"
        type="button"
        label={INSTALL_MESSAGES.install}
        description="Open it from your home screen, even offline"
        leftSection={<InstallIcon />}
        onClick={() => {
          onInstall?.();
          void store.install();
        }}
      />
    </Box>
  );
});

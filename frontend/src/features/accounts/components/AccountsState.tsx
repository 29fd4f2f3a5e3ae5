import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { AccountDto } from '../types';

/** Shows `children` with the active account once the accounts are loaded; a spinner or a retry before. */
export const WithActiveAccount = observer(function WithActiveAccount({
  children,
}: {
  children: (active: AccountDto) => ReactNode;
}) {
  const { accounts } = useStores();
  const active = accounts.activeAccount;
  if (active) return <>{children(active)}</>;
  if (accounts.status === 'error') return <LoadFailed />;
  return (
    <Center py="xl" role="status" aria-label="Loading accounts">
      <Loader />
    </Center>
  );
});

export const LoadFailed = observer(function LoadFailed() {
  const { accounts } = useStores();
  return (
    <Alert color="red" title="Failed to load accounts">
      <Button mt="sm" variant="light" color="red" onClick={() => void accounts.load()}>
        Try again
      </Button>
    </Alert>
  );
});

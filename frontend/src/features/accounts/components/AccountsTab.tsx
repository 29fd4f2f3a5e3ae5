import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { PlusIcon } from '../../../shared/icons';
import { ACCOUNT_MESSAGES } from '../messages';
import { ACCOUNT_TYPE_OPTIONS, optionLabel, type AccountDto } from '../types';
import { AccountAvatar } from './AccountAvatar';
import { ActiveAccountCard } from './ActiveAccountCard';
import { WithActiveAccount } from './AccountsState';

/** The accounts tab: every account with its badges, switch and delete, the Add Account button and the Active Account card. */
export const AccountsTab = observer(function AccountsTab() {
  const { accounts, ui } = useStores();
  const [toDelete, setToDelete] = useState<AccountDto | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    await accounts.remove(toDelete.id);
    setToDelete(null);
  };

  return (
    <WithActiveAccount>
      {(active) => (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Your accounts
                  </Title>
                  <Button leftSection={<PlusIcon size={16} />} onClick={ui.openAddAccount}>
                    Add Account
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  Each account is a channel with its own name, handle, photo and settings. What you publish belongs to
                  the active account. You can have up to 10.
                </Text>
                <Stack component="ul" gap="sm" p={0} m={0} aria-label="Your accounts" style={{ listStyle: 'none' }}>
                  {accounts.accounts.map((account) => (
                    <Paper
                      key={account.id}
                      component="li"
                      withBorder
                      p="md"
                      radius="md"
                      aria-label={account.display_name}
                    >
                      <Group justify="space-between" wrap="nowrap" align="center">
                        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                          <AccountAvatar account={account} size="lg" />
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Group gap={6}>
                              <Text fw={600} truncate>
                                {account.display_name}
                              </Text>
                              {account.is_primary && <Badge variant="light">Primary</Badge>}
                              {account.id === active.id && <Badge color="teal">Active</Badge>}
                            </Group>
                            <Text size="sm" c="dimmed" truncate>
                              @{account.handle} · {optionLabel(ACCOUNT_TYPE_OPTIONS, account.account_type)}
                            </Text>
                          </Stack>
                        </Group>
                        <Group gap="xs" wrap="nowrap">
                          {account.id !== active.id && (
                            <Button
                              variant="light"
                              size="xs"
                              loading={accounts.isBusy(account.id)}
                              onClick={() => void accounts.switchTo(account.id)}
                            >
                              Switch
                            </Button>
                          )}
                          {!account.is_primary && (
                            <Button
                              variant="subtle"
                              color="red"
                              size="xs"
                              disabled={accounts.isBusy(account.id)}
                              onClick={() => setToDelete(account)}
                            >
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ActiveAccountCard account={active} />
            </Grid.Col>
          </Grid>
          <ConfirmModal
            opened={toDelete !== null}
            title="Delete account"
            message={ACCOUNT_MESSAGES.deleteConfirmation}
            confirmLabel="Confirm"
            danger
            loading={toDelete !== null && accounts.isBusy(toDelete.id)}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setToDelete(null)}
          >
            {toDelete && (
              <Text size="sm" c="dimmed">
                {toDelete.display_name} (@{toDelete.handle}) and everything it published will be removed. This cannot be
                undone.
              </Text>
            )}
          </ConfirmModal>
        </>
      )}
    </WithActiveAccount>
  );
});

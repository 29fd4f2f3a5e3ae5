import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { WithActiveAccount } from './AccountsState';
import { DeleteMeModal } from './DeleteMeModal';
import { PrivacyCheckupModal } from './PrivacyCheckupModal';

/** The privacy tab: Download Your Data, Privacy Checkup and Delete Account. */
export const PrivacyTab = observer(function PrivacyTab() {
  const { accounts } = useStores();
  const [checkupOpen, setCheckupOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <WithActiveAccount>
      {(active) => (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Card withBorder padding="lg" radius="md" component="section" aria-label="Your data">
              <Stack gap="sm" align="flex-start" h="100%">
                <Title order={2} size="h4">
                  Your data
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  A JSON file with everything Scriven stores about you: your profile, every channel with its settings,
                  and the feedback you sent.
                </Text>
                <Button variant="light" loading={accounts.exportPending} onClick={() => void accounts.exportData()}>
                  Download Your Data
                </Button>
              </Stack>
            </Card>
            <Card withBorder padding="lg" radius="md" component="section" aria-label="Privacy checkup">
              <Stack gap="sm" align="flex-start" h="100%">
                <Title order={2} size="h4">
                  Who sees what
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  Walk through who can see {active.display_name}, its videos, and who can comment, step by step.
                </Text>
                <Button variant="light" onClick={() => setCheckupOpen(true)}>
                  Privacy Checkup
                </Button>
              </Stack>
            </Card>
            <Card withBorder padding="lg" radius="md" component="section" aria-label="Delete your account">
              <Stack gap="sm" align="flex-start" h="100%">
                <Title order={2} size="h4" c="red">
                  Delete your account
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  Deletes your sign-in, every channel and everything they published. This cannot be undone.
                </Text>
                <Button color="red" variant="light" onClick={() => setDeleteOpen(true)}>
                  Delete Account
                </Button>
              </Stack>
            </Card>
          </SimpleGrid>
          <PrivacyCheckupModal
            key={active.id}
            opened={checkupOpen}
            onClose={() => setCheckupOpen(false)}
            account={active}
          />
          <DeleteMeModal opened={deleteOpen} onClose={() => setDeleteOpen(false)} />
        </>
      )}
    </WithActiveAccount>
  );
});

import { observer } from 'mobx-react-lite';
import { Button, Center, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { SettingsIcon } from '../../shared/icons';
import type { MaintenanceStore } from './MaintenanceStore';
import { MAINTENANCE_MESSAGES } from './messages';

/** The full-page notice while the instance is down for maintenance. */
export const MaintenanceScreen = observer(function MaintenanceScreen({ store }: { store: MaintenanceStore }) {
  const checking = store.check === 'checking';
  const status =
    store.check === 'still_down' ? MAINTENANCE_MESSAGES.stillDown : store.check === 'unreachable' ? MAINTENANCE_MESSAGES.unreachable : MAINTENANCE_MESSAGES.autoCheck;
  return (
    <Center component="main" mih="100dvh" p="md">
      <Container size={520} w="100%" px={0}>
        <Paper withBorder radius="md" p="xl" shadow="sm">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <SettingsIcon size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {MAINTENANCE_MESSAGES.title}
            </Title>
            <Text>{store.detail}</Text>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {status}
            </Text>
            <Button onClick={() => void store.recheck()} loading={checking} disabled={checking}>
              {checking ? MAINTENANCE_MESSAGES.checking : MAINTENANCE_MESSAGES.tryAgain}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
});

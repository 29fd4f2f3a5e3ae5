import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { LockIcon } from '../../../shared/icons';

/** `/founder`: a locked notice (seed 002 §2.1). */
export function FounderLockedPage() {
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={460}>
        <Stack align="center" gap="md">
          <LockIcon size={40} />
          <Title order={1} size="h3" ta="center">
            Founder area locked
          </Title>
          <Text ta="center" c="dimmed">
            Ultra-secure access is required to enter the founder area.
          </Text>
          <Button variant="default" onClick={() => navigate('/')}>
            Back to platform
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

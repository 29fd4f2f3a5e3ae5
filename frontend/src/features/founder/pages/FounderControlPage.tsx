import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { LockIcon } from '../../../shared/icons';

/**
 * The hidden founder route. Founder sign-in (a separate, short-lived founder token) is not built
 * yet, so this page shows no figures: it says so plainly instead of inventing numbers.
 */
export function FounderControlPage() {
  const navigate = useNavigate();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            Founder control
          </Title>
          <Button variant="default" onClick={() => navigate('/')}>
            Back to platform
          </Button>
        </Group>
        <Alert color="gray" icon={<LockIcon />} title="Founder sign-in is not set up">
          <Text size="sm">
            Founder sign-in is not yet set up on this instance. Once a founder account has been created on the
            server, the founder dashboard will be available here after signing in.
          </Text>
        </Alert>
      </Stack>
    </Container>
  );
}

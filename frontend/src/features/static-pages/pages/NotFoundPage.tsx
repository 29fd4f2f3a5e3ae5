import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';

/** Any unknown path (seed 002 §2.16). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1}>404 - Page Not Found</Title>
        <Text c="dimmed">The page you&apos;re looking for doesn&apos;t exist.</Text>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </Stack>
    </Center>
  );
}

import { observer } from 'mobx-react-lite';
import { Alert, Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../stores/StoreProvider';
import { PublicHeader } from '../shell/AppHeader';
import { AppFooter } from '../shell/AppFooter';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { RegisterForm } from '../../features/auth/components/RegisterForm';
import type { AuthPanel } from '../../stores/UiStore';
import { FEATURE_MESSAGES } from '../../features/features/FeaturesStore';

const OFFERS = ['Long videos and shorts', 'Music and podcasts', 'Live streams with chat', 'Earnings for creators'];

/** `/` for visitors: what Scriven is, and the sign-in and registration forms. */
export const LandingPage = observer(function LandingPage() {
  const { auth, ui, features } = useStores();
  const registration = features.isEnabled('registration');

  const open = (panel: AuthPanel) => {
    auth.clearFormMessages();
    ui.openAuthPanel(panel);
  };

  return (
    <Box mih="100vh" py="md">
      <Container size="lg">
        <Box component="header" h={60} mb="xl">
          <PublicHeader />
        </Box>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg" py={{ base: 0, md: 'xl' }}>
            <Title order={1}>Your own home for video</Title>
            <Text size="lg" c="dimmed">
              Scriven is a video platform you can host yourself: long videos, shorts, music, podcasts and live
              streams in one place, on your own server. Creators can earn from what they publish.
            </Text>
            <List spacing={4}>
              {OFFERS.map((offer) => (
                <List.Item key={offer}>{offer}</List.Item>
              ))}
            </List>
            <Group>
              {registration && (
                <Button size="md" onClick={() => open('register')}>
                  Create account
                </Button>
              )}
              <Button size="md" variant="default" onClick={() => open('login')}>
                Sign in
              </Button>
            </Group>
          </Stack>

          {ui.authPanel && (
            <Paper withBorder shadow="sm" p="lg" radius="md">
              {ui.authPanel === 'login' ? (
                <LoginForm />
              ) : registration ? (
                <RegisterForm />
              ) : (
                <Alert color="gray" variant="light" role="status" title="Create account">
                  {FEATURE_MESSAGES.registrationClosed}
                </Alert>
              )}
            </Paper>
          )}
        </SimpleGrid>
        <AppFooter />
      </Container>
    </Box>
  );
});

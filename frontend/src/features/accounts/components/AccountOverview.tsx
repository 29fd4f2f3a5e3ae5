import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';

/** The signed-in user's own account (from /api/me) and Sign out of all devices: in Account Settings, not on the home page. */
export const AccountOverview = observer(function AccountOverview() {
  const { auth } = useStores();
  const user = auth.user;
  if (!user) return null;
  const contact = user.email
    ? { label: 'Email', value: user.email }
    : user.phone_number
      ? { label: 'Phone number', value: user.phone_number }
      : null;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={960}>
      <Card withBorder padding="lg" radius="md" component="section" aria-label="Your account">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Display name
              </Text>
              <Text size="lg" fw={600}>
                {user.display_name}
              </Text>
            </div>
            <Group gap={6}>
              {user.is_premium && <Badge color="yellow">Premium</Badge>}
              {user.creator_program && <Badge color="grape">Creator program</Badge>}
              {user.is_admin && <Badge color="red">Admin</Badge>}
            </Group>
          </Group>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Name
            </Text>
            <Text>
              {user.first_name} {user.last_name}
            </Text>
          </div>
          {contact && (
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {contact.label}
              </Text>
              <Text>{contact.value}</Text>
            </div>
          )}
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Member since
            </Text>
            <Text>{formatDate(user.created_at)}</Text>
          </div>
          {user.is_premium && user.premium_expires && (
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Premium until
              </Text>
              <Text>{formatDate(user.premium_expires)}</Text>
            </div>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="lg" radius="md" component="section" aria-label="Security">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            Security
          </Title>
          <Text size="sm" c="dimmed">
            Signed in on a device you no longer use? Sign out everywhere: every session of your account ends,
            including this one.
          </Text>
          <Button
            color="red"
            variant="light"
            loading={auth.signOutEverywherePending}
            onClick={() => void auth.logoutEverywhere()}
          >
            Sign out of all devices
          </Button>
        </Stack>
      </Card>
    </SimpleGrid>
  );
});

import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../shared/format';
import { ACCOUNT_TYPE_OPTIONS, optionLabel, type AccountDto } from '../types';
import { AccountAvatar } from './AccountAvatar';

/** The Active Account side card (seed 000 §2): photo, name, type, handle, bio and created date. */
export function ActiveAccountCard({ account }: { account: AccountDto }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Active Account">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} size="h5" c="dimmed" tt="uppercase">
          Active Account
        </Title>
        <AccountAvatar account={account} size={96} />
        <Stack gap={2} align="center">
          <Text fw={700} size="lg">
            {account.display_name}
          </Text>
          <Text size="sm" c="dimmed">
            @{account.handle}
          </Text>
        </Stack>
        <Group gap={6} justify="center">
          <Badge variant="light">{optionLabel(ACCOUNT_TYPE_OPTIONS, account.account_type)}</Badge>
        </Group>
        {account.bio && <Text size="sm">{account.bio}</Text>}
        <Text size="xs" c="dimmed">
          Created {formatDate(account.created_at)}
        </Text>
      </Stack>
    </Card>
  );
}

import { observer } from 'mobx-react-lite';
import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../shared/format';
import type { UserCard } from '../types';
import { FollowButton } from './FollowButton';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function initials(card: UserCard): string {
  const source = card.full_name.trim() || card.username;
  return source
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A user card (seed 002 §3): username, full name, the Premium and Creator badges, followers, following and how much
 * they published, and the Follow button (none on the viewer's own card).
 */
export const UserCardItem = observer(function UserCardItem({ user }: { user: UserCard }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={user.username}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={user.photo_url} alt="" radius="xl" size="lg" color="indigo">
          {initials(user)}
        </Avatar>
        <Stack gap={2} flex={1} miw={0}>
          <Text fw={700} truncate>
            {user.username}
          </Text>
          {user.full_name && (
            <Text size="sm" c="dimmed" truncate>
              {user.full_name}
            </Text>
          )}
          {(user.is_premium || user.creator_program || user.is_self) && (
            <Group gap={4} mt={2}>
              {user.is_premium && (
                <Badge size="xs" color="yellow" variant="light">
                  Premium
                </Badge>
              )}
              {user.creator_program && (
                <Badge size="xs" color="grape" variant="light">
                  Creator
                </Badge>
              )}
              {user.is_self && (
                <Badge size="xs" color="gray" variant="outline">
                  You
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        <FollowButton userId={user.id} following={user.is_following} username={user.username} />
      </Group>
      <Group gap="md" mt="sm">
        <Text size="xs" c="dimmed">
          {plural(user.followers_count, 'follower', 'followers')}
        </Text>
        <Text size="xs" c="dimmed">
          {formatCount(user.following_count)} following
        </Text>
        <Text size="xs" c="dimmed">
          {plural(user.content_stats.total, 'upload', 'uploads')}
        </Text>
      </Group>
    </Card>
  );
});

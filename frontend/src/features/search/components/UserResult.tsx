import { observer } from 'mobx-react-lite';
import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount } from '../../../shared/format';
import { FollowButton } from '../../social/components/FollowButton';
import type { UserSearchItem } from '../types';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/**
 * A person found (seed 002 §3): username, full name, followers, the Premium and Creator badges, and Follow. After a
 * Follow or Unfollow here, the follower count moves by one with it.
 */
export const UserResult = observer(function UserResult({ user }: { user: UserSearchItem }) {
  const { social } = useStores();
  const following = social.isFollowing(user.id, user.is_following);
  const followers = Math.max(0, user.followers_count + (following === user.is_following ? 0 : following ? 1 : -1));
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={user.username}>
      <Group wrap="nowrap" gap="sm">
        <Avatar src={user.photo_url} alt="" radius="xl" color="indigo">
          {initials(user.full_name || user.username)}
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} truncate>
              {user.username}
            </Text>
            {user.is_premium && (
              <Badge size="xs" color="yellow">
                Premium
              </Badge>
            )}
            {user.creator_program && (
              <Badge size="xs" color="grape" variant="light">
                Creator
              </Badge>
            )}
          </Group>
          {user.full_name && (
            <Text size="sm" c="dimmed" truncate>
              {user.full_name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatCount(followers)} {followers === 1 ? 'follower' : 'followers'}
          </Text>
        </Stack>
        {!user.is_self && <FollowButton userId={user.id} following={user.is_following} username={user.username} />}
      </Group>
    </Card>
  );
});

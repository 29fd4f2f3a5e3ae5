import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Center, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { PlusIcon } from '../../../shared/icons';
import { CreatePostDialog } from './CreatePostDialog';
import { PostCard } from './PostCard';
import { COMMUNITY_MESSAGES, POST_TYPES } from './messages';
import type { PostType } from './types';

const TYPE_FILTERS = [{ value: 'all', label: 'All' }, ...POST_TYPES.map(({ value, label }) => ({ value, label }))];

const PostList = observer(function PostList() {
  const { community } = useStores();
  const list = community.posts;
  if (list.status === 'loading' || list.status === 'idle') {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading posts" />
      </Center>
    );
  }
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text>{COMMUNITY_MESSAGES.loadFailed}</Text>
          <Button variant="default" onClick={() => void community.load()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (list.items.length === 0) {
    return (
      <Center py={48}>
        <Stack align="center" gap={6} ta="center">
          <Title order={3}>No posts yet</Title>
          <Text c="dimmed">{community.game || community.type ? 'Nothing matches these filters.' : 'Start the conversation!'}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap="md" component="section" aria-label="Community posts">
        {list.items.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </Stack>
      {list.nextCursor && (
        <Center>
          <Button variant="default" loading={list.loadingMore} onClick={() => void community.loadMore()}>
            Load more
          </Button>
        </Center>
      )}
      {list.moreFailed && (
        <Text size="sm" c="red" ta="center">
          {COMMUNITY_MESSAGES.loadFailed}
        </Text>
      )}
    </Stack>
  );
});

/** Community (seed 002 §2.10): gamers' posts filtered by game and type, Create Gaming Post, likes and comments. */
export const CommunityTab = observer(function CommunityTab() {
  const { community } = useStores();
  const { requireAccount } = useRequireAccount();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    void community.load();
  }, [community]);

  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Game"
            placeholder="All games"
            searchable
            clearable
            w={220}
            data={community.knownGames.slice()}
            value={community.game}
            onChange={(value) => community.setGame(value)}
            nothingFoundMessage="No posts about that game yet"
          />
          <SegmentedControl
            aria-label="Post type"
            value={community.type ?? 'all'}
            onChange={(value) => community.setType(value === 'all' ? null : (value as PostType))}
            data={TYPE_FILTERS}
          />
        </Group>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => requireAccount(() => setCreating(true))}>
          Create Post
        </Button>
      </Group>
      <PostList />
      <CreatePostDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
});

import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Center, Loader, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { LoadStatus } from '../../../shared/resource';
import { NotificationsPanel } from '../../notifications/components/NotificationsPanel';
import { SOCIAL_MESSAGES } from '../messages';
import type { ConnectionKind, DiscoverSort, FeedItem, FeedType, SocialTab } from '../types';
import { FeedItemCard } from './FeedItemCard';
import { UserCardItem } from './UserCardItem';

const FEED_TYPES: { value: FeedType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'videos', label: 'Videos' },
  { value: 'music', label: 'Music' },
  { value: 'podcasts', label: 'Podcasts' },
];

const FEED_EMPTY: Record<FeedType, string> = {
  all: 'Follow creators to see their uploads here',
  videos: 'No videos from the creators you follow yet',
  music: 'No music from the creators you follow yet',
  podcasts: 'No podcasts from the creators you follow yet',
};

const SORTS: { value: DiscoverSort; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'creators', label: 'Creators' },
];

const DISCOVER_EMPTY: Record<DiscoverSort, string> = {
  popular: 'No one else is here yet',
  newest: 'No one else is here yet',
  creators: 'No creators to discover yet',
};

const CONNECTION_EMPTY: Record<ConnectionKind, string> = {
  followers: 'No one follows you yet',
  following: 'You are not following anyone yet',
};

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** Loading, failed (with Try again) or empty: what a list shows instead of its items. */
function ListState({
  status,
  empty,
  count,
  failed,
  onRetry,
  children,
}: {
  status: LoadStatus;
  empty: ReactNode;
  count: number;
  failed: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (count > 0) return <>{children}</>;
  if (status === 'idle' || status === 'loading') {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (status === 'error') {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text c="dimmed">{failed}</Text>
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl">
      {empty}
    </Stack>
  );
}

function LoadMore({ shown, loading, onClick }: { shown: boolean; loading: boolean; onClick: () => void }) {
  if (!shown) return null;
  return (
    <Center>
      <Button variant="default" loading={loading} onClick={onClick}>
        Load more
      </Button>
    </Center>
  );
}

/**
 * Following: what the followed creators published, newest first, all or one kind, 20 at a time. No short while the
 * `reels` feature is off (the server leaves them out too; this also drops those of a page read before the switch).
 */
const FeedPanel = observer(function FeedPanel({ onDiscover }: { onDiscover: () => void }) {
  const { social, videos, features } = useStores();
  const navigate = useNavigate();
  const { feed, feedType } = social;
  const items = features.isEnabled('reels') ? feed.items : feed.items.filter((item) => item.kind !== 'reel');

  useEffect(() => {
    void social.loadFeed();
  }, [social]);

  const open = (item: FeedItem) => {
    if (item.kind === 'reel') navigate(`/reels/${encodeURIComponent(item.id)}`);
    else void videos.openById(item.id);
  };

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Content type"
        value={feedType}
        onChange={(value) => social.setFeedType(value as FeedType)}
        data={FEED_TYPES}
        w="fit-content"
      />
      <ListState
        status={feed.status}
        count={items.length}
        failed={SOCIAL_MESSAGES.feedLoadFailed}
        onRetry={() => void social.loadFeed()}
        empty={
          <>
            <Text c="dimmed">{FEED_EMPTY[feedType]}</Text>
            {feedType === 'all' && (
              <Button variant="light" onClick={onDiscover}>
                Discover creators
              </Button>
            )}
          </>
        }
      >
        <SimpleGrid cols={GRID} spacing="md" role="list" aria-label="Uploads from people you follow">
          {items.map((item) => (
            <div role="listitem" key={item.id}>
              <FeedItemCard item={item} onOpen={open} />
            </div>
          ))}
        </SimpleGrid>
      </ListState>
      <LoadMore shown={feed.nextCursor !== null} loading={feed.loadingMore} onClick={() => void social.loadMoreFeed()} />
    </Stack>
  );
});

/** Discover: people to follow, most followed, newest or creators only. */
const DiscoverPanel = observer(function DiscoverPanel() {
  const { social } = useStores();
  const { discover, discoverSort } = social;

  useEffect(() => {
    void social.loadDiscover();
  }, [social]);

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Sort people by"
        value={discoverSort}
        onChange={(value) => social.setDiscoverSort(value as DiscoverSort)}
        data={SORTS}
        w="fit-content"
      />
      <ListState
        status={discover.status}
        count={discover.items.length}
        failed={SOCIAL_MESSAGES.usersLoadFailed}
        onRetry={() => void social.loadDiscover()}
        empty={<Text c="dimmed">{DISCOVER_EMPTY[discoverSort]}</Text>}
      >
        <SimpleGrid cols={GRID} spacing="md" role="list" aria-label="People to follow">
          {discover.items.map((user) => (
            <div role="listitem" key={user.id}>
              <UserCardItem user={user} />
            </div>
          ))}
        </SimpleGrid>
      </ListState>
    </Stack>
  );
});

/** The number line above a connections list: the server's total. */
function connectionsTotal(kind: ConnectionKind, total: number): string {
  if (kind === 'followers') return `${total} ${total === 1 ? 'person follows' : 'people follow'} you`;
  return `You follow ${total} ${total === 1 ? 'person' : 'people'}`;
}

/** One side of the connections, with its total. */
const ConnectionList = observer(function ConnectionList({ kind }: { kind: ConnectionKind }) {
  const { social } = useStores();
  const list = social.connections[kind];
  return (
    <Stack gap="md">
      {list.meta !== null && (
        <Text size="sm" c="dimmed">
          {connectionsTotal(kind, list.meta)}
        </Text>
      )}
      <ListState
        status={list.status}
        count={list.items.length}
        failed={SOCIAL_MESSAGES.connectionsLoadFailed(kind)}
        onRetry={() => void social.loadConnections(kind)}
        empty={<Text c="dimmed">{CONNECTION_EMPTY[kind]}</Text>}
      >
        <SimpleGrid cols={GRID} spacing="md" role="list" aria-label={kind === 'followers' ? 'Your Followers' : 'Following'}>
          {list.items.map((user) => (
            <div role="listitem" key={user.id}>
              <UserCardItem user={user} />
            </div>
          ))}
        </SimpleGrid>
      </ListState>
      <LoadMore shown={list.nextCursor !== null} loading={list.loadingMore} onClick={() => void social.loadMoreConnections(kind)} />
    </Stack>
  );
});

/** Connections: the signed-in user's followers and whom they follow, 50 at a time, with the totals. */
const ConnectionsPanel = observer(function ConnectionsPanel() {
  const { social } = useStores();
  const kind = social.connectionKind;

  useEffect(() => {
    void social.loadConnections(kind);
  }, [social, kind]);

  return (
    <Tabs
      value={kind}
      onChange={(value) => value && social.setConnectionKind(value as ConnectionKind)}
      keepMounted={false}
      variant="pills"
    >
      <Tabs.List aria-label="Connections">
        <Tabs.Tab value="followers">Your Followers</Tabs.Tab>
        <Tabs.Tab value="following">Following</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="followers" pt="md">
        <ConnectionList kind="followers" />
      </Tabs.Panel>
      <Tabs.Panel value="following" pt="md">
        <ConnectionList kind="following" />
      </Tabs.Panel>
    </Tabs>
  );
});

/**
 * Subscriptions (seed 002 §2.11): four tabs, Following (the feed), Discover, Connections ('Your Followers' and
 * 'Following') and Notifications.
 */
export const SocialSection = observer(function SocialSection() {
  const { ui, notifications } = useStores();
  const tab = ui.tabOf<SocialTab>('social', 'following');
  const setTab = (value: string | null) => {
    if (value) ui.setTab('social', value);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Subscriptions
        </Title>
        <Text c="dimmed" size="sm">
          Uploads from the creators you follow, people to discover, your connections and notifications.
        </Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label="Subscriptions">
          <Tabs.Tab value="following">Following</Tabs.Tab>
          <Tabs.Tab value="discover">Discover</Tabs.Tab>
          <Tabs.Tab value="connections">Connections</Tabs.Tab>
          <Tabs.Tab
            value="notifications"
            rightSection={
              notifications.badge ? (
                <Badge size="xs" color="red" variant="filled" aria-label={`${notifications.unreadCount} unread`}>
                  {notifications.badge}
                </Badge>
              ) : null
            }
          >
            Notifications
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="following" pt="md">
          <FeedPanel onDiscover={() => setTab('discover')} />
        </Tabs.Panel>
        <Tabs.Panel value="discover" pt="md">
          <DiscoverPanel />
        </Tabs.Panel>
        <Tabs.Panel value="connections" pt="md">
          <ConnectionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { ArrowLeftIcon } from '../../../shared/icons';
import { copyToClipboard } from '../../../shared/clipboard';
import { channelPath } from '../../../shared/paths';
import { PODCAST_MESSAGES } from '../rules';
import type { PodcastShow } from '../types';
import { EpisodeList } from './EpisodeRow';
import { RssIcon } from './PodcastIcon';

/** A show's square artwork (the server draws it from the latest cover or the show's name). */
function showArtwork(show: { id: string }): string {
  return `/api/podcasts/shows/${encodeURIComponent(show.id)}/artwork.jpg`;
}

/** One show of a grid: artwork, name, creator, category, figures, the latest episode; opens the show. */
export const ShowCard = observer(function ShowCard({ show, action }: { show: PodcastShow; action?: ReactNode }) {
  const { podcasts } = useStores();
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" aria-label={show.show_name}>
      <Card.Section>
        <Image src={showArtwork(show)} h={160} alt="" fit="cover" />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text fw={700} lineClamp={2}>
          {show.show_name}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {show.category}
          </Badge>
          <Text size="sm" c="dimmed" lineClamp={1}>
            by {show.creator_name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {show.episode_count} {show.episode_count === 1 ? 'episode' : 'episodes'} · {show.total_plays} {show.total_plays === 1 ? 'play' : 'plays'}
        </Text>
        {show.latest_episode && (
          <Text size="xs" lineClamp={1}>
            Latest: {show.latest_episode.title}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" onClick={() => void podcasts.openShow(show.id)} aria-label={`Open show ${show.show_name}`}>
            Open show
          </Button>
          {action}
        </Group>
      </Stack>
    </Card>
  );
});

/** A grid of shows. */
export function ShowGrid({ shows, label, action }: { shows: PodcastShow[]; label: string; action?: (show: PodcastShow) => ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} role="list" aria-label={label}>
      {shows.map((show) => (
        <ShowCard key={show.id} show={show} action={action?.(show)} />
      ))}
    </SimpleGrid>
  );
}

/** Subscribe / Subscribed (the server's message is shown); a visitor is taken to sign in. */
export const SubscribeButton = observer(function SubscribeButton({ showName, subscribed }: { showName: string; subscribed: boolean }) {
  const { podcasts } = useStores();
  const { requireAccount } = useRequireAccount();
  return (
    <Button
      variant={subscribed ? 'default' : 'filled'}
      aria-pressed={subscribed}
      loading={podcasts.subscribePending}
      onClick={() => requireAccount(() => void podcasts.toggleSubscription(showName))}
    >
      {subscribed ? 'Subscribed' : 'Subscribe'}
    </Button>
  );
});

/** The show's public RSS address, with a copy button. */
export const FeedAddress = observer(function FeedAddress({ url }: { url: string }) {
  const { notify } = useStores();
  const copy = async () => {
    if (await copyToClipboard(url)) notify.success(PODCAST_MESSAGES.feedCopied, { action: 'podcasts.feed' });
    else notify.error(PODCAST_MESSAGES.feedNotCopied, { action: 'podcasts.feed' });
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label="RSS feed"
        description="Add this address to any podcast app to follow the show."
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        leftSection={<RssIcon size={16} />}
        style={{ flex: 1 }}
      />
      <Button variant="default" onClick={() => void copy()}>
        Copy RSS address
      </Button>
    </Group>
  );
});

/** One show (seed 002 §2.9): its figures, Subscribe, the RSS address and its episodes. */
export const ShowView = observer(function ShowView() {
  const { podcasts } = useStores();
  const show = podcasts.show;
  const back = (
    <Button variant="subtle" leftSection={<ArrowLeftIcon size={16} />} onClick={podcasts.closeShow} w="fit-content" px={0}>
      Back to shows
    </Button>
  );
  if (!show) {
    return (
      <Stack>
        {back}
        {podcasts.showStatus === 'loading' ? (
          <Center py="xl" role="status" aria-label="Loading the show">
            <Loader />
          </Center>
        ) : (
          <Text c="dimmed">{podcasts.showStatus === 'missing' ? 'This show does not exist or has no episodes you can listen to.' : 'Could not load the show.'}</Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <Group align="flex-start" gap="lg" wrap="wrap">
        {/* Read again once an episode is ready: a show whose only episode is still processing has no artwork yet. */}
        <Image src={`${showArtwork(show)}?ready=${show.episodes.filter((e) => e.status === 'ready').length}`} w={160} h={160} radius="md" alt={`${show.show_name} artwork`} />
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2}>{show.show_name}</Title>
          <Text c="dimmed">
            by{' '}
            <Anchor component={Link} to={channelPath(show.creator_handle)} c="dimmed" underline="always">
              {show.creator_name}
            </Anchor>
          </Text>
          <Group gap="xs">
            <Badge variant="light">{show.category}</Badge>
            <Text size="sm" c="dimmed">
              {show.episode_count} {show.episode_count === 1 ? 'episode' : 'episodes'} · {show.total_plays} {show.total_plays === 1 ? 'play' : 'plays'}
            </Text>
          </Group>
          <Group mt="xs">
            <SubscribeButton showName={show.show_name} subscribed={show.subscribed} />
          </Group>
        </Stack>
      </Group>
      <FeedAddress url={show.feed_url} />
      <section aria-labelledby="podcasts-show-episodes">
        <Title order={3} size="h4" id="podcasts-show-episodes" mb="xs">
          Episodes
        </Title>
        <EpisodeList episodes={show.episodes} status="ready" label={`${show.show_name} episodes`} empty="No episodes yet." showLink={false} />
      </section>
    </Stack>
  );
});

/** Shows (seed 002 §2.9): the grid, or the show opened. */
export const ShowsPanel = observer(function ShowsPanel() {
  const { podcasts } = useStores();
  if (podcasts.show || podcasts.showStatus !== 'idle') return <ShowView />;
  if (podcasts.showsStatus === 'loading' && podcasts.shows.length === 0) {
    return (
      <Center py="xl" role="status" aria-label="Loading shows">
        <Loader />
      </Center>
    );
  }
  if (podcasts.showsStatus === 'error' && podcasts.shows.length === 0) {
    return (
      <Stack align="center" py="xl">
        <Text c="dimmed">Could not load the shows.</Text>
        <Button variant="default" onClick={() => void podcasts.loadShows()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (podcasts.shows.length === 0) return <Text c="dimmed">No shows yet.</Text>;
  return <ShowGrid shows={podcasts.shows} label="Shows" />;
});

/** Subscriptions (seed 002 §2.9): the shows subscribed to, each with Unsubscribe. */
export const SubscriptionsPanel = observer(function SubscriptionsPanel() {
  const { podcasts } = useStores();
  const subs = podcasts.subscriptions;
  if (!subs) {
    return podcasts.subscriptionsStatus === 'error' ? (
      <Stack align="center" py="xl">
        <Text c="dimmed">Could not load your subscriptions.</Text>
        <Button variant="default" onClick={() => void podcasts.loadSubscriptions()}>
          Try again
        </Button>
      </Stack>
    ) : (
      <Center py="xl" role="status" aria-label="Loading subscriptions">
        <Loader />
      </Center>
    );
  }
  const listed = new Set(subs.shows.map((show) => show.show_name.trim().toLowerCase()));
  const unlisted = subs.show_names.filter((name) => !listed.has(name));
  if (subs.shows.length === 0 && unlisted.length === 0) {
    return <Text c="dimmed">You have not subscribed to any show yet. Open a show in Shows and choose Subscribe.</Text>;
  }
  const unsubscribe = (name: string) => (
    <Button size="xs" variant="default" loading={podcasts.subscribePending} onClick={() => void podcasts.toggleSubscription(name)} aria-label={`Unsubscribe from ${name}`}>
      Unsubscribe
    </Button>
  );
  return (
    <Stack gap="lg">
      {subs.shows.length > 0 && <ShowGrid shows={subs.shows} label="Subscribed shows" action={(show) => unsubscribe(show.show_name)} />}
      {unlisted.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Also subscribed to these names (no episodes you can listen to right now):
          </Text>
          {unlisted.map((name) => (
            <Group key={name} gap="sm">
              <Text size="sm">{name}</Text>
              {unsubscribe(name)}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
});

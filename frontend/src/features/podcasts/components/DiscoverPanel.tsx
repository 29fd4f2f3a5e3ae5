import { observer } from 'mobx-react-lite';
import { ActionIcon, Anchor, Badge, Button, Card, Center, Group, Image, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon } from '../../../shared/icons';
import { formatDuration } from '../../music/rules';
import { categoryFilters } from '../rules';
import type { PodcastEpisode } from '../types';
import { PodcastIcon } from './PodcastIcon';
import { EpisodeLikeButton, EpisodeList, EpisodeReport, EpisodeRow } from './EpisodeRow';

/** One Trending Now card: the cover, play, title, show and plays. */
const TrendingCard = observer(function TrendingCard({ episode, onPlay }: { episode: PodcastEpisode; onPlay: () => void }) {
  const { podcastPlayer, podcasts } = useStores();
  const isCurrent = podcastPlayer.episode?.id === episode.id;
  const playingThis = isCurrent && podcastPlayer.playing;
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" aria-label={episode.title}>
      <Card.Section pos="relative">
        {episode.cover_url ? (
          <Image src={episode.cover_url} h={120} alt="" />
        ) : (
          <Center h={120} bg="var(--mantine-color-default-hover)">
            <PodcastIcon size={40} />
          </Center>
        )}
        <ActionIcon
          size="xl"
          radius="xl"
          pos="absolute"
          bottom={8}
          right={8}
          disabled={episode.status !== 'ready'}
          aria-label={playingThis ? `Pause ${episode.title}` : `Play ${episode.title}`}
          onClick={() => (isCurrent ? podcastPlayer.toggle() : onPlay())}
        >
          {playingThis ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
        </ActionIcon>
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {episode.title}
        </Text>
        <Anchor component="button" type="button" size="xs" ta="left" onClick={() => void podcasts.openShow(episode.show_id)}>
          {episode.show_name}
        </Anchor>
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="xs" c="dimmed">
            {episode.plays} {episode.plays === 1 ? 'play' : 'plays'} · {formatDuration(episode.duration_seconds)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <EpisodeLikeButton episode={episode} />
            <EpisodeReport episode={episode} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
});

/** Continue listening: the episodes the listener stopped in, resumed where they stopped. */
const ContinueListening = observer(function ContinueListening() {
  const { podcasts, podcastPlayer } = useStores();
  const items = podcasts.continueItems;
  if (items.length === 0) return null;
  const episodes = items.map((item) => item.episode);
  return (
    <section aria-labelledby="podcasts-continue">
      <Title order={2} size="h4" id="podcasts-continue" mb="xs">
        Continue listening
      </Title>
      <Stack gap="xs" role="list" aria-label="Continue listening">
        {items.map((item, index) => {
          const length = item.episode.duration_seconds;
          return (
            <EpisodeRow
              key={item.episode.id}
              episode={item.episode}
              onPlay={() => podcastPlayer.playList(episodes, index, item.position_seconds)}
              extra={
                <Group gap="xs" wrap="nowrap" mt={4}>
                  {length ? <Progress value={Math.min(100, (item.position_seconds / length) * 100)} size="sm" w={120} aria-label={`Listened to ${item.episode.title}`} /> : null}
                  <Text size="xs" c="dimmed">
                    Stopped at {formatDuration(item.position_seconds)}
                    {length ? ` of ${formatDuration(length)}` : ''}
                  </Text>
                </Group>
              }
            />
          );
        })}
      </Stack>
    </section>
  );
});

/** Discover (seed 002 §2.9): Continue listening, Trending Now (the first 6), and the episodes by category. */
export const DiscoverPanel = observer(function DiscoverPanel() {
  const { podcasts, podcastPlayer } = useStores();
  const filters = categoryFilters(podcasts.categories);
  const active = podcasts.category;
  return (
    <Stack gap="xl">
      <ContinueListening />
      <section aria-labelledby="podcasts-trending">
        <Title order={2} size="h4" id="podcasts-trending" mb="xs">
          Trending Now
        </Title>
        {podcasts.trendingStatus === 'error' && podcasts.trending.length === 0 ? (
          <Text c="dimmed" size="sm">
            Could not load trending episodes.
          </Text>
        ) : podcasts.trendingStatus === 'ready' && podcasts.trending.length === 0 ? (
          <Text c="dimmed" size="sm">
            No episodes yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="list" aria-label="Trending Now">
            {podcasts.trending.map((episode, index) => (
              <TrendingCard key={episode.id} episode={episode} onPlay={() => podcastPlayer.playList(podcasts.trending, index)} />
            ))}
          </SimpleGrid>
        )}
      </section>
      <section aria-labelledby="podcasts-browse">
        <Title order={2} size="h4" id="podcasts-browse" mb="xs">
          Browse by category
        </Title>
        <Group gap="xs" mb="md" role="group" aria-label="Categories">
          {filters.map((filter) => {
            const on = filter.category === active;
            return (
              <Button
                key={filter.label}
                size="xs"
                radius="xl"
                variant={on ? 'filled' : 'default'}
                aria-pressed={on}
                onClick={() => podcasts.setCategory(filter.category)}
                rightSection={
                  <Badge size="xs" variant={on ? 'white' : 'light'} circle={filter.count < 10}>
                    {filter.count}
                  </Badge>
                }
              >
                {filter.label}
              </Button>
            );
          })}
        </Group>
        <EpisodeList
          episodes={podcasts.episodes}
          status={podcasts.episodesStatus}
          label={active ? `${active} episodes` : 'All Episodes'}
          empty={active ? `No ${active} episodes yet.` : 'No episodes yet.'}
          onRetry={() => void podcasts.loadEpisodes()}
        />
      </section>
    </Stack>
  );
});

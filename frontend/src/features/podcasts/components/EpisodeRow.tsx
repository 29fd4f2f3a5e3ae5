import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Anchor, Avatar, Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon } from '../../../shared/icons';
import { ReportControl } from '../../moderation/components/ReportControl';
import { episodeTarget } from '../../moderation/targets';
import { formatDuration } from '../../music/rules';
import { episodeNumbering } from '../rules';
import type { PodcastEpisode } from '../types';
import { PodcastIcon } from './PodcastIcon';
import { LikeToggle } from '../../../shared/LikeToggle';

/** Like (signed in) or the count (a visitor). */
export const EpisodeLikeButton = observer(function EpisodeLikeButton({ episode }: { episode: PodcastEpisode }) {
  const { podcasts } = useStores();
  const toggle = podcasts.signedIn ? () => void podcasts.toggleLike(episode.id) : null;
  return <LikeToggle title={episode.title} liked={episode.liked} likes={episode.likes} pending={podcasts.likePending.has(episode.id)} onToggle={toggle} />;
});

/** Report on someone else's episode, at where the player is when it is playing it. */
export const EpisodeReport = observer(function EpisodeReport({ episode }: { episode: PodcastEpisode }) {
  const { podcastPlayer } = useStores();
  return <ReportControl own={episode.is_owner} variant="icon" target={() => episodeTarget(episode, podcastPlayer.episode?.id === episode.id ? podcastPlayer.time : null)} />;
});

/** One episode of a list: play, cover, title, show (opens it), numbering, plays, length, like, Report. */
export const EpisodeRow = observer(function EpisodeRow({
  episode,
  onPlay,
  showLink = true,
  extra,
}: {
  episode: PodcastEpisode;
  onPlay: () => void;
  /** The show's name opens the show (not inside the show's own page). */
  showLink?: boolean;
  extra?: ReactNode;
}) {
  const { podcastPlayer, podcasts } = useStores();
  const isCurrent = podcastPlayer.episode?.id === episode.id;
  const playingThis = isCurrent && podcastPlayer.playing;
  const ready = episode.status === 'ready';
  return (
    <Paper withBorder p="xs" radius="md" role="listitem" aria-label={episode.title}>
      <Group wrap="nowrap" gap="sm">
        <ActionIcon
          variant={isCurrent ? 'filled' : 'light'}
          size="lg"
          radius="xl"
          disabled={!ready}
          aria-label={playingThis ? `Pause ${episode.title}` : `Play ${episode.title}`}
          onClick={() => (isCurrent ? podcastPlayer.toggle() : onPlay())}
        >
          {playingThis ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
        </ActionIcon>
        <Avatar src={episode.cover_url} radius="sm" size="md" alt="">
          <PodcastIcon size={18} />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={1}>
            {episode.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {showLink ? (
              <Anchor component="button" type="button" size="xs" onClick={() => void podcasts.openShow(episode.show_id)}>
                {episode.show_name}
              </Anchor>
            ) : (
              episode.show_name
            )}
            {' · '}
            {episodeNumbering(episode)} · {episode.category}
          </Text>
          {extra}
        </Stack>
        {episode.status !== 'ready' && (
          <Badge color={episode.status === 'failed' ? 'red' : 'gray'} variant="light" title={episode.failure_reason ?? undefined}>
            {episode.status === 'failed' ? 'Failed' : 'Processing'}
          </Badge>
        )}
        <Text size="xs" c="dimmed" w={72} ta="right" visibleFrom="xs">
          {episode.plays} {episode.plays === 1 ? 'play' : 'plays'}
        </Text>
        <Text size="xs" c="dimmed" w={52} ta="right" visibleFrom="xs">
          {formatDuration(episode.duration_seconds)}
        </Text>
        <EpisodeLikeButton episode={episode} />
        <EpisodeReport episode={episode} />
      </Group>
    </Paper>
  );
});

/** A list of episodes; Play queues the whole list from that episode. */
export const EpisodeList = observer(function EpisodeList({
  episodes,
  label,
  status,
  empty,
  showLink,
  onRetry,
}: {
  episodes: PodcastEpisode[];
  label: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  empty: string;
  showLink?: boolean;
  onRetry?: () => void;
}) {
  const { podcastPlayer } = useStores();
  if ((status === 'loading' || status === 'idle') && episodes.length === 0) {
    return (
      <Center py="lg" role="status" aria-label={`Loading ${label}`}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (status === 'error' && episodes.length === 0) {
    return (
      <Group gap="xs">
        <Text c="dimmed" size="sm">
          Could not load the episodes.
        </Text>
        {onRetry && (
          <Anchor component="button" type="button" size="sm" onClick={onRetry}>
            Try again
          </Anchor>
        )}
      </Group>
    );
  }
  if (episodes.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {episodes.map((episode, index) => (
        <EpisodeRow key={episode.id} episode={episode} showLink={showLink} onPlay={() => podcastPlayer.playList(episodes, index)} />
      ))}
    </Stack>
  );
});

import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ActionIcon, Anchor, Avatar, Box, CloseButton, Group, Paper, Slider, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon, VolumeIcon } from '../../../shared/icons';
import { podcastShowPath } from '../rules';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../PodcastPlayerStore';
import { EpisodeLikeButton, EpisodeReport } from './EpisodeRow';
import { PodcastIcon, SkipBackSecondsIcon, SkipForwardSecondsIcon } from './PodcastIcon';
import { SeekBar } from '../../music/components/SeekBar';


/**
 * The fixed bottom audio player (seed 002 §2.9), shown once an episode is chosen: cover, title, show, like, Report,
 * back 15 s, previous, play/pause, next, forward 30 s, the seek bar, the volume (75 to start) and close. It holds the
 * <audio> element the store drives.
 */
export const PodcastPlayerBar = observer(function PodcastPlayerBar() {
  const { podcastPlayer: player, musicPlayer } = useStores();
  // One bar at a time: the music player's when it started playing after this one (its queue is kept meanwhile).
  const episode = musicPlayer.track && musicPlayer.focusedAt > player.focusedAt ? null : player.episode;
  const duration = player.duration || episode?.duration_seconds || 0;
  return (
    <>
      <audio
        ref={player.attach}
        preload="metadata"
        data-testid="podcast-audio"
        hidden
        onTimeUpdate={(event) => player.timeUpdate(event.currentTarget.currentTime, event.currentTarget.duration)}
        onLoadedMetadata={(event) => player.timeUpdate(event.currentTarget.currentTime, event.currentTarget.duration)}
        onEnded={() => player.ended()}
        onPlay={() => player.elementPlaying(true)}
        onPause={(event) => !event.currentTarget.ended && player.elementPlaying(false)}
      />
      {/* Room under the page for the fixed bar, so nothing stays hidden behind it. */}
      {episode && <Box h={96} aria-hidden="true" />}
      {episode && (
        <Paper
          component="section"
          aria-label="Podcast player"
          shadow="md"
          withBorder
          radius={0}
          p="xs"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 301 }}
        >
          <Group wrap="nowrap" gap="md">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '0 1 280px' }}>
              <Avatar src={episode.cover_url} radius="sm" alt="">
                <PodcastIcon size={18} />
              </Avatar>
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {episode.title}
                </Text>
                <Anchor component={Link} to={podcastShowPath(episode.show_id)} size="xs" c="dimmed" lineClamp={1}>
                  {episode.show_name}
                </Anchor>
              </Box>
              <EpisodeLikeButton episode={episode} />
              <EpisodeReport episode={episode} />
            </Group>
            <Box style={{ flex: 1 }}>
              <Group justify="center" gap="xs" wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Back ${SKIP_BACK_SECONDS} seconds`} onClick={() => player.skip(-SKIP_BACK_SECONDS)}>
                  <SkipBackSecondsIcon size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label="Previous episode" disabled={!player.hasPrevious} onClick={player.previous}>
                  <SkipBackIcon size={18} />
                </ActionIcon>
                <ActionIcon size="lg" radius="xl" aria-label={player.playing ? 'Pause' : 'Play'} onClick={player.toggle}>
                  {player.playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label="Next episode" disabled={!player.hasNext} onClick={player.next}>
                  <SkipForwardIcon size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`} onClick={() => player.skip(SKIP_FORWARD_SECONDS)}>
                  <SkipForwardSecondsIcon size={18} />
                </ActionIcon>
              </Group>
              <SeekBar time={player.time} duration={duration} onSeek={player.seek} labelWidth={52} />
            </Box>
            <Group wrap="nowrap" gap="xs" style={{ flex: '0 0 150px' }} visibleFrom="sm">
              <VolumeIcon size={16} />
              <Slider style={{ flex: 1 }} size="sm" min={0} max={100} value={player.volume} onChange={player.setVolume} thumbLabel="Volume" />
            </Group>
            <CloseButton aria-label="Close podcast player" onClick={player.stop} />
          </Group>
        </Paper>
      )}
    </>
  );
});

import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ActionIcon, Anchor, Avatar, Box, Group, Paper, Slider, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon, RepeatIcon, ShuffleIcon, SkipBackIcon, SkipForwardIcon, VolumeIcon } from '../../../shared/icons';
import { musicTrackPath } from '../../../shared/paths';
import { MusicIcon } from './MusicIcon';
import { SeekBar } from './SeekBar';

const REPEAT_LABEL = { off: 'Repeat: off', all: 'Repeat: all', one: 'Repeat: one' } as const;

/**
 * The fixed bottom player bar (seed 002 §2.8), shown while something is queued: cover, title, artist, previous,
 * play/pause, next, shuffle, repeat, the seek bar and the volume (75 to start). It holds the two <audio> elements:
 * the one playing and the one pre-buffering the next track.
 */
export const MusicPlayerBar = observer(function MusicPlayerBar() {
  const { musicPlayer: player, podcastPlayer } = useStores();
  // One bar at a time: the podcast player's when it started playing after this one (this queue is kept meanwhile).
  const track = podcastPlayer.episode && podcastPlayer.focusedAt > player.focusedAt ? null : player.track;
  const duration = player.duration || track?.duration_seconds || 0;
  // Stable ref callbacks: each element is handed to the store once, when it mounts.
  const refs = useMemo(() => [0, 1].map((slot) => (element: HTMLAudioElement | null) => player.attach(slot as 0 | 1, element)), [player]);
  return (
    <>
      {([0, 1] as const).map((slot) => (
        <audio
          key={slot}
          ref={refs[slot]}
          preload="auto"
          data-testid={`music-audio-${slot}`}
          data-active={player.active === slot ? 'true' : 'false'}
          hidden
          onTimeUpdate={(event) => player.timeUpdate(slot, event.currentTarget.currentTime, event.currentTarget.duration)}
          onLoadedMetadata={(event) => player.timeUpdate(slot, event.currentTarget.currentTime, event.currentTarget.duration)}
          onEnded={() => player.ended(slot)}
          onPlay={() => player.elementPlaying(slot, true)}
          onPause={(event) => !event.currentTarget.ended && player.elementPlaying(slot, false)}
        />
      ))}
      {/* Room under the page for the fixed bar, so nothing stays hidden behind it. */}
      {track && <Box h={96} aria-hidden="true" />}
      {track && (
        <Paper
          component="section"
          aria-label="Music player"
          shadow="md"
          withBorder
          radius={0}
          p="xs"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 300 }}
        >
          <Group wrap="nowrap" gap="md">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '0 1 260px' }}>
              <Avatar src={track.cover_url} radius="sm" alt="">
                <MusicIcon size={18} />
              </Avatar>
              <Box style={{ minWidth: 0 }}>
                <Anchor component={Link} to={musicTrackPath(track.id)} size="sm" fw={600} lineClamp={1}>
                  {track.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {track.artist}
                </Text>
              </Box>
            </Group>
            <Box style={{ flex: 1 }}>
              <Group justify="center" gap="xs" wrap="nowrap">
                <ActionIcon variant={player.shuffle ? 'filled' : 'subtle'} aria-label="Shuffle" aria-pressed={player.shuffle} onClick={player.toggleShuffle}>
                  <ShuffleIcon size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label="Previous" onClick={player.previous}>
                  <SkipBackIcon size={18} />
                </ActionIcon>
                <ActionIcon size="lg" radius="xl" aria-label={player.playing ? 'Pause' : 'Play'} onClick={player.toggle}>
                  {player.playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label="Next" onClick={player.next}>
                  <SkipForwardIcon size={18} />
                </ActionIcon>
                <ActionIcon
                  variant={player.repeat === 'off' ? 'subtle' : 'filled'}
                  aria-label={REPEAT_LABEL[player.repeat]}
                  onClick={player.cycleRepeat}
                >
                  <RepeatIcon size={18} one={player.repeat === 'one'} />
                </ActionIcon>
              </Group>
              <SeekBar time={player.time} duration={duration} onSeek={player.seek} />
            </Box>
            <Group wrap="nowrap" gap="xs" style={{ flex: '0 0 160px' }}>
              <VolumeIcon size={16} />
              <Slider
                style={{ flex: 1 }}
                size="sm"
                min={0}
                max={100}
                value={player.volume}
                onChange={player.setVolume}
                thumbLabel="Volume"
              />
            </Group>
          </Group>
        </Paper>
      )}
    </>
  );
});

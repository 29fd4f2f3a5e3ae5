import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon } from '../../../shared/icons';
import { VideoPlayer } from '../../media/components/VideoPlayer';
import { formatDuration } from '../rules';
import { AddToPlaylistMenu, LikeButton } from './TrackRow';
import { Waveform } from './Waveform';
import { ReportControl } from '../../moderation/components/ReportControl';
import { trackTarget } from '../../moderation/targets';

/** A track's page (`/music/tracks/:id`): cover, facts, play, like, add to playlist, and the waveform to seek on. */
export const TrackPage = observer(function TrackPage({ id }: { id: string }) {
  const { music, musicPlayer } = useStores();
  useEffect(() => {
    void music.openPage(id);
  }, [music, id]);
  const track = music.page?.id === id ? music.page : null;

  if (!track) {
    if (music.pageStatus === 'missing') return <Text>This track is not available.</Text>;
    if (music.pageStatus === 'error') {
      return (
        <Stack align="flex-start">
          <Text>Could not load this track.</Text>
          <Button variant="default" onClick={() => void music.openPage(id)}>
            Try again
          </Button>
        </Stack>
      );
    }
    return (
      <Center py="xl" role="status" aria-label="Loading track">
        <Loader />
      </Center>
    );
  }

  const isCurrent = musicPlayer.track?.id === track.id;
  const duration = (isCurrent && musicPlayer.duration) || track.duration_seconds || 0;
  const ready = track.status === 'ready';
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {track.cover_url && <Image src={track.cover_url} alt={`${track.title} cover`} w={160} h={160} radius="md" fit="cover" />}
        <Stack gap={4}>
          <Title order={1} size="h2">
            {track.title}
          </Title>
          <Text>{track.artist}</Text>
          {track.album && <Text c="dimmed">{track.album}</Text>}
          <Group gap="xs">
            <Badge variant="light">{track.genre}</Badge>
            {track.content_type === 'video' && <Badge variant="light">Music video</Badge>}
            {!ready && <Badge color={track.status === 'failed' ? 'red' : 'gray'}>{track.status === 'failed' ? 'Failed' : 'Processing'}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {track.plays} {track.plays === 1 ? 'play' : 'plays'} · {formatDuration(track.duration_seconds)} · by {track.owner.display_name}
          </Text>
          {track.failure_reason && <Text size="sm" c="red">{track.failure_reason}</Text>}
          <Group gap="sm" mt="xs">
            <Button
              leftSection={isCurrent && musicPlayer.playing ? <PauseIcon size={14} /> : <PlayIcon size={14} />}
              disabled={!ready}
              onClick={() => musicPlayer.playTrack(track)}
            >
              {isCurrent && musicPlayer.playing ? 'Pause' : 'Play'}
            </Button>
            <LikeButton track={track} />
            <AddToPlaylistMenu track={track} />
            <ReportControl own={track.is_owner} target={() => trackTarget(track, isCurrent ? musicPlayer.time : null)} />
          </Group>
        </Stack>
      </Group>
      {track.content_type === 'video' && ready && (
        <VideoPlayer
          src={track.stream_url}
          hlsUrl={track.hls_url}
          poster={track.cover_url}
          label={`${track.title} music video`}
          style={{ width: '100%', maxHeight: 540, background: 'black', borderRadius: 8 }}
          onWatched={(seconds) => void music.reportListening(track.id, seconds)}
          onPlayingChange={(playing) => {
            // One thing plays at a time: the video pauses the player bar.
            if (playing) musicPlayer.pause();
          }}
        />
      )}
      {track.peaks && track.peaks.length > 0 && (
        <Waveform
          peaks={track.peaks}
          duration={duration}
          progress={isCurrent && duration > 0 ? musicPlayer.time / duration : 0}
          onSeek={isCurrent ? musicPlayer.seek : null}
        />
      )}
    </Stack>
  );
});

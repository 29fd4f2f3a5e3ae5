import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ActionIcon, Anchor, Avatar, Badge, Group, Menu, Paper, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PauseIcon, PlayIcon, PlusIcon } from '../../../shared/icons';
import { musicTrackPath } from '../../../shared/paths';
import { formatDuration } from '../rules';
import type { MusicTrack } from '../types';
import { MusicIcon } from './MusicIcon';
import { LikeToggle } from '../../../shared/LikeToggle';
import { ReportControl } from '../../moderation/components/ReportControl';
import { trackTarget } from '../../moderation/targets';

/** Add to playlist: the caller's playlists (read when the menu opens). */
export const AddToPlaylistMenu = observer(function AddToPlaylistMenu({ track }: { track: MusicTrack }) {
  const { music } = useStores();
  if (!music.signedIn) return null;
  return (
    <Menu position="bottom-end" withinPortal onOpen={() => void music.loadPlaylists()}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Add ${track.title} to playlist`}>
          <PlusIcon size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Add to playlist</Menu.Label>
        {music.playlists.length === 0 && <Menu.Item disabled>No playlists yet: create one in Playlists</Menu.Item>}
        {music.playlists.map((playlist) => (
          <Menu.Item key={playlist.id} onClick={() => void music.addToPlaylist(playlist.id, track)}>
            {playlist.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
});

export const LikeButton = observer(function LikeButton({ track }: { track: MusicTrack }) {
  const { music } = useStores();
  const toggle = music.signedIn ? () => void music.toggleLike(track.id) : null;
  return <LikeToggle title={track.title} liked={track.liked} likes={track.likes} pending={music.likePending.has(track.id)} onToggle={toggle} />;
});

/** One track of a list: play, title and artist (to its page), duration, plays, like, add to playlist. */
export const TrackRow = observer(function TrackRow({ track, onPlay, extra }: { track: MusicTrack; onPlay: () => void; extra?: ReactNode }) {
  const { musicPlayer } = useStores();
  const isCurrent = musicPlayer.track?.id === track.id;
  const playingThis = isCurrent && musicPlayer.playing;
  const ready = track.status === 'ready';
  return (
    <Paper withBorder p="xs" radius="md" role="listitem" aria-label={track.title}>
      <Group wrap="nowrap" gap="sm">
        <ActionIcon
          variant={isCurrent ? 'filled' : 'light'}
          size="lg"
          radius="xl"
          disabled={!ready}
          aria-label={playingThis ? `Pause ${track.title}` : `Play ${track.title}`}
          onClick={() => (isCurrent ? musicPlayer.toggle() : onPlay())}
        >
          {playingThis ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
        </ActionIcon>
        <Avatar src={track.cover_url} radius="sm" size="md" alt="">
          <MusicIcon size={18} />
        </Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={musicTrackPath(track.id)} fw={600} size="sm" lineClamp={1}>
            {track.title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {track.artist}
            {track.album ? ` · ${track.album}` : ''} · {track.genre}
          </Text>
        </div>
        {track.status !== 'ready' && (
          <Badge color={track.status === 'failed' ? 'red' : 'gray'} variant="light" title={track.failure_reason ?? undefined}>
            {track.status === 'failed' ? 'Failed' : 'Processing'}
          </Badge>
        )}
        <Text size="xs" c="dimmed" w={80} ta="right">
          {track.plays} {track.plays === 1 ? 'play' : 'plays'}
        </Text>
        <Text size="xs" c="dimmed" w={48} ta="right">
          {formatDuration(track.duration_seconds)}
        </Text>
        <LikeButton track={track} />
        <AddToPlaylistMenu track={track} />
        <ReportControl variant="icon" own={track.is_owner} target={() => trackTarget(track, isCurrent ? musicPlayer.time : null)} />
        {extra}
      </Group>
    </Paper>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ArrowLeftIcon, ChevronDownIcon, ChevronUpIcon } from '../../../shared/icons';
import type { Playlist } from '../types';
import { TrackRow } from './TrackRow';

const PlaylistCard = observer(function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const { music } = useStores();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(playlist.name);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await music.renamePlaylist(playlist.id, name)) setRenaming(false);
  };
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" aria-label={playlist.name}>
      {renaming ? (
        <form onSubmit={(event) => void save(event)} aria-label={`Rename ${playlist.name}`}>
          <Group gap="xs">
            <TextInput aria-label="Playlist name" value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} style={{ flex: 1 }} />
            <Button type="submit" size="xs" disabled={!name.trim()} loading={music.playlistPending}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{playlist.name}</Text>
            <Text size="xs" c="dimmed">
              {playlist.track_ids.length} {playlist.track_ids.length === 1 ? 'track' : 'tracks'} · {playlist.is_public ? 'Public' : 'Private'}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void music.showPlaylist(playlist.id)}>
              Open
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setName(playlist.name);
                setRenaming(true);
              }}
            >
              Rename
            </Button>
            <Button size="xs" color="red" variant="subtle" onClick={() => void music.deletePlaylist(playlist.id)}>
              Delete
            </Button>
          </Group>
        </Group>
      )}
    </Card>
  );
});

const OpenPlaylist = observer(function OpenPlaylist() {
  const { music, musicPlayer } = useStores();
  const playlist = music.openPlaylist;
  if (!playlist) return null;
  const last = playlist.tracks.length - 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <ActionIcon variant="subtle" aria-label="Back to playlists" onClick={music.closePlaylist}>
            <ArrowLeftIcon size={16} />
          </ActionIcon>
          <Title order={2} size="h4">
            {playlist.name}
          </Title>
        </Group>
        {playlist.tracks.length > 0 && <Button onClick={() => musicPlayer.playList(playlist.tracks, 0)}>Play all</Button>}
      </Group>
      {playlist.tracks.length === 0 ? (
        <Text c="dimmed">No tracks yet: add them with + beside a track.</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`${playlist.name} tracks`}>
          {playlist.tracks.map((track, index) => (
            <TrackRow
              key={track.id}
              track={track}
              onPlay={() => musicPlayer.playList(playlist.tracks, index)}
              extra={
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Move ${track.title} up`} disabled={index === 0} onClick={() => void music.moveTrack(playlist.id, track.id, -1)}>
                    <ChevronUpIcon size={14} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`Move ${track.title} down`} disabled={index === last} onClick={() => void music.moveTrack(playlist.id, track.id, 1)}>
                    <ChevronDownIcon size={14} />
                  </ActionIcon>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void music.removeFromPlaylist(playlist.id, track.id)} aria-label={`Remove ${track.title}`}>
                    Remove
                  </Button>
                </Group>
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
});

/** The Playlists tab: the caller's playlists (create, open, rename, delete) and the open one's tracks. */
export const PlaylistsPanel = observer(function PlaylistsPanel() {
  const { music } = useStores();
  const [name, setName] = useState('');
  if (music.openPlaylist) return <OpenPlaylist />;
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await music.createPlaylist(name)) setName('');
  };
  return (
    <Stack gap="md">
      <form onSubmit={(event) => void create(event)} aria-label="New playlist">
        <Group gap="xs" align="flex-end">
          <TextInput label="New playlist" placeholder="Name" value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
          <Button type="submit" disabled={!name.trim()} loading={music.playlistPending}>
            Create playlist
          </Button>
        </Group>
      </form>
      {music.playlistsStatus === 'error' && (
        <Group>
          <Text c="dimmed">Could not load your playlists.</Text>
          <Button variant="default" size="xs" onClick={() => void music.loadPlaylists()}>
            Try again
          </Button>
        </Group>
      )}
      {music.playlistsStatus === 'ready' && music.playlists.length === 0 && <Text c="dimmed">No playlists yet.</Text>}
      <Stack gap="xs" role="list" aria-label="Playlists">
        {music.playlists.map((playlist) => (
          <PlaylistCard key={playlist.id} playlist={playlist} />
        ))}
      </Stack>
    </Stack>
  );
});

import { observer } from 'mobx-react-lite';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { TrackList } from '../MusicStore';
import { TrackRow } from './TrackRow';

/** A paged list of tracks; Play queues the whole list from that track. */
export const TrackListView = observer(function TrackListView({ list, label, empty }: { list: TrackList; label: string; empty: string }) {
  const { musicPlayer } = useStores();
  if (list.status === 'loading' && list.tracks.length === 0) {
    return (
      <Center py="xl" role="status" aria-label={`Loading ${label}`}>
        <Loader />
      </Center>
    );
  }
  if (list.status === 'error') {
    return (
      <Stack align="center" py="xl">
        <Text c="dimmed">Could not load the tracks.</Text>
        <Button variant="default" onClick={() => void list.load()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (list.tracks.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs">
      <Stack gap="xs" role="list" aria-label={label}>
        {list.tracks.map((track, index) => (
          <TrackRow key={track.id} track={track} onPlay={() => musicPlayer.playList(list.tracks, index)} />
        ))}
      </Stack>
      {list.nextCursor && (
        <Center>
          <Button variant="default" loading={list.loadingMore} onClick={() => void list.loadMore()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
});

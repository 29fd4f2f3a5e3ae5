import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { VideoListKey } from '../types';

/** A list's loading, failed and empty states around its content. */
export const VideoListState = observer(function VideoListState({
  kind,
  empty,
  children,
}: {
  kind: VideoListKey;
  empty: string;
  children: ReactNode;
}) {
  const { videos } = useStores();
  const list = videos.lists[kind];

  if (list.status === 'loading' && list.items.length === 0) {
    return (
      <Center py="xl" role="status" aria-label="Loading videos">
        <Loader />
      </Center>
    );
  }
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">The videos could not be loaded.</Text>
        <Button variant="default" onClick={() => void videos.load(kind)}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (list.items.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {children}
      {list.nextCursor && (
        <Center>
          <Button variant="default" loading={list.loadingMore} onClick={() => void videos.loadMore(kind)}>
            Load more videos
          </Button>
        </Center>
      )}
    </Stack>
  );
});

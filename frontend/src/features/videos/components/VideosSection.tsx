import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { mineList, type VideoListKind } from '../types';
import { VideoCard } from './VideoCard';
import { VideoListState } from './VideoListState';

const KINDS: { value: VideoListKind; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'horizontal', label: 'Horizontal' },
  { value: 'vertical', label: 'Vertical' },
];

/** Grid columns: vertical videos are narrow, so their grid has more columns (seed 002 §2.5). */
const COLUMNS = {
  wide: { base: 1, sm: 2, lg: 3 },
  tall: { base: 2, sm: 3, md: 4, lg: 5 },
} as const;

/**
 * "Your videos" (seed 002 §2.5): the signed-in user's own videos (`mine=true`) in every state, all or one
 * orientation, with inline players. Other people's videos are on Home.
 */
export const VideosSection = observer(function VideosSection() {
  const { ui, videos } = useStores();
  const kind = ui.tabOf<VideoListKind>('videos', 'all');
  const key = mineList(kind);

  useEffect(() => videos.watch(key), [videos, key]);

  const list = videos.lists[key];
  const vertical = list.items.filter((video) => video.is_vertical);
  const horizontal = list.items.filter((video) => !video.is_vertical);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Your videos
          </Title>
          <Text c="dimmed" size="sm">
            Everything you uploaded: processing, ready and failed.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Orientation"
          value={kind}
          onChange={(value) => ui.setTab('videos', value)}
          data={KINDS}
        />
      </Group>
      <VideoListState kind={key} empty="No videos yet. Upload the first one!">
        {horizontal.length > 0 && (
          <SimpleGrid cols={COLUMNS.wide} spacing="md" aria-label="Horizontal videos" role="list">
            {horizontal.map((video) => (
              <div role="listitem" key={video.id}>
                <VideoCard video={video} />
              </div>
            ))}
          </SimpleGrid>
        )}
        {vertical.length > 0 && (
          <SimpleGrid cols={COLUMNS.tall} spacing="md" aria-label="Vertical videos" role="list">
            {vertical.map((video) => (
              <div role="listitem" key={video.id}>
                <VideoCard video={video} />
              </div>
            ))}
          </SimpleGrid>
        )}
      </VideoListState>
    </Stack>
  );
});

import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatViews } from '../../../shared/format';
import { VideoThumb } from './VideoThumb';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { mineList } from '../../videos/types';

/** How many recent uploads the editor shows (seed 002 §2.14, §9). */
export const RECENT_UPLOADS_SHOWN = 6;

/**
 * The editor's recent uploads (seed 002 §2.14): the user's own first 6 (`mine=true`, every state), and View All with
 * the count of all of them, to Your videos. The editor reads every page of the list; "+" shows while pages remain.
 */
export const RecentUploads = observer(function RecentUploads() {
  const { videos } = useStores();
  const { openSection } = useSectionNavigation();
  const list = videos.lists[mineList('all')];
  const own = videos.ownVideos;
  const count = `${own.length}${list.nextCursor ? '+' : ''}`;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Recent uploads">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Recent uploads
          </Title>
          <Button variant="subtle" onClick={() => openSection('videos')} disabled={own.length === 0}>
            View All ({count})
          </Button>
        </Group>
        {own.length === 0 ? (
          <Text c="dimmed" size="sm">
            {list.status === 'loading'
              ? 'Loading your uploads…'
              : list.status === 'error'
                ? 'Your uploads could not be loaded.'
                : 'Nothing uploaded yet.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="list" aria-label="Recent uploads list">
            {own.slice(0, RECENT_UPLOADS_SHOWN).map((video) => (
              <Stack key={video.id} gap={4} role="listitem" aria-label={video.title}>
                <VideoThumb url={video.thumbnail_url} />
                <Text size="sm" fw={500} lineClamp={1}>
                  {video.title}
                </Text>
                <Group gap={4}>
                  {video.status === 'ready' ? (
                    <Text size="xs" c="dimmed">
                      {formatViews(video.views)}
                    </Text>
                  ) : (
                    <Badge size="xs" color={video.status === 'failed' ? 'red' : 'yellow'} variant="light">
                      {video.status === 'failed' ? 'Failed' : 'Processing'}
                    </Badge>
                  )}
                </Group>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
});

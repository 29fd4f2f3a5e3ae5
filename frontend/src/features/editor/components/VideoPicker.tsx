import { observer } from 'mobx-react-lite';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { VideoThumb } from './VideoThumb';
import { mineList } from '../../videos/types';
import { formatTime, resolutionOf } from '../timeline';

/** Pick a video to edit (seed 002 §2.14): the user's videos that finished processing; choosing one opens it. */
export const VideoPicker = observer(function VideoPicker() {
  const { editor, videos } = useStores();
  const list = videos.lists[mineList('all')];
  const ready = editor.editableVideos;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Pick a video to edit">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Pick a video to edit
          </Title>
          <Text size="sm" c="dimmed">
            Choose one of your videos that finished processing. Your edits are saved as a draft; exporting makes a new video and keeps the original.
          </Text>
        </div>
        {ready.length === 0 ? (
          <Text c="dimmed" size="sm" role={list.status === 'error' ? 'alert' : undefined}>
            {list.status === 'loading' || list.status === 'idle'
              ? 'Loading your videos…'
              : list.status === 'error'
                ? 'Your videos could not be loaded.'
                : 'None of your videos is ready to edit yet: upload one, or wait until it finishes processing.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="list" aria-label="Videos to edit">
            {ready.map((video) => (
              <div role="listitem" key={video.id}>
                <UnstyledButton onClick={() => void editor.openVideo(video.id)} aria-label={`Edit ${video.title}`} w="100%">
                  <Stack gap={4}>
                    <VideoThumb url={video.thumbnail_url} />
                    <Text size="sm" fw={500} lineClamp={1}>
                      {video.title}
                    </Text>
                    {video.duration_seconds !== null && (
                      <Text size="xs" c="dimmed">
                        {formatTime(video.duration_seconds)}
                        {video.width && video.height ? ` · ${resolutionOf({ width: video.width, height: video.height })}p` : ''}
                      </Text>
                    )}
                  </Stack>
                </UnstyledButton>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
});

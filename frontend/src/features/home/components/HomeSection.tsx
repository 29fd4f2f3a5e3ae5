import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Box, Button, Card, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { reelPath } from '../../../shared/paths';
import { useStores } from '../../../stores/StoreProvider';
import { FilmIcon, ScissorsIcon, ShortsIcon, UploadIcon } from '../../../shared/icons';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { VideoTile } from '../../videos/components/VideoTile';
import { VideoListState } from '../../videos/components/VideoListState';
import { VideoUploadForm } from '../../videos/components/VideoUploadForm';

/** Shorts the home shelf shows (the newest ready ones). */
const SHELF_SIZE = 12;

/**
 * Home (seed 002 §2.3): for a signed-in user the upload banner, the Create & Upload card and the upload modal; for
 * everyone the horizontal videos, newest first, as thumbnails that open the watch page, and a shelf of Shorts. The account's details are in
 * Account Settings.
 */
export const HomeSection = observer(function HomeSection() {
  const { auth, videos, reels } = useStores();
  const { openSection } = useSectionNavigation();
  const [uploadOpen, setUploadOpen] = useState(false);
  useEffect(() => videos.watch('horizontal'), [videos]);
  useEffect(() => reels.watch(), [reels]);
  const shorts = reels.reels.filter((reel) => reel.status === 'ready').slice(0, SHELF_SIZE);

  const user = auth.user;

  return (
    <Stack gap="lg">
      {user ? (
      <Card
        radius="md"
        padding="xl"
        component="section"
        aria-label="Upload banner"
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-indigo-7), var(--mantine-color-grape-6))' }}
        c="white"
      >
        <Group justify="space-between" align="center" gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Welcome back, {user.first_name}
            </Title>
            <Text>Share your next video with the world: upload it in a minute.</Text>
          </Stack>
          <Button variant="white" color="indigo" leftSection={<UploadIcon size={16} />} onClick={() => setUploadOpen(true)}>
            Upload video
          </Button>
        </Group>
      </Card>
      ) : (
        <Stack gap={4} component="section" aria-label="Welcome">
          <Title order={1} size="h2">
            Watch what people share here
          </Title>
          <Text c="dimmed">Videos, shorts and movies from the creators of this Scriven. Sign in to like, comment, follow and upload.</Text>
        </Stack>
      )}

      {user && (
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Create & Upload">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Create &amp; Upload
          </Title>
          <Text size="sm" c="dimmed">
            Long videos, shorts, and files of any size.
          </Text>
          <Group gap="sm">
            <Button variant="light" leftSection={<UploadIcon size={16} />} onClick={() => setUploadOpen(true)}>
              Quick upload
            </Button>
            <Button variant="light" leftSection={<ShortsIcon size={16} />} onClick={() => openSection('reels', 'upload')}>
              Create a short
            </Button>
            <Button variant="light" leftSection={<FilmIcon size={16} />} onClick={() => openSection('video-upload', 'large')}>
              Upload a large file
            </Button>
            <Button variant="light" leftSection={<ScissorsIcon size={16} />} onClick={() => openSection('editor')}>
              Open Editor Studio
            </Button>
          </Group>
        </Stack>
      </Card>
      )}

      <Box component="section" aria-label="Videos">
        <Title order={2} size="h3" mb="sm">
          Videos
        </Title>
        <VideoListState kind="horizontal" empty={user ? 'No videos yet. Upload the first one!' : 'No videos yet.'}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg" verticalSpacing="xl" role="list" aria-label="Horizontal videos">
            {videos.lists.horizontal.items.map((video) => (
              <div key={video.id} role="listitem">
                <VideoTile video={video} />
              </div>
            ))}
          </SimpleGrid>
          {videos.lists.horizontal.nextCursor && (
            <Group justify="center" mt="lg">
              <Button variant="default" loading={videos.lists.horizontal.status === 'loading'} onClick={() => void videos.loadMore('horizontal')}>
                Show more
              </Button>
            </Group>
          )}
        </VideoListState>
      </Box>

      {shorts.length > 0 && (
        <Box component="section" aria-label="Shorts">
          <Title order={2} size="h3" mb="sm">
            Shorts
          </Title>
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap="md" wrap="nowrap" align="flex-start" pb="xs" role="list" aria-label="Shorts shelf">
              {shorts.map((reel) => (
                <Box key={reel.id} w={170} style={{ flex: '0 0 auto' }} role="listitem">
                  <VideoTile video={reel} vertical href={reelPath(reel.id)} />
                </Box>
              ))}
            </Group>
          </ScrollArea>
        </Box>
      )}

      <Modal opened={uploadOpen} onClose={() => setUploadOpen(false)} title="Upload video" centered>
        <VideoUploadForm variant="home" onDone={() => setUploadOpen(false)} onCancel={() => setUploadOpen(false)} />
      </Modal>

    </Stack>
  );
});

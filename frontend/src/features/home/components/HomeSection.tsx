import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Box, Button, Card, Center, CloseButton, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { reelPath, videoPath } from '../../../shared/paths';
import { movieWatchPath } from '../../movies/rules';
import { useStores } from '../../../stores/StoreProvider';
import { FilmIcon, ScissorsIcon, ShortsIcon, UploadIcon } from '../../../shared/icons';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { VideoTile } from '../../videos/components/VideoTile';
import { VideoListState } from '../../videos/components/VideoListState';
import { VideoUploadForm } from '../../videos/components/VideoUploadForm';
import type { VideoDto } from '../../videos/types';
import type { HomeDto } from '../HomeStore';

/** Shorts the home shelf shows (the newest ready ones). */
const SHELF_SIZE = 12;

/**
 * Home (seed 002 §2.3): for a signed-in user the upload banner, the Create & Upload card and the upload modal; for
 * everyone the horizontal videos, newest first, as thumbnails that open the watch page, and a shelf of Shorts. The account's details are in
 * Account Settings.
 */
export const HomeSection = observer(function HomeSection() {
  const { auth, videos, reels, home, features } = useStores();
  const { openSection } = useSectionNavigation();
  const [uploadOpen, setUploadOpen] = useState(false);
  // Switched-off features leave no way in: no upload buttons, no Shorts shelf (and no reading of reels).
  const uploads = features.isEnabled('uploads');
  const reelsOn = features.isEnabled('reels');
  useEffect(() => videos.watch('horizontal'), [videos]);
  useEffect(() => (reelsOn ? reels.watch() : undefined), [reels, reelsOn]);
  const userId = auth.user?.id ?? null;
  // Following and Continue watching belong to whoever is signed in: read again when that changes.
  useEffect(() => void home.load(), [home, userId]);
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
            <Text>{uploads ? 'Share your next video with the world: upload it in a minute.' : 'Here is what is new on Scriven.'}</Text>
          </Stack>
          {uploads && (
            <Button variant="white" color="indigo" leftSection={<UploadIcon size={16} />} onClick={() => setUploadOpen(true)}>
              Upload video
            </Button>
          )}
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

      {user && uploads && (
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
            {reelsOn && (
              <Button variant="light" leftSection={<ShortsIcon size={16} />} onClick={() => openSection('reels', 'upload')}>
                Create a short
              </Button>
            )}
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

      <DiscoverySections signedIn={!!user} />

      <Box component="section" aria-label="New">
        <Title order={2} size="h3" mb="sm">
          New
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

      {reelsOn && shorts.length > 0 && (
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

/** A row of video tiles that scrolls sideways (Continue watching, Following, Trending). */
function Shelf({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group gap="md" wrap="nowrap" align="flex-start" pb="xs" role="list" aria-label={label}>
        {children}
      </Group>
    </ScrollArea>
  );
}

function ShelfItem({ children }: { children: React.ReactNode }) {
  return (
    <Box w={{ base: 240, sm: 280 }} style={{ flex: '0 0 auto' }} role="listitem">
      {children}
    </Box>
  );
}

function SectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <Title order={2} size="h3" mb="sm">
      {children}
    </Title>
  );
}

/** Share of a video watched, for the progress bar; null when its length is unknown. */
function watchedShare(position: number, video: Pick<VideoDto, 'duration_seconds'>): number | undefined {
  return video.duration_seconds ? position / video.duration_seconds : undefined;
}

/**
 * Home's sections from GET /api/home: Continue watching (hidden when empty), the newest from followed channels, and
 * Trending (the last 48 hours of views, weighted by watch time). Each says so when it has nothing to show.
 */
const DiscoverySections = observer(function DiscoverySections({ signedIn }: { signedIn: boolean }) {
  const { home } = useStores();
  const { status, data } = home.sections;
  if (status === 'loading' || (status === 'idle' && !data)) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading your home" />
      </Center>
    );
  }
  if (!data) {
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          Trending and your channels could not be loaded.
        </Text>
        <Button size="xs" variant="default" onClick={() => void home.load()}>
          Retry
        </Button>
      </Group>
    );
  }
  return <Sections data={data} signedIn={signedIn} onForget={(id) => void home.forget(id)} />;
});

function Sections({ data, signedIn, onForget }: { data: HomeDto; signedIn: boolean; onForget: (id: string) => void }) {
  return (
    <>
      {signedIn && data.continue_watching.length > 0 && (
        <Box component="section" aria-label="Continue watching">
          <SectionTitle>Continue watching</SectionTitle>
          <Shelf label="Continue watching">
            {data.continue_watching.map(({ video, kind, position_seconds }) => (
              <ShelfItem key={video.id}>
                <Box pos="relative">
                  <VideoTile video={video} href={kind === 'movie' ? movieWatchPath(video.id, position_seconds) : videoPath(video.id, position_seconds)} progress={watchedShare(position_seconds, video)} />
                  <CloseButton
                    pos="absolute"
                    top={6}
                    right={6}
                    size="sm"
                    variant="filled"
                    aria-label={`Remove ${video.title} from Continue watching`}
                    onClick={() => onForget(video.id)}
                  />
                </Box>
              </ShelfItem>
            ))}
          </Shelf>
        </Box>
      )}

      {signedIn && (
        <Box component="section" aria-label="From channels you follow">
          <SectionTitle>From channels you follow</SectionTitle>
          {data.following.length > 0 ? (
            <Shelf label="From channels you follow">
              {data.following.map((video) => (
                <ShelfItem key={video.id}>
                  <VideoTile video={video} />
                </ShelfItem>
              ))}
            </Shelf>
          ) : (
            <Text size="sm" c="dimmed">
              Nothing new from channels you follow. Follow a channel from its page or from one of its videos to see its newest uploads here.
            </Text>
          )}
        </Box>
      )}

      <Box component="section" aria-label="Trending">
        <SectionTitle>Trending</SectionTitle>
        {data.trending.length > 0 ? (
          <Shelf label="Trending">
            {data.trending.map((video) => (
              <ShelfItem key={video.id}>
                <VideoTile video={video} />
              </ShelfItem>
            ))}
          </Shelf>
        ) : (
          <Text size="sm" c="dimmed">
            Nothing is trending yet: videos watched in the last 48 hours show here.
          </Text>
        )}
      </Box>
    </>
  );
}

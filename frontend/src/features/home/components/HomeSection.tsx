import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Box, Button, Card, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { FilmIcon, ScissorsIcon, ShortsIcon, UploadIcon } from '../../../shared/icons';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { VideoCard } from '../../videos/components/VideoCard';
import { VideoListState } from '../../videos/components/VideoListState';
import { VideoUploadForm } from '../../videos/components/VideoUploadForm';

/**
 * Home (seed 002 §2.3): the upload banner, the Create & Upload card, the horizontal videos and the upload modal; then
 * the signed-in user's own account, from /api/me.
 */
export const HomeSection = observer(function HomeSection() {
  const { auth, videos } = useStores();
  const { openSection } = useSectionNavigation();
  const [uploadOpen, setUploadOpen] = useState(false);
  useEffect(() => videos.watch('horizontal'), [videos]);

  const user = auth.user;
  if (!user) return null;

  const contact = user.email
    ? { label: 'Email', value: user.email }
    : user.phone_number
      ? { label: 'Phone number', value: user.phone_number }
      : null;

  return (
    <Stack gap="lg">
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

      <Box component="section" aria-label="Videos">
        <Title order={2} size="h3" mb="sm">
          Videos
        </Title>
        <VideoListState kind="horizontal" empty="No videos yet. Upload the first one!">
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap="md" wrap="nowrap" align="flex-start" pb="xs" role="list" aria-label="Horizontal videos">
              {videos.lists.horizontal.items.map((video) => (
                <Box key={video.id} w={300} style={{ flex: '0 0 auto' }} role="listitem">
                  <VideoCard video={video} />
                </Box>
              ))}
            </Group>
          </ScrollArea>
        </VideoListState>
      </Box>

      <Modal opened={uploadOpen} onClose={() => setUploadOpen(false)} title="Upload video" centered>
        <VideoUploadForm variant="home" onDone={() => setUploadOpen(false)} onCancel={() => setUploadOpen(false)} />
      </Modal>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={960}>
        <Card withBorder padding="lg" radius="md" component="section" aria-label="Your account">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Display name
                </Text>
                <Text size="lg" fw={600}>
                  {user.display_name}
                </Text>
              </div>
              <Group gap={6}>
                {user.is_premium && <Badge color="yellow">Premium</Badge>}
                {user.creator_program && <Badge color="grape">Creator program</Badge>}
                {user.is_admin && <Badge color="red">Admin</Badge>}
              </Group>
            </Group>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Name
              </Text>
              <Text>
                {user.first_name} {user.last_name}
              </Text>
            </div>
            {contact && (
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {contact.label}
                </Text>
                <Text>{contact.value}</Text>
              </div>
            )}
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Member since
              </Text>
              <Text>{formatDate(user.created_at)}</Text>
            </div>
            {user.is_premium && user.premium_expires && (
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Premium until
                </Text>
                <Text>{formatDate(user.premium_expires)}</Text>
              </div>
            )}
          </Stack>
        </Card>

        <Card withBorder padding="lg" radius="md" component="section" aria-label="Security">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4">
              Security
            </Title>
            <Text size="sm" c="dimmed">
              Signed in on a device you no longer use? Sign out everywhere: every session of your account ends,
              including this one.
            </Text>
            <Button
              color="red"
              variant="light"
              loading={auth.signOutEverywherePending}
              onClick={() => void auth.logoutEverywhere()}
            >
              Sign out of all devices
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
});

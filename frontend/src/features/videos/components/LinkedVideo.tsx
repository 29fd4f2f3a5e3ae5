import { observer } from 'mobx-react-lite';
import { Box, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../../stores/StoreProvider';
import { PATHS } from '../../../shared/paths';
import { VIDEO_MESSAGES } from '../messages';
import { VideoCard } from './VideoCard';

/**
 * What a shared video link (`/videos/:id`) shows: the video being read, then the same card as in the lists (inline
 * player, views, likes, share), or why it cannot be shown: not available (404), or not loaded, with Try again. The way
 * back goes to the home page.
 */
export const LinkedVideo = observer(function LinkedVideo({ onBack }: { onBack: () => void }) {
  const { videos } = useStores();
  const id = videos.linkedId;
  const video = videos.linked;
  const status = videos.linkedStatus;

  if (status === 'loading' || status === 'idle') {
    return (
      <Center h={200} role="status" aria-label="Loading video">
        <Loader />
      </Center>
    );
  }
  if (status === 'ready' && video) {
    return (
      <Stack gap="md">
        <Box w="100%" maw={video.is_vertical ? 360 : undefined} mx="auto">
          <VideoCard video={video} />
        </Box>
        <Group justify="center">
          <Button variant="default" onClick={onBack}>
            Go to the home page
          </Button>
        </Group>
      </Stack>
    );
  }
  const missing = status === 'missing';
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2} size="h3">
          {missing ? VIDEO_MESSAGES.unavailable : VIDEO_MESSAGES.loadOneFailed}
        </Title>
        <Text c="dimmed">{missing ? VIDEO_MESSAGES.unavailableHint : VIDEO_MESSAGES.loadOneFailedHint}</Text>
        <Group gap="sm" justify="center">
          {!missing && id && <Button onClick={() => void videos.openLink(id)}>Try again</Button>}
          <Button variant={missing ? 'filled' : 'default'} onClick={onBack}>
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
});

/** A shared video over the signed-in shell; closing it goes to the home page (`/`). */
export const LinkedVideoDialog = observer(function LinkedVideoDialog() {
  const { videos } = useStores();
  const navigate = useNavigate();
  const back = () => {
    videos.closeLink();
    navigate(PATHS.home);
  };
  return (
    <Modal.Root opened={videos.linkedStatus !== 'idle'} onClose={back} size="xl" centered>
      <Modal.Overlay />
      <Modal.Content aria-label={videos.linked?.title ?? 'Shared video'}>
        <Modal.Header>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <LinkedVideo onBack={back} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
});

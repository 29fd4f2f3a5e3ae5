import { observer } from 'mobx-react-lite';
import { Center, Loader, Modal } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { VideoCard } from './VideoCard';

/**
 * One video on its own (opened from the following feed or a notification, `videos.openById`): the same card as in the
 * lists, with its inline player, likes and views, in a dialog over the current section.
 */
export const VideoDialog = observer(function VideoDialog() {
  const { videos } = useStores();
  const video = videos.opened;
  return (
    <Modal.Root opened={videos.openedStatus !== 'idle'} onClose={videos.closeOpened} size="xl" centered>
      <Modal.Overlay />
      <Modal.Content aria-label={video?.title ?? 'Loading video'}>
        <Modal.Header>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {video ? (
            <VideoCard video={video} />
          ) : (
            <Center h={200} role="status" aria-label="Loading video">
              <Loader />
            </Center>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
});

import { observer } from 'mobx-react-lite';
import { Card, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useStores } from '../../../stores/StoreProvider';
import { UploadIcon, VideoIcon } from '../../../shared/icons';
import { VIDEO_DROPZONE_ACCEPT } from '../../media/videoFiles';

/**
 * The editor's quick upload (seed 002 §5, §7): a dropped or chosen file is uploaded at once, titled with its name.
 * Files over 1GB are refused and pointed to the chunked upload.
 */
export const QuickUpload = observer(function QuickUpload() {
  const { videos } = useStores();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Quick upload">
      <Stack gap="sm">
        <Dropzone
          onDrop={(files) => {
            const file = files[0];
            if (file) void videos.quickUpload(file);
          }}
          multiple={false}
          loading={videos.uploadPending}
          accept={VIDEO_DROPZONE_ACCEPT}
          onReject={(rejections) => {
            const file = rejections[0]?.file;
            if (file) void videos.quickUpload(file);
          }}
          role="button"
          aria-label="Drop a video here or click to choose one"
          inputProps={{ 'aria-label': 'Choose video file' }}
        >
          <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <UploadIcon size={40} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <UploadIcon size={40} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <VideoIcon size={40} />
            </Dropzone.Idle>
            <Stack gap={4}>
              <Text fw={600}>Drag a video here or click to choose one</Text>
              <Text size="sm" c="dimmed">
                Uploaded at once, titled with its file name. Up to 1GB: use the large file upload for bigger files.
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Stack>
    </Card>
  );
});

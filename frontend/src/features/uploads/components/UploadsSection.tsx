import { Card, Stack, Text, Title } from '@mantine/core';
import { VideoUploadForm } from '../../videos/components/VideoUploadForm';
import { UploadTabs } from './UploadTabs';

/** The upload section (seed 002 §2.2 upload, §2.4): large (chunked) and small (one request) uploads. */
export function UploadsSection() {
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h2">
          Uploads
        </Title>
        <Text c="dimmed" size="sm">
          Large files go in chunks you can pause and resume; small files go in one request.
        </Text>
      </div>
      <UploadTabs
        section="video-upload"
        small={
          <Card withBorder radius="md" padding="lg">
            <VideoUploadForm variant="full" />
          </Card>
        }
      />
    </Stack>
  );
}

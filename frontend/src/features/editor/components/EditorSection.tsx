import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FEATURE_MESSAGES } from '../../features/FeaturesStore';
import { mineList } from '../../videos/types';
import { UploadTabs } from '../../uploads/components/UploadTabs';
import { QuickUpload } from './QuickUpload';
import { RecentUploads } from './RecentUploads';

/**
 * The editor studio (seed 002 §2.14): its Upload tab, with the large-file and small-file uploads and the recent
 * uploads. The seed's Timeline, Filters, Effects and Audio tabs have no behaviour, so they are not offered. While the
 * `uploads` feature is off, the Upload part says so instead of offering uploads; the recent uploads stay.
 */
export const EditorSection = observer(function EditorSection() {
  const { videos, features } = useStores();
  const uploads = features.isEnabled('uploads');
  // Every page of the user's own videos, so that View All counts them all.
  useEffect(() => videos.watch(mineList('all'), { everyPage: true }), [videos]);

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1} size="h2">
          Editor Studio
        </Title>
        <Text c="dimmed" size="sm">
          {uploads ? 'Upload new videos and follow the ones you uploaded recently.' : 'Follow the videos you uploaded recently.'}
        </Text>
      </div>
      <Stack gap="sm" component="section" aria-label="Upload">
        <Title order={2} size="h3">
          Upload
        </Title>
        {uploads ? (
          <UploadTabs section="editor" small={<QuickUpload />} />
        ) : (
          <Alert color="gray" variant="light" role="status">
            {FEATURE_MESSAGES.off}
          </Alert>
        )}
      </Stack>
      <RecentUploads />
    </Stack>
  );
});

import { useEffect } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { mineList } from '../../videos/types';
import { UploadTabs } from '../../uploads/components/UploadTabs';
import { QuickUpload } from './QuickUpload';
import { RecentUploads } from './RecentUploads';

/**
 * The editor studio (seed 002 §2.14): its Upload tab, with the large-file and small-file uploads and the recent
 * uploads. The seed's Timeline, Filters, Effects and Audio tabs have no behaviour, so they are not offered.
 */
export function EditorSection() {
  const { videos } = useStores();
  // Every page of the user's own videos, so that View All counts them all.
  useEffect(() => videos.watch(mineList('all'), { everyPage: true }), [videos]);

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1} size="h2">
          Editor Studio
        </Title>
        <Text c="dimmed" size="sm">
          Upload new videos and follow the ones you uploaded recently.
        </Text>
      </div>
      <Title order={2} size="h3">
        Upload
      </Title>
      <UploadTabs section="editor" small={<QuickUpload />} />
      <RecentUploads />
    </Stack>
  );
}

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FEATURE_MESSAGES } from '../../features/FeaturesStore';
import { mineList } from '../../videos/types';
import { UploadTabs } from '../../uploads/components/UploadTabs';
import { EDITOR_TAB_LABELS, EDITOR_TABS, type EditorTab } from '../types';
import { EditingTab } from './EditingTab';
import { QuickUpload } from './QuickUpload';
import { RecentUploads } from './RecentUploads';

/**
 * The editor studio (seed 002 §2.14, issue 19), in the seed's tabs: Upload (the large-file and small-file uploads and
 * the recent uploads), then Timeline, Filters, Effects, Audio and Export, which edit one of the user's ready videos
 * (picked first). While the `uploads` feature is off, the Upload part says so instead of offering uploads (the recent
 * uploads stay); while `editor` is off, the editing tabs say so.
 */
export const EditorSection = observer(function EditorSection() {
  const { videos, features, editor } = useStores();
  const uploads = features.isEnabled('uploads');
  // Every page of the user's own videos, so that View All counts them all (and the picker lists every ready one).
  useEffect(() => videos.watch(mineList('all'), { everyPage: true }), [videos]);
  useEffect(() => editor.attach(), [editor]);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Editor Studio
        </Title>
        <Text c="dimmed" size="sm">
          {uploads ? 'Upload new videos, then cut, filter, title, score and export them.' : 'Edit the videos you uploaded.'}
        </Text>
      </div>
      <Tabs value={editor.tab} onChange={(value) => value && editor.setTab(value as EditorTab)} keepMounted={false}>
        <Tabs.List mb="md">
          {EDITOR_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {EDITOR_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="upload">
          <Stack gap="lg">
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
        </Tabs.Panel>
        {EDITOR_TABS.filter((tab) => tab !== 'upload').map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <EditingTab tab={tab} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { MusicTab } from '../types';
import { DiscoverPanel } from './DiscoverPanel';
import { MusicUploadForm } from './MusicUploadForm';
import { PlaylistsPanel } from './PlaylistsPanel';
import { TrackListView } from './TrackListView';

/** Music (seed 002 §2.8): Library, Music Videos, Playlists, Upload, Discover; the player bar plays what is chosen. */
export const MusicSection = observer(function MusicSection() {
  const { music, features } = useStores();
  const uploads = features.isEnabled('uploads');
  const signedIn = music.signedIn;

  const tab = music.tab;
  useEffect(() => music.watch(), [music]);
  useEffect(() => {
    void music.loadTab();
  }, [music, tab]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Music
        </Title>
        <Text c="dimmed" size="sm">
          Tracks and music videos from the community.
        </Text>
      </div>
      <Tabs value={tab} onChange={(value) => value && music.setTab(value as MusicTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="library">Library</Tabs.Tab>
          <Tabs.Tab value="videos">Music Videos</Tabs.Tab>
          {signedIn && <Tabs.Tab value="playlists">Playlists</Tabs.Tab>}
          {signedIn && uploads && <Tabs.Tab value="upload">Upload</Tabs.Tab>}
          <Tabs.Tab value="discover">Discover</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="library">
          <TrackListView list={music.library} label="Library" empty="No tracks yet." />
        </Tabs.Panel>
        <Tabs.Panel value="videos">
          <TrackListView list={music.videos} label="Music videos" empty="No music videos yet." />
        </Tabs.Panel>
        <Tabs.Panel value="playlists">
          <PlaylistsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <MusicUploadForm />
        </Tabs.Panel>
        <Tabs.Panel value="discover">
          <DiscoverPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { PodcastTab } from '../types';
import { AnalyticsPanel } from './AnalyticsPanel';
import { DiscoverPanel } from './DiscoverPanel';
import { PodcastUploadForm } from './PodcastUploadForm';
import { ShowsPanel, SubscriptionsPanel } from './ShowsPanel';

/** Podcasts (seed 002 §2.9): Discover, Shows, Upload, Subscriptions, Analytics; the player bar plays what is chosen. */
export const PodcastsSection = observer(function PodcastsSection() {
  const { podcasts, features } = useStores();
  const uploads = features.isEnabled('uploads');
  const signedIn = podcasts.signedIn;

  const tab = podcasts.tab;
  useEffect(() => podcasts.watch(), [podcasts]);
  useEffect(() => {
    void podcasts.loadTab();
  }, [podcasts, tab, signedIn]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Podcasts
        </Title>
        <Text c="dimmed" size="sm">
          Shows and episodes from the community: listen, subscribe, or publish your own.
        </Text>
      </div>
      <Tabs value={tab} onChange={(value) => value && podcasts.setTab(value as PodcastTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="discover">Discover</Tabs.Tab>
          <Tabs.Tab value="shows">Shows</Tabs.Tab>
          {signedIn && uploads && <Tabs.Tab value="upload">Upload</Tabs.Tab>}
          {signedIn && <Tabs.Tab value="subscriptions">Subscriptions</Tabs.Tab>}
          {signedIn && <Tabs.Tab value="analytics">Analytics</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="discover">
          <DiscoverPanel />
        </Tabs.Panel>
        <Tabs.Panel value="shows">
          <ShowsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <PodcastUploadForm />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions">
          <SubscriptionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <AnalyticsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

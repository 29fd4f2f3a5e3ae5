import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Stack, Tabs, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { LIVE_TABS, type LiveTab } from '../messages';
import { GoLiveTab } from '../studio/GoLiveTab';
import { MyStreamTab } from '../studio/MyStreamTab';
import { LiveNowTab } from './LiveNowTab';

/**
 * The Live section (seed 002 §2.7) with its tabs: Live Now (everyone), Go Live (signed in) and My Stream (only while
 * the user streams). The studio's tabs (Go Live, My Stream) live in ../studio.
 */
export const LiveSection = observer(function LiveSection() {
  const { ui, live, auth } = useStores();
  const signedIn = auth.user !== null;
  const wanted = ui.tabOf<LiveTab>('live', LIVE_TABS.now);
  const tab: LiveTab =
    (wanted === LIVE_TABS.myStream && !live.isStreaming) || (wanted !== LIVE_TABS.now && !signedIn) ? LIVE_TABS.now : wanted;

  // The user's own open stream (a reload while streaming): My Stream comes back whichever tab is open.
  const userId = auth.user?.id;
  useEffect(() => {
    if (userId && !live.myStream) void live.loadMyStream();
  }, [live, userId]);

  return (
    <Stack gap="md">
      <Title order={2}>Live</Title>
      <Tabs value={tab} onChange={(value) => value && ui.setTab('live', value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={LIVE_TABS.now}>Live Now</Tabs.Tab>
          {signedIn && <Tabs.Tab value={LIVE_TABS.goLive}>Go Live</Tabs.Tab>}
          {signedIn && live.isStreaming && <Tabs.Tab value={LIVE_TABS.myStream}>My Stream</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value={LIVE_TABS.now} pt="md">
          <LiveNowTab />
        </Tabs.Panel>
        {signedIn && (
          <Tabs.Panel value={LIVE_TABS.goLive} pt="md">
            <GoLiveTab />
          </Tabs.Panel>
        )}
        {signedIn && live.isStreaming && (
          <Tabs.Panel value={LIVE_TABS.myStream} pt="md">
            <MyStreamTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
});

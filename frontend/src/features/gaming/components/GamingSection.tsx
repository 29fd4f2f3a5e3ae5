import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { gamingPath, PATHS } from '../../../shared/paths';
import { GamepadIcon } from '../../../shared/icons';
import { GAMING_TAB_LABELS, GAMING_TABS, isGamingTab, type GamingTab } from '../messages';
import { TournamentsTab } from '../tournaments/TournamentsTab';
import { CommunityTab } from '../community/CommunityTab';
import { StreamsTab } from './StreamsTab';
import { GamesTab } from './GamesTab';
import { LeaderboardsTab } from './LeaderboardsTab';

/**
 * The Gaming section (seed 002 §2.10): Streams, Games, Tournaments, Leaderboards and Community. The open tab is in
 * the URL (`/gaming?tab=`), so a tab can be shared and Back returns to the previous one.
 */
export const GamingSection = observer(function GamingSection() {
  const { ui } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const wanted = ui.tabOf<string>('gaming', 'streams');
  const tab: GamingTab = isGamingTab(wanted) ? wanted : 'streams';

  const choose = (value: string | null) => {
    if (!value || !isGamingTab(value) || value === tab) return;
    ui.setTab('gaming', value);
    // On /gaming the tab is the URL's; from another page the section opens on /gaming.
    navigate(gamingPath(value), { replace: location.pathname === PATHS.gaming && !location.search });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <GamepadIcon size={28} />
        <div>
          <Title order={1} size="h2">
            Gaming
          </Title>
          <Text size="sm" c="dimmed">
            Streams, browser games, tournaments and the community around them.
          </Text>
        </div>
      </Group>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {GAMING_TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {GAMING_TAB_LABELS[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="streams" pt="md">
          <StreamsTab />
        </Tabs.Panel>
        <Tabs.Panel value="games" pt="md">
          <GamesTab />
        </Tabs.Panel>
        <Tabs.Panel value="tournaments" pt="md">
          <TournamentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="leaderboards" pt="md">
          <LeaderboardsTab />
        </Tabs.Panel>
        <Tabs.Panel value="community" pt="md">
          <CommunityTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

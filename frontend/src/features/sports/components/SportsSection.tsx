import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Chip, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PATHS, sportsPath } from '../../../shared/paths';
import { isSport } from '../SportsStore';
import { SPORT_LABELS, SPORTS_MESSAGES, SPORTS_TAB_LABELS, SPORTS_TABS, isSportsTab, type SportsTab } from '../messages';
import { SPORTS } from '../types';
import { BallIcon } from './BallIcon';
import { SampleNotice } from './SampleNotice';
import { LiveStreamsTab } from './LiveStreamsTab';
import { ScheduleTab } from './ScheduleTab';
import { HighlightsTab } from './HighlightsTab';
import { StatisticsTab } from './StatisticsTab';

/**
 * The Sports section (seed 002 §2.12): a sport selector and the tabs Live Streams, Schedule, Highlights and Statistics,
 * all hard-coded sample data and labelled so. The sport and tab are in the URL (`/sports?sport=&tab=`). Live viewer
 * counts drift every 5 seconds while the section is shown.
 */
export const SportsSection = observer(function SportsSection() {
  const { ui, sports } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const wanted = ui.tabOf<string>('sports', 'live');
  const tab: SportsTab = isSportsTab(wanted) ? wanted : 'live';

  useEffect(() => {
    sports.startDrift();
    return () => sports.stopDrift();
  }, [sports]);

  // On /sports the sport and tab are the URL's; from another page the section opens on /sports.
  const go = (sport: string, next: SportsTab) =>
    navigate(sportsPath(sport, next), { replace: location.pathname === PATHS.sports && !location.search });

  const chooseTab = (value: string | null) => {
    if (!value || !isSportsTab(value) || value === tab) return;
    ui.setTab('sports', value);
    go(sports.sport, value);
  };

  const chooseSport = (value: string) => {
    if (!isSport(value) || value === sports.sport) return;
    sports.selectSport(value);
    go(value, tab);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="center" wrap="nowrap">
        <BallIcon size={28} />
        <div>
          <Group gap="xs" align="center">
            <Title order={1} size="h2">
              Sports
            </Title>
            <Badge color="yellow" variant="light">
              {SPORTS_MESSAGES.sampleBadge}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Live streams, schedules, highlights and statistics, shown with sample data.
          </Text>
        </div>
      </Group>
      <Chip.Group multiple={false} value={sports.sport} onChange={chooseSport}>
        <Group gap="xs" role="radiogroup" aria-label="Sport">
          {SPORTS.map((sport) => (
            <Chip key={sport} value={sport} variant="outline">
              {SPORT_LABELS[sport]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List>
          {SPORTS_TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {SPORTS_TAB_LABELS[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="live" pt="md">
          <SampleNotice />
          <LiveStreamsTab />
        </Tabs.Panel>
        <Tabs.Panel value="schedule" pt="md">
          <SampleNotice />
          <ScheduleTab />
        </Tabs.Panel>
        <Tabs.Panel value="highlights" pt="md">
          <SampleNotice />
          <HighlightsTab />
        </Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md">
          <SampleNotice />
          <StatisticsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

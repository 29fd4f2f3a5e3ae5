import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { adsPath, PATHS } from '../../../shared/paths';
import { MegaphoneIcon } from '../../../shared/icons';
import { ADS_MESSAGES, ADS_TAB_LABELS, ADS_TABS, isAdsTab, type AdsTab } from '../messages';
import { SampleDataNotice } from './SampleDataNotice';
import { OverviewTab } from './OverviewTab';
import { CampaignsTab } from './CampaignsTab';
import { AnalyticsTab } from './AnalyticsTab';

/**
 * The Ads Manager (seed 002 §2.13): Overview, Campaigns and Analytics of hard-coded sample campaigns, with the sample
 * notice above every tab. The open tab is in the URL (`/ads?tab=`), so a tab can be shared and Back returns to it.
 */
export const AdsSection = observer(function AdsSection() {
  const { ui } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const wanted = ui.tabOf<string>('ads', 'overview');
  const tab: AdsTab = isAdsTab(wanted) ? wanted : 'overview';

  const choose = (value: string | null) => {
    if (!value || !isAdsTab(value) || value === tab) return;
    ui.setTab('ads', value);
    // On /ads the tab is the URL's; from another page the section opens on /ads.
    navigate(adsPath(value), { replace: location.pathname === PATHS.ads && !location.search });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="center" wrap="nowrap">
        <MegaphoneIcon size={28} />
        <div>
          <Title order={1} size="h2">
            {ADS_MESSAGES.title}
          </Title>
          <Text size="sm" c="dimmed">
            {ADS_MESSAGES.subtitle}
          </Text>
        </div>
      </Group>
      <SampleDataNotice />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {ADS_TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {ADS_TAB_LABELS[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="campaigns" pt="md">
          <CampaignsTab />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <AnalyticsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});

import { observer } from 'mobx-react-lite';
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { AreaChart } from '@mantine/charts';
import { formatDollars, formatUptime } from '../../../shared/format';
import type { FounderStore } from '../FounderStore';
import { FOUNDER_MESSAGES } from '../messages';
import { formatPercent, monthLabel, orNotMeasured } from '../insights';
import type { FounderAnalytics } from '../types';
import { ChartFigure, Figure, LoadState, Panel, ScrollRegion } from './parts';

const count = (value: number) => value.toLocaleString('en-US');

function trendSummary(data: FounderAnalytics): string {
  const trend = data.growth_metrics.monthly_trend;
  if (trend.length === 0) return 'Monthly trend: no months yet.';
  const first = trend[0];
  const last = trend[trend.length - 1];
  const users = trend.reduce((sum, m) => sum + m.new_users, 0);
  const videos = trend.reduce((sum, m) => sum + m.new_videos, 0);
  return `Monthly trend from ${monthLabel(first.month)} to ${monthLabel(last.month)}: ${count(users)} new users and ${count(videos)} new videos in all; ${count(last.new_users)} new users and ${count(last.new_videos)} new videos in ${monthLabel(last.month)}. The table below has every month.`;
}

function statusBadge(status: string, good: string) {
  return (
    <Badge color={status === good ? 'green' : 'red'} variant="light" size="lg">
      {status}
    </Badge>
  );
}

/** Seed 001 §2, Analytics: overview, money, growth and health, and the monthly trend (chart and table). */
export const AnalyticsTab = observer(function AnalyticsTab({ store }: { store: FounderStore }) {
  const { data, status } = store.analytics;
  if (!data) return <LoadState status={status} loadingLabel="Loading analytics" failed={FOUNDER_MESSAGES.analyticsFailed} onRetry={() => void store.loadAnalytics()} />;
  const { platform_overview: overview, financial_metrics: money, growth_metrics: growth, system_health: health } = data;
  const trend = growth.monthly_trend.map((m) => ({ ...m, label: monthLabel(m.month) }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Figures as of {new Date(data.generated_at).toLocaleString('en-GB')}
        </Text>
        <Button variant="default" size="xs" onClick={() => void store.loadAnalytics()}>
          Refresh analytics
        </Button>
      </Group>
      {status === 'error' && <Text c="red" role="alert">{FOUNDER_MESSAGES.analyticsFailed}</Text>}

      <Panel id="founder-overview" title="Platform overview">
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <Figure label="Total users" value={count(overview.total_users)} />
          <Figure label="Total videos" value={count(overview.total_videos)} />
          <Figure
            label="Total music"
            value={orNotMeasured(overview.total_music, count)}
            missing={overview.total_music === null}
            hint={overview.total_music === null ? 'There is no music library yet' : undefined}
          />
          <Figure label="Reels" value={count(overview.total_reels)} />
          <Figure label="Movies" value={count(overview.total_movies)} />
          <Figure label="Live streams" value={count(overview.total_live_streams)} />
        </SimpleGrid>
      </Panel>

      <Panel id="founder-money" title="Financial metrics">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure label="Net profit" value={formatDollars(money.net_profit)} />
          <Figure label="Total revenue" value={formatDollars(money.total_revenue)} />
          <Figure label="Creator payouts" value={formatDollars(money.creator_payouts)} />
          <Figure label="Revenue per user" value={formatDollars(money.revenue_per_user)} />
        </SimpleGrid>
      </Panel>

      <Panel id="founder-growth" title="Growth metrics">
        <SimpleGrid cols={{ base: 2 }}>
          <Figure
            label="User growth rate"
            value={orNotMeasured(growth.user_growth_rate, formatPercent, FOUNDER_MESSAGES.noData)}
            missing={growth.user_growth_rate === null}
            hint={growth.user_growth_rate === null ? 'Needs last month’s sign-ups to compare with' : 'New users this month against last month'}
          />
          <Figure
            label="Engagement rate"
            value={orNotMeasured(growth.engagement_rate, formatPercent, FOUNDER_MESSAGES.noData)}
            missing={growth.engagement_rate === null}
            hint={growth.engagement_rate === null ? 'No views recorded yet' : 'Likes and comments per view'}
          />
        </SimpleGrid>
        {trend.length > 0 && (
          <ChartFigure summary={trendSummary(data)} height={260}>
            <AreaChart
              h={260}
              miw={320}
              data={trend}
              dataKey="label"
              series={[
                { name: 'new_users', label: 'New users', color: 'blue.6' },
                { name: 'new_videos', label: 'New videos', color: 'teal.6' },
              ]}
              curveType="monotone"
              areaChartProps={{ accessibilityLayer: false }}
              withLegend
              tickLine="y"
            />
          </ChartFigure>
        )}
        <ScrollRegion label="Monthly trend table" minWidth={420}>
          <Table withTableBorder striped aria-label="Monthly trend">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>New users</Table.Th>
                <Table.Th>New videos</Table.Th>
                <Table.Th>Views</Table.Th>
                <Table.Th>Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {growth.monthly_trend.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{monthLabel(m.month)}</Table.Td>
                  <Table.Td>{count(m.new_users)}</Table.Td>
                  <Table.Td>{count(m.new_videos)}</Table.Td>
                  <Table.Td>{orNotMeasured(m.views, count)}</Table.Td>
                  <Table.Td>{formatDollars(m.revenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Panel>

      <Panel id="founder-health" title="System health">
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          <Figure label="Server status" value={statusBadge(health.server_status, 'healthy')} />
          <Figure label="Database status" value={statusBadge(health.database_status, 'healthy')} />
          <Figure label="Uptime" value={formatUptime(health.uptime)} />
          <Figure label="Storage usage" value={orNotMeasured(health.storage_usage, formatPercent)} missing={health.storage_usage === null} hint={health.storage_usage === null ? undefined : 'Of the data disk'} />
          <Figure label="CDN performance" value={health.cdn_performance ?? FOUNDER_MESSAGES.noCdn} missing={health.cdn_performance === null} />
        </SimpleGrid>
      </Panel>
    </Stack>
  );
});

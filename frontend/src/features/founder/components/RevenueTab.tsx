import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart, DonutChart } from '@mantine/charts';
import { formatDollars } from '../../../shared/format';
import type { FounderStore } from '../FounderStore';
import { FOUNDER_MESSAGES } from '../messages';
import { formatPercent, monthLabel, percentChange, projectedAnnual } from '../insights';
import type { RevenueBreakdown } from '../types';
import { ChartFigure, Figure, LoadState, Panel, ScrollRegion } from './parts';

const SOURCE_COLORS: Record<string, string> = {
  premium: 'violet.6',
  ads: 'blue.6',
  membership: 'teal.6',
  super_chat: 'orange.6',
};

const TIER_LABELS: Record<RevenueBreakdown['top_earners'][number]['tier'], string> = { partner: 'Partner', creator: 'Creator' };

function sourcesSummary(data: RevenueBreakdown): string {
  if (data.total_revenue === 0) return 'Revenue sources: no revenue yet.';
  const parts = data.sources.map((s) => `${s.label} ${formatDollars(s.amount)} (${formatPercent(s.share)})`);
  return `Revenue sources of ${formatDollars(data.total_revenue)}: ${parts.join(', ')}.`;
}

function monthlySummary(data: RevenueBreakdown): string {
  if (data.monthly.length === 0) return 'Monthly revenue: no months yet.';
  const best = [...data.monthly].sort((a, b) => b.total - a.total)[0];
  const last = data.monthly[data.monthly.length - 1];
  return `Monthly revenue by source from ${monthLabel(data.monthly[0].month)} to ${monthLabel(last.month)}: ${formatDollars(last.total)} in ${monthLabel(last.month)}; the highest month was ${monthLabel(best.month)} with ${formatDollars(best.total)}. The table below has every month.`;
}

/** Seed 001 §2, Revenue: totals, this month against last, the projection, revenue by source, the top earners and revenue by month. */
export const RevenueTab = observer(function RevenueTab({ store }: { store: FounderStore }) {
  useEffect(() => {
    void store.loadRevenue();
  }, [store]);
  const { data, status } = store.revenue;
  if (!data) return <LoadState status={status} loadingLabel="Loading revenue" failed={FOUNDER_MESSAGES.revenueFailed} onRetry={() => void store.loadRevenue()} />;

  const months = data.monthly;
  const current = months[months.length - 1];
  const previous = months[months.length - 2];
  const change = current && previous ? percentChange(current.total, previous.total) : null;
  const projection = projectedAnnual(data);
  const donut = data.sources.filter((s) => s.amount > 0).map((s) => ({ name: s.label, value: s.amount, color: SOURCE_COLORS[s.source] ?? 'gray.6' }));

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => void store.loadRevenue()}>
          Refresh revenue
        </Button>
      </Group>
      {status === 'error' && <Text c="red" role="alert">{FOUNDER_MESSAGES.revenueFailed}</Text>}
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure
          label="Monthly revenue"
          value={current ? formatDollars(current.total) : FOUNDER_MESSAGES.noData}
          missing={!current}
          hint={change === null ? (current ? 'Nothing last month to compare with' : undefined) : `${change >= 0 ? 'Up' : 'Down'} ${formatPercent(Math.abs(change))} on last month`}
        />
        <Figure label="Total revenue" value={formatDollars(data.total_revenue)} hint="Last 12 months" />
        <Figure label="Platform revenue" value={formatDollars(data.platform_revenue)} />
        <Figure label="Creator payouts" value={formatDollars(data.creator_payouts)} />
        <Figure
          label="Projected annual"
          value={projection === null ? FOUNDER_MESSAGES.noData : formatDollars(projection)}
          missing={projection === null}
          hint="Last 3 months’ average × 12"
        />
      </SimpleGrid>

      <Panel id="founder-sources" title="Revenue sources">
        {donut.length > 0 ? (
          <ChartFigure summary={sourcesSummary(data)} height={180}>
            <Group justify="center">
              <DonutChart data={donut} size={180} thickness={28} accessibilityLayer={false} withTooltip valueFormatter={formatDollars} chartLabel={formatDollars(data.total_revenue)} />
            </Group>
          </ChartFigure>
        ) : (
          <Text c="dimmed">{FOUNDER_MESSAGES.noData}: no revenue has been recorded.</Text>
        )}
        <ScrollRegion label="Revenue sources table" minWidth={320}>
          <Table withTableBorder aria-label="Revenue sources">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sources.map((s) => (
                <Table.Tr key={s.source}>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td>{formatDollars(s.amount)}</Table.Td>
                  <Table.Td>{formatPercent(s.share)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Panel>

      <Panel id="founder-top-earners" title="Top earners">
        {data.top_earners.length === 0 ? (
          <Text c="dimmed">{FOUNDER_MESSAGES.noEarners}</Text>
        ) : (
          <ScrollRegion label="Top earners table" minWidth={320}>
            <Table withTableBorder aria-label="Top earners">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Tier</Table.Th>
                  <Table.Th>Earnings</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.top_earners.map((e) => (
                  <Table.Tr key={e.user_id}>
                    <Table.Td>{e.username}</Table.Td>
                    <Table.Td>{TIER_LABELS[e.tier]}</Table.Td>
                    <Table.Td>{formatDollars(e.earnings)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Panel>

      <Panel id="founder-monthly" title="Monthly trend">
        {months.length > 0 && (
          <ChartFigure summary={monthlySummary(data)} height={280}>
            <BarChart
              h={280}
              miw={320}
              data={months.map((m) => ({ ...m, label: monthLabel(m.month) }))}
              dataKey="label"
              type="stacked"
              barChartProps={{ accessibilityLayer: false }}
              withLegend
              valueFormatter={formatDollars}
              series={[
                { name: 'premium', label: 'Premium', color: SOURCE_COLORS.premium },
                { name: 'ads', label: 'Ads', color: SOURCE_COLORS.ads },
                { name: 'membership', label: 'Memberships', color: SOURCE_COLORS.membership },
                { name: 'super_chat', label: 'Super Chat', color: SOURCE_COLORS.super_chat },
              ]}
            />
          </ChartFigure>
        )}
        <ScrollRegion label="Monthly revenue table" minWidth={520}>
          <Table withTableBorder striped aria-label="Monthly revenue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Premium</Table.Th>
                <Table.Th>Ads</Table.Th>
                <Table.Th>Memberships</Table.Th>
                <Table.Th>Super Chat</Table.Th>
                <Table.Th>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{monthLabel(m.month)}</Table.Td>
                  <Table.Td>{formatDollars(m.premium)}</Table.Td>
                  <Table.Td>{formatDollars(m.ads)}</Table.Td>
                  <Table.Td>{formatDollars(m.membership)}</Table.Td>
                  <Table.Td>{formatDollars(m.super_chat)}</Table.Td>
                  <Table.Td>{formatDollars(m.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Panel>
    </Stack>
  );
});

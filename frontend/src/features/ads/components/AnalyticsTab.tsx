import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDollars } from '../../../shared/format';
import { formatInteger, formatPercent } from '../format';

const TRACK = 'var(--mantine-color-gray-light)';

function ChartCard({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/**
 * One row of a horizontal bar chart: the label and figure as text (what a screen reader reads), the bar drawn in SVG
 * (hidden from it). `share` and `marker` are fractions of the row's width.
 */
function BarRow({ label, figure, share, color, track, marker }: { label: string; figure: string; share: number; color: string; track?: number; marker?: number }) {
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  return (
    <li style={{ listStyle: 'none' }} aria-label={`${label}: ${figure}`}>
      <Group justify="space-between" wrap="wrap" mb={2} style={{ rowGap: 0, columnGap: 'var(--mantine-spacing-xs)' }}>
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {figure}
        </Text>
      </Group>
      <svg width="100%" height="12" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width={clamp(track ?? 1) * 100} height="12" rx="2" fill={TRACK} />
        <rect x="0" y="0" width={clamp(share) * 100} height="12" rx="2" fill={color} />
        {marker !== undefined && <rect x={clamp(marker) * 100 - 0.4} y="0" width="0.8" height="12" fill="var(--mantine-color-text)" />}
      </svg>
    </li>
  );
}

/** Impressions → clicks → conversions as a funnel; widths on a log scale, so the last stage stays visible. */
function Funnel({ impressions, clicks, conversions }: { impressions: number; clicks: number; conversions: number }) {
  const stages = [
    { label: 'Impressions', value: impressions, rate: null as string | null, color: 'var(--mantine-color-blue-6)' },
    { label: 'Clicks', value: clicks, rate: `${formatPercent(impressions > 0 ? (clicks / impressions) * 100 : 0)} of impressions`, color: 'var(--mantine-color-teal-6)' },
    { label: 'Conversions', value: conversions, rate: `${formatPercent(clicks > 0 ? (conversions / clicks) * 100 : 0)} of clicks`, color: 'var(--mantine-color-grape-6)' },
  ];
  const top = Math.log10(Math.max(10, impressions));
  const width = (value: number) => Math.max(0.2, Math.log10(Math.max(1, value)) / top) * 360;
  const height = 62;
  const gap = 8;
  return (
    <Stack gap="sm">
      <svg viewBox={`0 0 400 ${stages.length * (height + gap)}`} width="100%" style={{ maxWidth: 520 }} aria-hidden="true" focusable="false">
        {stages.map((stage, i) => {
          const w = width(stage.value);
          const next = i + 1 < stages.length ? width(stages[i + 1]!.value) : w * 0.8;
          const y = i * (height + gap);
          const points = [
            [200 - w / 2, y],
            [200 + w / 2, y],
            [200 + next / 2, y + height],
            [200 - next / 2, y + height],
          ]
            .map(([x, yy]) => `${x},${yy}`)
            .join(' ');
          return (
            <g key={stage.label}>
              <polygon points={points} fill={stage.color} opacity={0.9} />
              <text x="200" y={y + 27} textAnchor="middle" fill="#fff" fontSize="15" fontWeight="700">
                {formatInteger(stage.value)}
              </text>
              <text x="200" y={y + 46} textAnchor="middle" fill="#fff" fontSize="12">
                {stage.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ol aria-label="Funnel stages" style={{ margin: 0, paddingLeft: 18 }}>
        {stages.map((stage) => (
          <li key={stage.label}>
            <Text size="sm">
              {stage.label}: {formatInteger(stage.value)}
              {stage.rate ? ` (${stage.rate})` : ''}
            </Text>
          </li>
        ))}
      </ol>
      <Text size="xs" c="dimmed">
        Widths on a logarithmic scale.
      </Text>
    </Stack>
  );
}

/** Analytics (seed 002 §2.13): spend against budget, CTR per campaign, and the funnel, all drawn from the sample. */
export const AnalyticsTab = observer(function AnalyticsTab() {
  const { ads } = useStores();
  const campaigns = ads.campaigns;
  const summary = ads.summary;
  const maxBudget = Math.max(1, ...campaigns.map((c) => Math.max(c.budget, c.spent)));
  const maxCtr = Math.max(0.01, ...campaigns.map((c) => c.ctr), summary.average_ctr);

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard id="ads-spend-budget" title="Spend vs budget" description="What each campaign has spent (colour) out of its budget (track).">
        <ul aria-labelledby="ads-spend-budget" style={{ margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {campaigns.map((c) => (
            <BarRow
              key={c.id}
              label={c.name}
              figure={`${formatDollars(c.spent)} of ${formatDollars(c.budget)}`}
              share={c.spent / maxBudget}
              track={c.budget / maxBudget}
              color={c.spent > c.budget ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-blue-6)'}
            />
          ))}
        </ul>
      </ChartCard>

      <ChartCard
        id="ads-ctr"
        title="CTR per campaign"
        description={`Clicks per hundred impressions; the line marks the average, ${formatPercent(summary.average_ctr)}.`}
      >
        <ul aria-labelledby="ads-ctr" style={{ margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {campaigns.map((c) => (
            <BarRow
              key={c.id}
              label={c.name}
              figure={formatPercent(c.ctr)}
              share={c.ctr / maxCtr}
              marker={summary.average_ctr / maxCtr}
              color={c.ctr >= summary.average_ctr ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-orange-6)'}
            />
          ))}
        </ul>
      </ChartCard>

      <ChartCard id="ads-funnel" title="Clicks and conversions funnel" description="All campaigns together, from an impression to a conversion.">
        <Funnel impressions={summary.total_impressions} clicks={summary.total_clicks} conversions={summary.total_conversions} />
      </ChartCard>
    </SimpleGrid>
  );
});

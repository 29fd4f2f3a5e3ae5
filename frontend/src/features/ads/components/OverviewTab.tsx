import { observer } from 'mobx-react-lite';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDollars } from '../../../shared/format';
import { ADS_MESSAGES } from '../messages';
import { formatInteger, formatPercent } from '../format';
import { CampaignStatusBadge } from './CampaignStatusBadge';

function SummaryCard({ label, value, hint, sample }: { label: string; value: string; hint?: string; sample?: boolean }) {
  return (
    <Card withBorder padding="md" radius="md" role="group" aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {sample && (
          <Badge size="xs" color="yellow" variant="light">
            Sample
          </Badge>
        )}
      </Group>
      <Text fz={26} fw={700} mt={4} data-testid={`summary-${label}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Overview (seed 002 §2.13): the summary of the sample campaigns and the top campaigns by conversions. */
export const OverviewTab = observer(function OverviewTab() {
  const { ads } = useStores();
  const s = ads.summary;
  const spentShare = s.total_budget > 0 ? (s.total_spent / s.total_budget) * 100 : 0;
  const top = ads.topCampaigns(3);

  return (
    <Stack gap="lg">
      <section aria-label="Summary">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <SummaryCard label="Total budget" value={formatDollars(s.total_budget)} hint={`${ads.campaigns.length} campaigns, ${ads.activeCount} active`} />
          <SummaryCard label="Total spent" value={formatDollars(s.total_spent)} hint={`${formatPercent(spentShare)} of the budget`} />
          <SummaryCard label="Impressions" value={formatInteger(s.total_impressions)} />
          <SummaryCard label="Clicks" value={formatInteger(s.total_clicks)} />
          <SummaryCard label="Average CTR" value={formatPercent(s.average_ctr)} hint="All clicks over all impressions" />
          <SummaryCard label="Conversions" value={formatInteger(s.total_conversions)} />
          <SummaryCard
            label="Revenue generated"
            value={formatDollars(s.revenue_generated)}
            hint={ADS_MESSAGES.revenueNote(formatDollars(ads.revenuePerConversion))}
            sample
          />
        </SimpleGrid>
      </section>

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="ads-top-campaigns">
        <Title order={3} size="h4" id="ads-top-campaigns" mb="sm">
          Top campaigns
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The campaigns with the most conversions.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Conversions</Table.Th>
                <Table.Th ta="right">CTR</Table.Th>
                <Table.Th>Budget used</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {top.map((c) => {
                const used = c.budget > 0 ? (c.spent / c.budget) * 100 : 0;
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>
                      <CampaignStatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatInteger(c.conversions)}</Table.Td>
                    <Table.Td ta="right">{formatPercent(c.ctr)}</Table.Td>
                    <Table.Td miw={160}>
                      <Text size="xs" c="dimmed">
                        {formatDollars(c.spent)} of {formatDollars(c.budget)}
                      </Text>
                      <Progress value={used} size="sm" aria-label={`${c.name}: ${formatPercent(used)} of the budget spent`} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
});

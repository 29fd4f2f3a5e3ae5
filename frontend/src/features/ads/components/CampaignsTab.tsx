import { observer } from 'mobx-react-lite';
import { Card, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ChevronDownIcon, ChevronUpIcon } from '../../../shared/icons';
import { formatDollars } from '../../../shared/format';
import type { CampaignSortKey } from '../AdsStore';
import { ADS_MESSAGES } from '../messages';
import { formatInteger, formatPercent, formatShortDate } from '../format';
import { CampaignStatusBadge } from './CampaignStatusBadge';

const COLUMNS: { key: CampaignSortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Campaign' },
  { key: 'status', label: 'Status' },
  { key: 'budget', label: 'Budget', numeric: true },
  { key: 'spent', label: 'Spent', numeric: true },
  { key: 'impressions', label: 'Impressions', numeric: true },
  { key: 'clicks', label: 'Clicks', numeric: true },
  { key: 'ctr', label: 'CTR', numeric: true },
  { key: 'cost_per_click', label: 'Cost per click', numeric: true },
  { key: 'conversions', label: 'Conversions', numeric: true },
  { key: 'startDate', label: 'Dates' },
];

/** A column heading that sorts the table; `aria-sort` tells which column sorts it and which way. */
const SortHeader = observer(function SortHeader({ column }: { column: (typeof COLUMNS)[number] }) {
  const { ads } = useStores();
  const sorted = ads.sortKey === column.key;
  const Arrow = ads.sortDirection === 'asc' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <Table.Th aria-sort={sorted ? (ads.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'} ta={column.numeric ? 'right' : undefined}>
      <UnstyledButton onClick={() => ads.sortBy(column.key)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
          {column.label}
          {sorted ? <Arrow size={14} /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
});

/** Campaigns (seed 002 §2.13): every sample campaign with its figures; the status is shown, not changed. */
export const CampaignsTab = observer(function CampaignsTab() {
  const { ads } = useStores();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Campaigns">
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Ad campaigns">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ads.sortedCampaigns.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td fw={500} miw={170}>
                  {c.name}
                </Table.Td>
                <Table.Td>
                  <CampaignStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td ta="right">{formatDollars(c.budget)}</Table.Td>
                <Table.Td ta="right">{formatDollars(c.spent)}</Table.Td>
                <Table.Td ta="right">{formatInteger(c.impressions)}</Table.Td>
                <Table.Td ta="right">{formatInteger(c.clicks)}</Table.Td>
                <Table.Td ta="right">{formatPercent(c.ctr)}</Table.Td>
                <Table.Td ta="right">{formatDollars(c.cost_per_click)}</Table.Td>
                <Table.Td ta="right">{formatInteger(c.conversions)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatShortDate(c.startDate)} – {formatShortDate(c.endDate)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="sm">
        {ADS_MESSAGES.statusDisplayOnly}
      </Text>
    </Card>
  );
});

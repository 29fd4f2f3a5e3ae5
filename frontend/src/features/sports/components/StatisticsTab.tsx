import { observer } from 'mobx-react-lite';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SPORT_LABELS, SPORTS_MESSAGES } from '../messages';
import { TeamLogo } from './TeamLogo';
import { EmptyState } from './EmptyState';

/** Statistics: the chosen sport's sample standings (or rankings) and leaders. */
export const StatisticsTab = observer(function StatisticsTab() {
  const { sports } = useStores();
  const stats = sports.statistics;
  if (!stats || stats.rows.length === 0) return <EmptyState title={SPORTS_MESSAGES.noStatistics(SPORT_LABELS[sports.sport].toLowerCase())} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={3} size="h4" mb="xs">
          {stats.tableTitle}
        </Title>
        <Table.ScrollContainer minWidth={360}>
          <Table striped highlightOnHover aria-label={stats.tableTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Name</Table.Th>
                {stats.columns.map((column) => (
                  <Table.Th key={column} ta="right">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.rows.map((row, index) => (
                <Table.Tr key={row.name}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TeamLogo logo={row.logo} size={24} />
                      <Text size="sm" fw={500}>
                        {row.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  {row.values.map((value, i) => (
                    <Table.Td key={stats.columns[i]} ta="right">
                      {value}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      {stats.leaders.length > 0 && (
        <div>
          <Title order={3} size="h4" mb="xs">
            Leaders
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {stats.leaders.map((leader) => (
              <Card key={leader.label} withBorder radius="md" padding="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {leader.label}
                </Text>
                <Text fw={700} size="lg">
                  {leader.value}
                </Text>
                <Text size="sm">
                  {leader.name} · {leader.team}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </div>
      )}
    </Stack>
  );
});

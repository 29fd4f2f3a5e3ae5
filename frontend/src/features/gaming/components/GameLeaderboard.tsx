import { observer } from 'mobx-react-lite';
import { Center, Group, Loader, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { GAMING_MESSAGES, PERIOD_LABELS } from '../messages';
import type { Resource } from '../../../shared/resource';
import type { GameLeaderboard as Board, LeaderboardPeriod } from '../types';

const PERIODS: LeaderboardPeriod[] = ['today', 'week', 'all'];

/**
 * A game's high scores (CONTRACT GameLeaderboardDto): Today, This week, All time; the top 10 (ties share a rank) and
 * the viewer's own rank, also when outside the top 10.
 */
export const GameLeaderboard = observer(function GameLeaderboard({
  board,
  period,
  onPeriod,
  title = 'High scores',
}: {
  board: Resource<Board>;
  period: LeaderboardPeriod;
  onPeriod: (period: LeaderboardPeriod) => void;
  title?: string;
}) {
  const { auth } = useStores();
  const data = board.data?.period === period ? board.data : null;
  const me = auth.user?.id;
  const inTop = data?.entries.some((entry) => entry.user_id === me) ?? false;

  let body;
  if (!data && (board.status === 'loading' || board.status === 'idle')) {
    body = (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading high scores" />
      </Center>
    );
  } else if (!data) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center">
        High scores could not be loaded.
      </Text>
    );
  } else if (data.entries.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {GAMING_MESSAGES.noScores}
      </Text>
    );
  } else {
    body = (
      <Table striped highlightOnHover verticalSpacing={6} aria-label={`${title}: ${PERIOD_LABELS[period]}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Rank</Table.Th>
            <Table.Th>Player</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              When
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.entries.map((entry) => (
            <Table.Tr key={entry.user_id} fw={entry.user_id === me ? 700 : undefined}>
              <Table.Td>{`#${entry.rank}`}</Table.Td>
              <Table.Td>{entry.user_id === me ? `${entry.username} (you)` : entry.username}</Table.Td>
              <Table.Td ta="right">{entry.score}</Table.Td>
              <Table.Td ta="right" visibleFrom="sm" c="dimmed">
                {formatDate(entry.achieved_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{title}</Text>
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(value) => onPeriod(value as LeaderboardPeriod)}
            data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            aria-label="Period"
          />
        </Group>
        {body}
        {data?.me && !inTop && (
          <Text size="sm" role="note">{`Your rank: #${data.me.rank} with ${data.me.score}`}</Text>
        )}
        {data && !data.me && me && data.entries.length > 0 && (
          <Text size="sm" c="dimmed">
            You have no score in this period yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Center, Grid, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount, formatDollars } from '../../../shared/format';
import { GAMING_MESSAGES } from '../messages';
import { GameLeaderboard } from './GameLeaderboard';

/** A money amount the API gives as a decimal string ("12.50") or a number, as "$12.50". */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  return formatDollars(Number.isFinite(value) ? value : 0);
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {text}
    </Text>
  );
}

const TopStreamers = observer(function TopStreamers() {
  const { gaming } = useStores();
  const rows = gaming.leaderboards.data?.top_streamers ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="top-streamers" h="100%">
      <Stack gap="sm">
        <Title order={3} size="h4" id="top-streamers">
          Top Streamers
        </Title>
        {rows.length === 0 ? (
          <Empty text={GAMING_MESSAGES.noStreamers} />
        ) : (
          // On a phone the table scrolls sideways inside its card rather than widening the page.
          <Table.ScrollContainer minWidth={420} type="native">
            <Table striped verticalSpacing={6} aria-label="Top Streamers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>Streamer</Table.Th>
                  <Table.Th ta="right">Total viewers</Table.Th>
                  <Table.Th ta="right">Streams</Table.Th>
                  <Table.Th ta="right">Donations</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={row._id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td fw={600}>{row.username}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.total_viewers)}</Table.Td>
                    <Table.Td ta="right">{row.stream_count}</Table.Td>
                    <Table.Td ta="right">{formatMoney(row.total_donations)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
});

const TournamentChampions = observer(function TournamentChampions() {
  const { gaming } = useStores();
  const rows = gaming.leaderboards.data?.top_tournament_winners ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tournament-champions" h="100%">
      <Stack gap="sm">
        <Title order={3} size="h4" id="tournament-champions">
          Tournament Champions
        </Title>
        {rows.length === 0 ? (
          <Empty text={GAMING_MESSAGES.noChampions} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={340} type="native">
              <Table striped verticalSpacing={6} aria-label="Tournament Champions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>#</Table.Th>
                    <Table.Th>Player</Table.Th>
                    <Table.Th ta="right">Tournaments won</Table.Th>
                    <Table.Th ta="right">Declared prizes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={row.user_id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td fw={600}>{row.username}</Table.Td>
                      <Table.Td ta="right">{row.tournaments_won}</Table.Td>
                      <Table.Td ta="right">{formatMoney(row.total_winnings)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              Prizes are declared by each tournament's organizer; Scriven does not collect or pay them.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
});

const GameHighScores = observer(function GameHighScores() {
  const { gaming } = useStores();
  const games = gaming.games;
  const picked = games.picked;

  useEffect(() => {
    if (picked && games.pickedBoard.status === 'idle') void games.loadPickedBoard();
  }, [games, picked]);

  if (games.games.length === 0) {
    const status = games.list.status;
    if (status === 'idle' || status === 'loading') {
      return (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading games" />
        </Center>
      );
    }
    if (status === 'error') {
      return (
        <Stack align="flex-start" gap="xs">
          <Text size="sm">Games could not be loaded.</Text>
          <Button size="xs" variant="default" onClick={() => void games.loadGames()}>
            Try again
          </Button>
        </Stack>
      );
    }
    return <Empty text={GAMING_MESSAGES.noGames} />;
  }
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Game"
        value={picked?.id ?? ''}
        data={games.games.map((game) => ({ value: game.id, label: game.name }))}
        onChange={(event) => games.pick(event.currentTarget.value || null)}
        maw={320}
      />
      {picked && (
        <GameLeaderboard
          board={games.pickedBoard}
          period={games.pickedPeriod}
          onPeriod={games.setPickedPeriod}
          title={`${picked.name} high scores`}
        />
      )}
    </Stack>
  );
});

/** Leaderboards (seed 002 §2.10, §3): Top Streamers, Tournament Champions, and each game's high scores. */
export const LeaderboardsTab = observer(function LeaderboardsTab() {
  const { gaming } = useStores();
  useEffect(() => {
    void gaming.loadLeaderboards();
    void gaming.games.loadGames();
  }, [gaming]);

  const status = gaming.leaderboards.status;
  return (
    <Stack gap="lg">
      {status === 'idle' || status === 'loading' ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading leaderboards" />
        </Center>
      ) : status === 'error' && !gaming.leaderboards.data ? (
        <Alert color="red" title="Leaderboards could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void gaming.loadLeaderboards()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <TopStreamers />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <TournamentChampions />
          </Grid.Col>
        </Grid>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Game high scores
        </Title>
        <GameHighScores />
      </Stack>
    </Stack>
  );
});

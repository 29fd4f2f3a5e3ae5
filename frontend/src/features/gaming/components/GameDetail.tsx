import { observer } from 'mobx-react-lite';
import { Badge, Button, Center, Grid, Group, Image, Loader, Paper, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount } from '../../../shared/format';
import { ArrowLeftIcon } from '../../../shared/icons';
import { GamePlayer } from './GamePlayer';
import { GameLeaderboard } from './GameLeaderboard';
import { ratingLabel } from './GamesTab';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} aria-label={label}>
        {value}
      </Text>
    </Paper>
  );
}

/** A game's detail (seed 002 §2.10 Games): the play area with Start Game, the game, your best, rating, high scores. */
export const GameDetail = observer(function GameDetail({ onBack }: { onBack: () => void }) {
  const { gaming, auth } = useStores();
  const games = gaming.games;
  const game = games.game;

  const back = (
    <Button variant="subtle" leftSection={<ArrowLeftIcon size={16} />} onClick={onBack} style={{ alignSelf: 'flex-start' }}>
      All games
    </Button>
  );

  if (!game) {
    return (
      <Stack>
        {back}
        {games.detail.status === 'error' ? (
          <Text>This game could not be found.</Text>
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the game" />
          </Center>
        )}
      </Stack>
    );
  }

  const signedIn = auth.user !== null;
  const played = game.my_best !== null || games.scoreStatus === 'saved';
  const best = games.result ? games.result.best_score : game.my_best;

  return (
    <Stack gap="md">
      {back}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <GamePlayer game={game} />
            <GameLeaderboard board={games.board} period={games.period} onPeriod={games.setPeriod} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Image src={game.thumbnail} alt="" radius="sm" />
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h3">
                  {game.name}
                </Title>
                <Badge variant="light" color="grape">
                  {game.category}
                </Badge>
              </Group>
              <Text size="sm">{game.description}</Text>
              <SimpleGrid cols={2} spacing="xs">
                <Stat label="Players" value={formatCount(game.players)} />
                <Stat label="Plays" value={formatCount(game.plays)} />
                <Stat label="Rating" value={ratingLabel(game)} />
                <Stat label="Your best" value={signedIn ? (best === null ? 'Not played yet' : String(best)) : 'Sign in to play'} />
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Your rating
                </Text>
                <Rating
                  value={game.my_rating ?? 0}
                  onChange={(value) => void games.rate(value)}
                  readOnly={!signedIn || !played || games.ratePending}
                  aria-label="Your rating"
                  size="lg"
                />
                {!signedIn ? (
                  <Text size="xs" c="dimmed">
                    Sign in and play to rate this game.
                  </Text>
                ) : !played ? (
                  <Text size="xs" c="dimmed">
                    Play the game to rate it.
                  </Text>
                ) : null}
              </Stack>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AspectRatio, Badge, Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount } from '../../../shared/format';
import { CoverButton } from '../../../shared/CoverButton';
import { GamepadIcon, PlayIcon, StarIcon, UsersIcon } from '../../../shared/icons';
import { gamingPath } from '../../../shared/paths';
import { GAMING_MESSAGES } from '../messages';
import type { Game } from '../types';
import { GameDetail } from './GameDetail';

/** "4.5 (12)" or 'No ratings yet'. */
export function ratingLabel(game: Pick<Game, 'rating' | 'rating_count'>): string {
  if (game.rating === null || game.rating_count === 0) return GAMING_MESSAGES.noRatings;
  return `${game.rating.toFixed(1)} (${game.rating_count} ${game.rating_count === 1 ? 'rating' : 'ratings'})`;
}

export function playsLabel(plays: number): string {
  return `${formatCount(plays)} ${plays === 1 ? 'play' : 'plays'}`;
}

export function playersLabel(players: number): string {
  return `${formatCount(players)} ${players === 1 ? 'player' : 'players'}`;
}

/** A game's card (seed 002 §3 Game): thumbnail, name, category, players, rating, plays; opens the detail. */
function GameCard({ game, onOpen }: { game: Game; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding={0} component="article" aria-label={game.name} h="100%" pos="relative">
      <AspectRatio ratio={16 / 9}>
        <Image src={game.thumbnail} alt="" fit="cover" />
      </AspectRatio>
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} lineClamp={1}>
            {game.name}
          </Text>
          <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
            {game.category}
          </Badge>
        </Group>
        <Group gap="md" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <StarIcon size={14} filled={game.rating !== null} />
            <Text size="sm">{ratingLabel(game)}</Text>
          </Group>
        </Group>
        <Group gap="md" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <UsersIcon size={14} />
            <Text size="sm">{playersLabel(game.players)}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <PlayIcon size={14} />
            <Text size="sm">{playsLabel(game.plays)}</Text>
          </Group>
        </Group>
      </Stack>
      <CoverButton label={`Open ${game.name}`} onClick={onOpen} />
    </Card>
  );
}

/** Games (seed 002 §2.10): the grid, and the detail of the game `?game=` names with Start Game. */
export const GamesTab = observer(function GamesTab() {
  const { gaming } = useStores();
  const games = gaming.games;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openId = params.get('game');

  useEffect(() => {
    void games.loadGames();
  }, [games]);
  useEffect(() => {
    games.open(openId);
  }, [games, openId]);
  // Leaving the tab stops a run (its timers) and forgets the open game.
  useEffect(() => () => games.open(null), [games]);

  if (openId) return <GameDetail onBack={() => navigate(gamingPath('games'))} />;

  const status = games.list.status;
  if (status === 'idle' || status === 'loading') {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading games" />
      </Center>
    );
  }
  if (status === 'error' && games.games.length === 0) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text>Games could not be loaded.</Text>
          <Button variant="default" onClick={() => void games.loadGames()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (games.games.length === 0) {
    return (
      <Center py={48}>
        <Stack align="center" gap={6}>
          <GamepadIcon size={40} />
          <Title order={3}>{GAMING_MESSAGES.noGames}</Title>
        </Stack>
      </Center>
    );
  }
  // The length the API gives (the same for every game), never a number of the page's own.
  const seconds = new Set(games.games.map((g) => g.duration_seconds));
  const length = seconds.size === 1 ? `${[...seconds][0]} seconds each, ` : '';
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {`Quick games of skill right in your browser: ${length}scores checked by the server.`}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-label="Games" component="section">
        {games.games.map((game) => (
          <GameCard key={game.id} game={game} onOpen={() => navigate(gamingPath('games', { game: game.id }))} />
        ))}
      </SimpleGrid>
    </Stack>
  );
});

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Box, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { PlayIcon } from '../../../shared/icons';
import type { GameRun } from '../games/GameRun';
import type { Game } from '../types';

const AREA_HEIGHT = 360;

/** How to play, per engine (shown before the start). */
function howToPlay(game: Game): string {
  if (game.engine === 'reaction') {
    return 'Wait for the pad to turn green, then click as fast as you can. The faster you react, the more points (up to 10). Clicking before green scores nothing and restarts the wait.';
  }
  return 'Click each target as soon as it appears (or press Space): 10 points within 0.4 s, one less for every further 0.15 s. Missing scores nothing.';
}

/** Moves the keyboard focus to the element when it appears (the play area once the game starts, Play again at the end). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** `target`: one target at a time at a random spot; clicking it scores by speed, clicking beside it scores 0. */
const TargetArea = observer(function TargetArea({ run, small }: { run: GameRun; small: boolean }) {
  const size = small ? 28 : 56;
  const ref = useFocusOnMount<HTMLDivElement>();
  // Keyboard play: Space or Enter hits the target shown (a miss when there is none); a held key does not repeat.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (event.repeat) return;
    if (run.target) run.hitTarget();
    else run.miss();
  };
  return (
    <Box
      ref={ref}
      role="group"
      aria-label="Play area"
      aria-description="Press Space or Enter when a target appears"
      tabIndex={0}
      onClick={run.miss}
      onKeyDown={onKeyDown}
      style={{
        position: 'relative',
        height: AREA_HEIGHT,
        borderRadius: 12,
        cursor: 'crosshair',
        overflow: 'hidden',
        background: 'radial-gradient(circle at 50% 40%, #1f2a44 0%, #0d1220 70%)',
        userSelect: 'none',
      }}
    >
      {run.target && (
        <button
          key={run.target.id}
          type="button"
          aria-label="Target"
          tabIndex={-1}
          // The focus stays on the play area, so that the keyboard keeps playing after a click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.stopPropagation();
            run.hitTarget();
          }}
          style={{
            position: 'absolute',
            left: `calc(${run.target.x}% - ${size / 2}px)`,
            top: `calc(${run.target.y}% - ${size / 2}px)`,
            width: size,
            height: size,
            borderRadius: '50%',
            border: 'none',
            padding: 0,
            cursor: 'crosshair',
            background: 'radial-gradient(circle, #fff 0 18%, #e03131 19% 38%, #fff 39% 56%, #e03131 57% 100%)',
            boxShadow: '0 0 18px rgba(255, 80, 80, 0.65)',
          }}
        />
      )}
    </Box>
  );
});

/** `reaction`: the pad turns green after a random 1–3 s wait; click it then. */
const ReactionPad = observer(function ReactionPad({ run }: { run: GameRun }) {
  const green = run.pad === 'green';
  const label = green ? 'Click!' : run.pad === 'early' ? 'Too early! Wait for green…' : 'Wait for green…';
  const ref = useFocusOnMount<HTMLButtonElement>();
  return (
    <button
      ref={ref}
      type="button"
      onClick={run.pressPad}
      aria-label={label}
      style={{
        width: '100%',
        height: AREA_HEIGHT,
        borderRadius: 12,
        border: 'none',
        cursor: 'pointer',
        color: '#fff',
        fontSize: 32,
        fontWeight: 800,
        background: green ? '#2f9e44' : run.pad === 'early' ? '#c92a2a' : '#1f2a44',
        transition: 'background 60ms linear',
        userSelect: 'none',
      }}
    >
      {label}
    </button>
  );
});

function ordinalRank(rank: number): string {
  return `#${rank}`;
}

/** After the time is up: the final score, then what the server said of it. */
const GameOver = observer(function GameOver({ run, game }: { run: GameRun; game: Game }) {
  const { gaming } = useStores();
  const games = gaming.games;
  const result = games.result;
  const sending = games.scoreStatus === 'sending';
  // Play again takes the focus once it can be pressed (after the score is saved or refused), once.
  const again = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (sending || focused.current) return;
    focused.current = true;
    again.current?.focus();
  }, [sending]);
  return (
    <Paper withBorder radius="md" p="xl" style={{ minHeight: AREA_HEIGHT }}>
      <Stack align="center" gap="md" ta="center">
        <Title order={3}>Game over!</Title>
        <Text size="xl" fw={700} role="status">
          {`Your final score: ${run.score}`}
        </Text>
        {games.scoreStatus === 'sending' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Saving your score…
            </Text>
          </Group>
        )}
        {games.scoreStatus === 'saved' && result && (
          <Stack gap="sm" align="center">
            {result.personal_best ? (
              <Badge color="yellow" size="lg" variant="filled">
                New personal best!
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">{`Your best: ${result.best_score}`}</Text>
            )}
            <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Your ranks">
              {(
                [
                  ['Today', result.rank_today],
                  ['This week', result.rank_week],
                  ['All time', result.rank_all_time],
                ] as const
              ).map(([label, rank]) => (
                <Paper key={label} withBorder radius="md" p="sm" miw={96}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {label}
                  </Text>
                  <Text fw={700} size="lg">
                    {ordinalRank(rank)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {games.scoreStatus === 'refused' && (
          <Alert color="red" role="alert" title="Score not saved" maw={480}>
            {games.scoreError}
          </Alert>
        )}
        <Button ref={again} leftSection={<PlayIcon size={16} />} onClick={() => void games.play()} loading={games.startPending} disabled={sending}>
          Play again
        </Button>
        <Text size="xs" c="dimmed">{`${game.name} allows at most ${run.limit} points in ${game.duration_seconds} seconds.`}</Text>
      </Stack>
    </Paper>
  );
});

/**
 * The game in the page (seed 002 §4 Browser game): idle with Start Game, then 30 seconds of play with a countdown and
 * the score, then game over with the final score and the server's answer.
 */
export const GamePlayer = observer(function GamePlayer({ game }: { game: Game }) {
  const { gaming } = useStores();
  const games = gaming.games;
  const { requireAccount } = useRequireAccount();
  const run = games.run;

  if (run && run.state === 'over') return <GameOver run={run} game={game} />;

  if (run) {
    return (
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700} size="lg" aria-live="off">{`Score: ${run.score}`}</Text>
          {run.lastPoints !== null && (
            <Badge color={run.lastPoints > 0 ? 'teal' : 'gray'} variant="light">
              {run.lastPoints > 0 ? `+${run.lastPoints}` : 'Miss'}
            </Badge>
          )}
          <Text fw={700} size="lg" ff="monospace">{`Time left: ${run.secondsLeft}s`}</Text>
        </Group>
        <Progress value={run.progress} size="sm" color={run.secondsLeft <= 5 ? 'red' : 'blue'} aria-label="Time used" />
        {run.engine === 'reaction' ? <ReactionPad run={run} /> : <TargetArea run={run} small={game.engine_options.size === 'small'} />}
      </Stack>
    );
  }

  return (
    <Paper
      radius="md"
      p="xl"
      style={{
        minHeight: AREA_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `linear-gradient(rgba(10, 14, 28, 0.72), rgba(10, 14, 28, 0.86)), url(${game.thumbnail}) center / cover`,
        color: '#fff',
      }}
    >
      <Stack align="center" gap="md" ta="center" maw={460}>
        <Title order={3}>{game.name}</Title>
        <Text size="sm">{howToPlay(game)}</Text>
        <Text size="sm" c="gray.4">{`${game.duration_seconds} seconds. Ready?`}</Text>
        <Button size="lg" leftSection={<PlayIcon size={18} />} loading={games.startPending} onClick={() => requireAccount(() => void games.play())}>
          Start Game
        </Button>
      </Stack>
    </Paper>
  );
});

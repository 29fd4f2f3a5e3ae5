import { Link } from 'react-router-dom';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatCount } from '../../../shared/format';
import { GamepadIcon, LiveIcon, TrophyIcon } from '../../../shared/icons';
import { gamingPath, livePath } from '../../../shared/paths';
import type { GamingSearchItem } from '../types';

/** A prize pool the API gives as a decimal string ("250.00") or a number, as "$250.00". */
function prizeLabel(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const dollars = Number.isFinite(value) ? value : 0;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const STATUS_LABELS: Record<string, string> = { open: 'Open', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' };

/**
 * A gaming item (seed 002 §3 Gaming items): a tournament (name, game, prize pool), opening the Gaming section's
 * Tournaments tab on it; or a gaming stream (title, game, viewers), opening its watch view.
 */
export function GamingResult({ item }: { item: GamingSearchItem }) {
  if (item.kind === 'tournament') {
    return (
      <Card withBorder radius="md" padding="sm" component="article" aria-label={item.name}>
        <UnstyledButton
          component={Link}
          to={gamingPath('tournaments', { tournament: item.id })}
          aria-label={`Open tournament ${item.name}`}
          style={{ display: 'block' }}
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <TrophyIcon size={28} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} lineClamp={2}>
                {item.name}
              </Text>
              <Text size="sm" c="dimmed">
                {item.game}
              </Text>
              <Group gap="xs">
                <Badge size="sm" variant="light" color={item.status === 'open' ? 'green' : 'gray'}>
                  {STATUS_LABELS[item.status] ?? item.status}
                </Badge>
                <Text size="xs" c="dimmed">{`Prize pool ${prizeLabel(item.prize_pool)}`}</Text>
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={item.title}>
      <UnstyledButton component={Link} to={livePath(item.id)} aria-label={`Watch gaming stream ${item.title}`} style={{ display: 'block' }}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <GamepadIcon size={28} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed">
              {item.game_name}
            </Text>
            <Group gap={6}>
              <Badge size="sm" color="red" variant="filled" leftSection={<LiveIcon size={10} />}>
                LIVE
              </Badge>
              <Text size="xs" c="dimmed">{`${formatCount(item.viewers)} watching · @${item.username}`}</Text>
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </Card>
  );
}

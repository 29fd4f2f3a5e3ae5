import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../shared/format';
import { GamepadIcon, LiveIcon, TrophyIcon } from '../../../shared/icons';
import { gamingPath, livePath } from '../../../shared/paths';
import { CoverButton } from '../../../shared/CoverButton';
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
      <Card withBorder radius="md" padding="sm" component="article" pos="relative" aria-label={item.name}>
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
        <CoverButton label={`Open tournament ${item.name}`} to={gamingPath('tournaments', { tournament: item.id })} />
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" component="article" pos="relative" aria-label={item.title}>
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
      <CoverButton label={`Watch gaming stream ${item.title}`} to={livePath(item.id)} />
    </Card>
  );
}

import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { formatDate } from '../../../shared/format';
import { UsersIcon } from '../../../shared/icons';
import { TrophyIcon } from './TrophyIcon';
import { STATUS_LABELS, TOURNAMENT_MESSAGES, formatAmount } from './messages';
import type { Tournament } from './types';

/** The status badge: open is green, every other state grey (seed 002 §4). */
export function TournamentStatusBadge({ status }: { status: Tournament['status'] }) {
  return (
    <Badge color={status === 'open' ? 'green' : 'gray'} variant={status === 'open' ? 'filled' : 'light'} radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function isFull(t: Tournament): boolean {
  return t.current_participants >= t.max_participants;
}

/** Join (or Leave) for an open tournament: 'Tournament Full' when no place is left; visitors are sent to sign in. */
export const JoinControl = observer(function JoinControl({ tournament, fullWidth = true }: { tournament: Tournament; fullWidth?: boolean }) {
  const { tournaments } = useStores();
  const { requireAccount } = useRequireAccount();
  if (tournament.status !== 'open') return null;
  const busy = tournaments.isBusy(tournament.id);
  if (tournament.joined) {
    return (
      <Button variant="default" fullWidth={fullWidth} loading={busy} onClick={() => void tournaments.leave(tournament.id)}>
        Leave
      </Button>
    );
  }
  if (isFull(tournament)) {
    return (
      <Button fullWidth={fullWidth} disabled>
        {TOURNAMENT_MESSAGES.full}
      </Button>
    );
  }
  return (
    <Button color="green" fullWidth={fullWidth} loading={busy} onClick={() => requireAccount(() => void tournaments.join(tournament.id))}>
      Join
    </Button>
  );
});

/** Entry fee and prize pool, labelled as the organizer's declaration. */
export function Amounts({ tournament }: { tournament: Tournament }) {
  const fee = Number(tournament.entry_fee);
  return (
    <Group gap="lg" wrap="wrap">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Prize pool (declared)
        </Text>
        <Text fw={700}>{formatAmount(tournament.prize_pool)}</Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Entry fee (declared)
        </Text>
        <Text fw={700}>{fee > 0 ? formatAmount(tournament.entry_fee) : 'Free'}</Text>
      </Stack>
    </Group>
  );
}

/** A tournament's card (seed 002 §4): name, game, organizer, start, amounts, participants, status and Join. */
export const TournamentCard = observer(function TournamentCard({ tournament, onOpen }: { tournament: Tournament; onOpen: (id: string) => void }) {
  const filled = Math.min(100, (tournament.current_participants / Math.max(1, tournament.max_participants)) * 100);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={tournament.name} h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {/* The status stays whole on a phone; a long game name is the one shortened. */}
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <TournamentStatusBadge status={tournament.status} />
            {tournament.joined && (
              <Badge variant="light" color="blue" radius="sm">
                Joined
              </Badge>
            )}
          </Group>
          <Badge variant="light" color="grape" style={{ minWidth: 0 }} title={tournament.game}>
            {tournament.game}
          </Badge>
        </Group>
        <Text
          component="button"
          type="button"
          fw={700}
          lineClamp={2}
          ta="left"
          onClick={() => onOpen(tournament.id)}
          style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', color: 'inherit' }}
          title={tournament.name}
        >
          {tournament.name}
        </Text>
        <Text size="sm" c="dimmed">
          by @{tournament.organizer_name} · starts {formatDate(tournament.start_date)}
        </Text>
        {tournament.status === 'completed' && tournament.champion_name && (
          <Group gap={6} c="yellow">
            <TrophyIcon size={16} />
            <Text size="sm" fw={600} c="inherit">
              Champion: @{tournament.champion_name}
            </Text>
          </Group>
        )}
        <Amounts tournament={tournament} />
        <Stack gap={4}>
          <Group justify="space-between" gap={4}>
            <Group gap={4} c="dimmed">
              <UsersIcon size={14} />
              <Text size="sm">Participants</Text>
            </Group>
            <Text size="sm" fw={600} aria-label="Participants">
              {tournament.current_participants}/{tournament.max_participants}
            </Text>
          </Group>
          <Tooltip label={`${tournament.current_participants} of ${tournament.max_participants} places taken`} withArrow>
            <Progress value={filled} size="sm" color={filled >= 100 ? 'red' : 'green'} aria-hidden />
          </Tooltip>
        </Stack>
        <Group gap="xs" mt="auto" pt="xs" wrap="nowrap">
          <Button variant="default" flex={1} onClick={() => onOpen(tournament.id)}>
            Details
          </Button>
          {tournament.status === 'open' && (
            <div style={{ flex: 1 }}>
              <JoinControl tournament={tournament} />
            </div>
          )}
        </Group>
      </Stack>
    </Card>
  );
});

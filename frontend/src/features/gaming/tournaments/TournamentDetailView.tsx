import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Center, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { ArrowLeftIcon } from '../../../shared/icons';
import { ReasonModal } from '../../../shared/ReasonModal';
import { BracketView } from './Bracket';
import { TrophyIcon } from './TrophyIcon';
import { Amounts, JoinControl, TournamentStatusBadge } from './TournamentCard';
import { TOURNAMENT_LIMITS, TOURNAMENT_MESSAGES } from './messages';
import type { TournamentDetail } from './types';

const OrganizerActions = observer(function OrganizerActions({ tournament }: { tournament: TournamentDetail }) {
  const { tournaments } = useStores();
  const [cancelling, setCancelling] = useState(false);
  if (!tournament.is_organizer || tournament.status !== 'open') return null;
  const busy = tournaments.isBusy(tournament.id);
  return (
    <>
      <Group gap="xs">
        <Button color="green" loading={busy && !cancelling} disabled={busy} onClick={() => void tournaments.start(tournament.id)}>
          Start tournament
        </Button>
        <Button variant="default" color="red" disabled={busy} onClick={() => setCancelling(true)}>
          Cancel tournament
        </Button>
      </Group>
      <ReasonModal
        opened={cancelling}
        title="Cancel tournament"
        message={`Cancel “${tournament.name}”? Participants see the reason.`}
        confirmLabel="Cancel tournament"
        reasonDescription="Shown on the tournament."
        maxLength={TOURNAMENT_LIMITS.reason}
        loading={busy}
        onCancel={() => setCancelling(false)}
        onConfirm={(reason) =>
          void tournaments.cancel(tournament.id, reason).then((ok) => {
            if (ok) setCancelling(false);
          })
        }
      />
    </>
  );
});

function Participants({ tournament }: { tournament: TournamentDetail }) {
  const sorted = [...tournament.participants].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Participants">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Participants</Title>
        <Text size="sm" c="dimmed">
          {tournament.current_participants}/{tournament.max_participants}
        </Text>
      </Group>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has joined yet.
        </Text>
      ) : (
        <Stack gap={4} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sorted.map((p) => (
            <Group key={p.user_id} component="li" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" w={52} style={{ flex: '0 0 auto' }}>
                {p.seed != null ? `Seed ${p.seed}` : '—'}
              </Text>
              <Text size="sm" fw={tournament.champion_id === p.user_id ? 700 : 500}>
                @{p.username}
              </Text>
              {tournament.champion_id === p.user_id && (
                <Group c="yellow" aria-label="Champion">
                  <TrophyIcon size={14} />
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** One tournament (seed 002 §4): its facts, participants with seeds, the organizer's Start and Cancel, and the bracket. */
export const TournamentDetailView = observer(function TournamentDetailView({ onBack }: { onBack: () => void }) {
  const { tournaments } = useStores();
  const t = tournaments.detail;
  const back = (
    <Button variant="subtle" leftSection={<ArrowLeftIcon size={16} />} onClick={onBack} style={{ alignSelf: 'flex-start' }}>
      All tournaments
    </Button>
  );
  if (!t) {
    return (
      <Stack gap="md">
        {back}
        {tournaments.detailStatus === 'loading' || tournaments.detailStatus === 'idle' ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading tournament" />
          </Center>
        ) : (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <Text>{tournaments.detailStatus === 'not-found' ? TOURNAMENT_MESSAGES.notFound : TOURNAMENT_MESSAGES.detailFailed}</Text>
              {tournaments.detailStatus === 'error' && tournaments.detailId && (
                <Button variant="default" onClick={() => void tournaments.openDetail(tournaments.detailId as string)}>
                  Try again
                </Button>
              )}
            </Stack>
          </Center>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" component="section" aria-label={`Tournament ${t.name}`}>
      {back}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <TournamentStatusBadge status={t.status} />
                <Badge variant="light" color="grape">
                  {t.game}
                </Badge>
              </Group>
              <Title order={2}>{t.name}</Title>
              <Text size="sm" c="dimmed">
                Organized by @{t.organizer_name}
                {t.is_organizer ? ' (you)' : ''} · starts {formatDate(t.start_date)}
              </Text>
            </Stack>
            <Group gap="xs">
              <JoinControl tournament={t} fullWidth={false} />
              <OrganizerActions tournament={t} />
            </Group>
          </Group>
          {t.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{t.description}</Text>}
          <Divider />
          <Amounts tournament={t} />
          <Text size="xs" c="dimmed">
            {TOURNAMENT_MESSAGES.disclaimer}
          </Text>
        </Stack>
      </Paper>
      {t.status === 'completed' && t.champion_name && (
        <Alert color="yellow" variant="light" title="Champion" role="status">
          <Group gap="xs">
            <TrophyIcon size={22} />
            <Text fw={700} size="lg">
              @{t.champion_name}
            </Text>
          </Group>
        </Alert>
      )}
      {t.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="Cancelled">
          {t.cancel_reason ?? 'The organizer cancelled this tournament.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: t.bracket ? 1 : 2 }} spacing="md">
        <Participants tournament={t} />
        {!t.bracket && t.status === 'open' && (
          <Card withBorder radius="md" padding="md">
            <Title order={4} mb="xs">
              Bracket
            </Title>
            <Text size="sm" c="dimmed">
              The bracket is drawn when the tournament starts: single elimination, seeded by past tournament wins, with byes
              filling the bracket to a power of two.
            </Text>
          </Card>
        )}
      </SimpleGrid>
      {t.bracket && (
        <Card withBorder radius="md" padding="md">
          <Title order={4} mb="sm">
            Bracket
          </Title>
          <BracketView tournament={t} bracket={t.bracket} />
        </Card>
      )}
    </Stack>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Box, Button, Card, Group, Modal, Radio, ScrollArea, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TOURNAMENT_LIMITS } from './messages';
import type { Bracket as BracketData, Match, MatchPlayer, TournamentDetail } from './types';

const MATCH_STATUS: Record<Match['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'gray' },
  ready: { label: 'Ready', color: 'blue' },
  disputed: { label: 'Disputed', color: 'orange' },
  completed: { label: 'Completed', color: 'green' },
};

/** The name shown for a side of a match: the player, 'Bye' for a bye, 'TBD' until an earlier match decides it. */
function sideName(player: MatchPlayer | null, match: Match): string {
  if (player) return `@${player.username}`;
  return match.bye ? 'Bye' : 'TBD';
}

function PlayerRow({ player, score, match }: { player: MatchPlayer | null; score: number | null; match: Match }) {
  const won = player !== null && match.winner_id === player.user_id;
  const lost = player !== null && match.winner_id !== null && !won;
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      px="xs"
      py={6}
      data-winner={won || undefined}
      aria-label={won ? `${sideName(player, match)} (winner)` : sideName(player, match)}
      style={{
        borderRadius: 6,
        background: won ? 'var(--mantine-color-green-light)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {player?.seed != null && (
          <Text size="xs" c="dimmed" w={18} ta="right">
            {player.seed}
          </Text>
        )}
        <Text size="sm" fw={won ? 700 : 500} c={player ? (lost ? 'dimmed' : undefined) : 'dimmed'} fs={player ? undefined : 'italic'} truncate>
          {sideName(player, match)}
        </Text>
      </Group>
      <Text size="sm" fw={won ? 700 : 500} c={lost ? 'dimmed' : undefined}>
        {score ?? ''}
      </Text>
    </Group>
  );
}

const nameOf = (match: Match, userId: string) =>
  match.player1?.user_id === userId ? `@${match.player1.username}` : match.player2?.user_id === userId ? `@${match.player2.username}` : 'someone';

/** Report result: the winner and, optionally, the scores. */
const ReportDialog = observer(function ReportDialog({ tournament, match, onClose }: { tournament: TournamentDetail; match: Match; onClose: () => void }) {
  const { tournaments } = useStores();
  const [winner, setWinner] = useState<string>('');
  const [score1, setScore1] = useState('');
  const [score2, setScore2] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = tournaments.reporting === match.id;

  const score = (raw: string): number | undefined | null => {
    const value = raw.trim();
    if (!value) return undefined;
    if (!/^\d+$/.test(value) || Number(value) > TOURNAMENT_LIMITS.scoreMax) return null;
    return Number(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!winner) {
      setError('Choose the winner');
      return;
    }
    const s1 = score(score1);
    const s2 = score(score2);
    if (s1 === null || s2 === null) {
      setError(`Scores are whole numbers from 0 to ${TOURNAMENT_LIMITS.scoreMax}`);
      return;
    }
    setError(null);
    if (await tournaments.report(tournament.id, match.id, { winner_id: winner, score1: s1, score2: s2 })) onClose();
  };

  const p1 = match.player1;
  const p2 = match.player2;
  return (
    <Modal opened onClose={() => !sending && onClose()} title={`Report result: ${sideName(p1, match)} vs ${sideName(p2, match)}`} centered>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Report result">
        <Stack gap="sm">
          {tournament.is_organizer ? (
            <Text size="sm" c="dimmed">
              As the organizer, your result decides the match.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              The match is decided when both players report the same winner; otherwise the organizer decides.
            </Text>
          )}
          <Radio.Group label="Winner" value={winner} onChange={setWinner} error={error ?? undefined} required>
            <Stack gap={6} mt={4}>
              {p1 && <Radio value={p1.user_id} label={`@${p1.username}`} />}
              {p2 && <Radio value={p2.user_id} label={`@${p2.username}`} />}
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label={`Score of ${sideName(p1, match)}`} inputMode="numeric" value={score1} onChange={(e) => setScore1(e.currentTarget.value)} />
            <TextInput label={`Score of ${sideName(p2, match)}`} inputMode="numeric" value={score2} onChange={(e) => setScore2(e.currentTarget.value)} />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Report result
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

function MatchCard({ match, onReport }: { match: Match; onReport: (match: Match) => void }) {
  const status = MATCH_STATUS[match.status];
  const label = `Match ${match.number}: ${sideName(match.player1, match)} vs ${sideName(match.player2, match)}`;
  return (
    <Card withBorder radius="md" padding="xs" component="article" aria-label={label} w={240}>
      <Stack gap={4}>
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="dimmed">
            Match {match.number}
          </Text>
          {!match.bye && (
            <Badge size="xs" color={status.color} variant="light">
              {status.label}
            </Badge>
          )}
        </Group>
        <PlayerRow player={match.player1} score={match.score1} match={match} />
        <PlayerRow player={match.player2} score={match.score2} match={match} />
        {match.status === 'disputed' && match.reports.length > 0 && (
          <Stack gap={2} aria-label="Reports">
            {match.reports.map((r) => (
              <Text key={r.by_user_id} size="xs" c="orange">
                {nameOf(match, r.by_user_id)} reported {nameOf(match, r.winner_id)} won
                {r.score1 !== null && r.score2 !== null ? ` (${r.score1}–${r.score2})` : ''}
              </Text>
            ))}
          </Stack>
        )}
        {match.can_report && (
          <Button size="xs" variant="light" mt={4} onClick={() => onReport(match)}>
            Report result
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The bracket (single elimination): rounds as columns, Round 1 … Semifinals, Final. */
export const BracketView = observer(function BracketView({ tournament, bracket }: { tournament: TournamentDetail; bracket: BracketData }) {
  const [reporting, setReporting] = useState<Match | null>(null);
  return (
    <Box component="section" aria-label="Bracket">
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="stretch" gap="lg" wrap="nowrap" pb="sm">
          {bracket.rounds.map((round) => (
            <Stack key={round.number} gap="sm" component="section" aria-label={round.name} style={{ flex: '0 0 auto' }}>
              <Title order={5} c="dimmed" tt="uppercase" fz="xs" style={{ letterSpacing: 0.5 }}>
                {round.name}
              </Title>
              <Stack gap="sm" justify="space-around" style={{ flex: 1 }}>
                {round.matches.map((match) => (
                  <MatchCard key={match.id} match={match} onReport={setReporting} />
                ))}
              </Stack>
            </Stack>
          ))}
        </Group>
      </ScrollArea>
      {reporting && (
        <ReportDialog
          tournament={tournament}
          match={tournament.bracket?.rounds.flatMap((r) => r.matches).find((m) => m.id === reporting.id) ?? reporting}
          onClose={() => setReporting(null)}
        />
      )}
    </Box>
  );
});

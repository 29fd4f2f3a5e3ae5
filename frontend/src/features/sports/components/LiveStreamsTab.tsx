import { observer } from 'mobx-react-lite';
import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SPORT_LABELS, SPORTS_MESSAGES } from '../messages';
import type { SportsMatch } from '../types';
import { MatchTeams } from './MatchTeams';
import { EmptyState } from './EmptyState';

const LiveCard = observer(function LiveCard({ match }: { match: SportsMatch }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={match.title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Badge color="red" variant="filled" size="sm">
            Live
          </Badge>
          {match.clock && (
            <Text size="sm" fw={600}>
              {match.clock}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed" truncate>
          {match.league}
        </Text>
      </Group>
      <MatchTeams teams={match.teams} />
      <Group justify="space-between" mt="md" gap="xs">
        <Text size="sm" fw={600} data-testid={`viewers-${match.id}`}>
          {match.viewers.toLocaleString('en-US')} watching
        </Text>
        <Text size="sm" c="dimmed">
          {match.venue}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {SPORTS_MESSAGES.sampleStream}
      </Text>
    </Card>
  );
});

/** Live Streams: the chosen sport's live sample matches, their viewer counts drifting. */
export const LiveStreamsTab = observer(function LiveStreamsTab() {
  const { sports } = useStores();
  const live = sports.live;
  if (live.length === 0) {
    return <EmptyState title={SPORTS_MESSAGES.noLive(SPORT_LABELS[sports.sport].toLowerCase())} hint={SPORTS_MESSAGES.noLiveHint} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {live.map((match) => (
        <LiveCard key={match.id} match={match} />
      ))}
    </SimpleGrid>
  );
});

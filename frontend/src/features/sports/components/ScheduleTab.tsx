import { observer } from 'mobx-react-lite';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SPORT_LABELS, SPORTS_MESSAGES } from '../messages';
import { MatchTeams } from './MatchTeams';
import { EmptyState } from './EmptyState';

const startFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Schedule: the chosen sport's upcoming sample matches, soonest first. */
export const ScheduleTab = observer(function ScheduleTab() {
  const { sports } = useStores();
  const upcoming = sports.upcoming;
  if (upcoming.length === 0) return <EmptyState title={SPORTS_MESSAGES.noUpcoming(SPORT_LABELS[sports.sport].toLowerCase())} />;
  return (
    <Stack gap="sm">
      {upcoming.map((match) => (
        <Card key={match.id} withBorder radius="md" padding="md" component="article" aria-label={match.title}>
          <Group justify="space-between" mb="sm" gap="xs">
            <Group gap="xs">
              <Badge variant="light" size="sm">
                Upcoming
              </Badge>
              <Text size="sm" fw={600}>
                <time dateTime={match.startTime}>{startFormat.format(new Date(match.startTime))}</time>
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {match.league}
            </Text>
          </Group>
          <MatchTeams teams={match.teams} />
          <Group justify="space-between" mt="md" gap="xs">
            <Text size="sm" c="dimmed">
              {match.venue}
            </Text>
            <Text size="sm" c="dimmed">
              {match.duration}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
});

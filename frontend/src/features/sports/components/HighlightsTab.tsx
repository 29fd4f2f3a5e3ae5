import { observer } from 'mobx-react-lite';
import { Badge, Box, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatClock, formatRelativeTime } from '../../../shared/format';
import { SPORT_LABELS, SPORTS_MESSAGES } from '../messages';
import type { SportsHighlight } from '../types';
import { TeamLogo } from './TeamLogo';
import { EmptyState } from './EmptyState';

function HighlightCard({ highlight }: { highlight: SportsHighlight }) {
  const [home, away] = highlight.teams;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={highlight.title}>
      <Card.Section>
        <Box
          pos="relative"
          style={{
            aspectRatio: '16 / 9',
            background: `linear-gradient(135deg, ${home.logo.color}, ${away.logo.color})`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 16,
          }}
        >
          <TeamLogo logo={home.logo} size={56} />
          <Text c="white" fw={700} aria-hidden="true">
            vs
          </Text>
          <TeamLogo logo={away.logo} size={56} />
          <Badge pos="absolute" top={8} left={8} color="yellow" variant="filled" size="sm">
            {SPORTS_MESSAGES.sampleHighlight}
          </Badge>
          <Badge pos="absolute" bottom={8} right={8} color="dark" variant="filled" size="sm" aria-label={`Duration ${formatClock(highlight.duration)}`}>
            {formatClock(highlight.duration)}
          </Badge>
        </Box>
      </Card.Section>
      <Text fw={600} mt="sm">
        {highlight.title}
      </Text>
      <Text size="sm">
        {home.name} {home.score} · {away.name} {away.score}
      </Text>
      <Group gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {highlight.league} · {highlight.views.toLocaleString('en-US')} views · {formatRelativeTime(highlight.publishedAt)}
        </Text>
      </Group>
    </Card>
  );
}

/** Highlights: sample cards only; there is no video to play, so nothing offers to play one. */
export const HighlightsTab = observer(function HighlightsTab() {
  const { sports } = useStores();
  const highlights = sports.highlights;
  if (highlights.length === 0) return <EmptyState title={SPORTS_MESSAGES.noHighlights(SPORT_LABELS[sports.sport].toLowerCase())} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {highlights.map((highlight) => (
        <HighlightCard key={highlight.id} highlight={highlight} />
      ))}
    </SimpleGrid>
  );
});

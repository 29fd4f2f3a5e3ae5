import { observer } from 'mobx-react-lite';
import { BarChart } from '@mantine/charts';
import { useElementSize } from '@mantine/hooks';
import { Badge, Button, Card, Center, Group, Loader, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TrophyIcon } from '../../../shared/icons';
import { dayLabel, hasPlays, levelBarPercent, playsSummary } from '../rules';
import type { PodcastDay } from '../types';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/** The 90 days of plays as bars (the server's figures, zeros included); an empty state when none has a play. */
function PlaysChart({ days }: { days: PodcastDay[] }) {
  const { ref, width } = useElementSize();
  if (!hasPlays(days)) {
    return (
      <Text c="dimmed" size="sm">
        No plays in the last 90 days yet. Plays per day show here once listeners play your episodes.
      </Text>
    );
  }
  const data = days.map((d) => ({ day: dayLabel(d.date), plays: d.plays }));
  return (
    <div ref={ref} role="img" aria-label={playsSummary(days)} style={{ width: '100%', minHeight: 220, overflow: 'hidden' }}>
      {width > 0 && (
        <BarChart h={220} data={data} dataKey="day" series={[{ name: 'plays', label: 'Plays', color: 'blue.6' }]} tickLine="y" yAxisProps={{ allowDecimals: false }} barChartProps={{ accessibilityLayer: false }} />
      )}
    </div>
  );
}

/** Analytics (seed 002 §2.9): totals, the level bar (level × 10 %), achievements, plays per day and the caller's shows. */
export const AnalyticsPanel = observer(function AnalyticsPanel() {
  const { podcasts } = useStores();
  const a = podcasts.analytics;
  if (!a) {
    return podcasts.analyticsStatus === 'error' ? (
      <Stack align="center" py="xl">
        <Text c="dimmed">Could not load your podcast analytics.</Text>
        <Button variant="default" onClick={() => void podcasts.loadAnalytics()}>
          Try again
        </Button>
      </Stack>
    ) : (
      <Center py="xl" role="status" aria-label="Loading analytics">
        <Loader />
      </Center>
    );
  }
  const percent = levelBarPercent(a.podcast_level);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Figure label="Episodes" value={a.total_episodes} />
        <Figure label="Plays" value={a.total_plays} />
        <Figure label="Likes" value={a.total_likes} />
        <Figure label="Subscribers" value={a.total_subscribers} />
        <Figure label="Downloads" value={a.total_downloads} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Podcast level {a.podcast_level}
          </Title>
          <Text size="sm" c="dimmed">
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} size="lg" radius="xl" aria-label="Podcast level" />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          Achievements
        </Title>
        {a.achievements.length === 0 ? (
          <Text c="dimmed" size="sm">
            No achievements yet: publish your first episode to earn one.
          </Text>
        ) : (
          <Group gap="xs" role="list" aria-label="Achievements">
            {a.achievements.map((name) => (
              <Badge key={name} role="listitem" size="lg" variant="light" color="yellow" leftSection={<TrophyIcon size={14} />}>
                {name}
              </Badge>
            ))}
          </Group>
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          Plays per day (last 90 days)
        </Title>
        <PlaysChart days={a.plays_per_day} />
      </Card>
      {a.shows.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            Your shows
          </Title>
          <Table aria-label="Your shows" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Show</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Episodes</Table.Th>
                <Table.Th ta="right">Plays</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.shows.map((show) => (
                <Table.Tr key={show.id}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" px={0} onClick={() => void podcasts.openShow(show.id)}>
                      {show.show_name}
                    </Button>
                  </Table.Td>
                  <Table.Td>{show.category}</Table.Td>
                  <Table.Td ta="right">{show.episode_count}</Table.Td>
                  <Table.Td ta="right">{show.total_plays}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
});

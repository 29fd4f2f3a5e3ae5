import { observer } from 'mobx-react-lite';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { MOVIE_MESSAGES } from '../rules';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/**
 * Total Movies, Family Safe, Premium and Avg Rating (seed 000 §2): the mean of the rated movies' averages of viewers'
 * ratings (unrated movies left out); no rating is never shown as one.
 */
export const MovieStatsCards = observer(function MovieStatsCards() {
  const { movies } = useStores();
  const { total, familySafe, premium, averageRating, ratingCount } = movies.stats;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Stat label="Total Movies" value={String(total)} />
      <Stat label="Family Safe" value={String(familySafe)} />
      <Stat label="Premium" value={String(premium)} />
      {averageRating === null ? (
        <Stat label="Avg Rating" value="—" note={MOVIE_MESSAGES.noRatings} />
      ) : (
        <Stat label="Avg Rating" value={averageRating.toFixed(1)} note={`From ${ratingCount} viewer ${ratingCount === 1 ? 'rating' : 'ratings'}`} />
      )}
    </SimpleGrid>
  );
});

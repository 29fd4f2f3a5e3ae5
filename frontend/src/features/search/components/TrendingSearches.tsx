import { observer } from 'mobx-react-lite';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SEARCH_MESSAGES } from '../rules';

/** The first 6 trending searches (seed 002 §9); picking one runs it. Nothing shows while there are none. */
export const TrendingSearches = observer(function TrendingSearches() {
  const { search } = useStores();
  const shown = search.trendingShown;
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="search-trending-heading">
      <Title order={2} size="h4" mb="sm" id="search-trending-heading">
        {SEARCH_MESSAGES.trendingHeading}
      </Title>
      <Group gap="sm" role="list" aria-label={SEARCH_MESSAGES.trendingHeading}>
        {shown.map((item) => (
          <Stack key={item.query} gap={0} align="center" role="listitem">
            <Button variant="light" radius="xl" onClick={() => search.search(item.query)}>
              {item.query}
            </Button>
            <Text size="xs" c="dimmed">
              {item.count === 1 ? '1 search' : `${item.count} searches`}
            </Text>
          </Stack>
        ))}
      </Group>
    </Box>
  );
});

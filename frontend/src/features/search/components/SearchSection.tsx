import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SearchBox } from './SearchBox';
import { SearchResults } from './SearchResults';
import { TrendingSearches } from './TrendingSearches';

/**
 * Search (seed 002 §2.11; the side navigation's 'History'): the box with its dropdown of recent searches and
 * suggestions, the result tabs, and the trending searches before a search and when nothing was found.
 */
export const SearchSection = observer(function SearchSection() {
  const { search } = useStores();
  useEffect(() => search.open(), [search]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Search
        </Title>
        <Text c="dimmed" size="sm">
          Videos, shorts and people. Your recent searches stay in this browser.
        </Text>
      </div>
      <SearchBox />
      {search.query && <SearchResults />}
      {search.showTrending && <TrendingSearches />}
    </Stack>
  );
});

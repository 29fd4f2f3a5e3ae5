import { observer } from 'mobx-react-lite';
import { Box, Button, Center, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ALL_TAB_PER_KIND, SEARCH_MESSAGES, TAB_LABELS } from '../rules';
import type { GamingSearchItem, SearchKind, SearchResults as Results, SearchTab } from '../types';
import { audioStreamUrl } from '../../music/rules';
import { AudioResult } from './AudioResult';
import { GamingResult } from './GamingResult';
import { LiveResult } from './LiveResult';
import { UserResult } from './UserResult';
import { VideoResult } from './VideoResult';

const VIDEO_COLUMNS = { base: 1, xs: 2, md: 3 } as const;

/** The items of one kind, as a list. */
function KindList({ kind, results, max }: { kind: SearchKind; results: Results; max?: number }) {
  const label = TAB_LABELS[kind];
  if (kind === 'users') {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {results.users.slice(0, max).map((user) => (
          <div role="listitem" key={user.id}>
            <UserResult user={user} />
          </div>
        ))}
      </Stack>
    );
  }
  if (kind === 'live') {
    return (
      <SimpleGrid cols={VIDEO_COLUMNS} spacing="md" role="list" aria-label={label}>
        {results.live.slice(0, max).map((item) => (
          <div role="listitem" key={item.id}>
            <LiveResult item={item} />
          </div>
        ))}
      </SimpleGrid>
    );
  }
  if (kind === 'gaming') {
    const items = results.gaming as unknown as GamingSearchItem[];
    return (
      <SimpleGrid cols={VIDEO_COLUMNS} spacing="md" role="list" aria-label={label}>
        {items.slice(0, max).map((item) => (
          <div role="listitem" key={`${item.kind}:${item.id}`}>
            <GamingResult item={item} />
          </div>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={VIDEO_COLUMNS} spacing="md" role="list" aria-label={label}>
      {results[kind].slice(0, max).map((item) => {
        const audio = audioStreamUrl(item.kind, item.id);
        return (
          <div role="listitem" key={item.id}>
            {audio ? <AudioResult item={item} src={audio} /> : <VideoResult item={item} />}
          </div>
        );
      })}
    </SimpleGrid>
  );
}

/** What the open tab shows: a spinner, 'No results', the 'all' overview (3 per kind) or one kind's list. */
const TabBody = observer(function TabBody() {
  const { search } = useStores();
  const current = search.current;
  if (!current || current.status === 'loading') {
    return (
      <Center py="xl" role="status" aria-label="Searching">
        <Loader />
      </Center>
    );
  }
  // A failed search shows nothing rather than claiming nothing was found (the failure went to the console).
  if (current.status === 'error') return null;
  if (search.nothingFound) {
    return (
      <Text fw={600} py="md">
        {SEARCH_MESSAGES.noResults(search.query)}
      </Text>
    );
  }
  const results = current.response.results;
  if (search.tab !== 'all') return <KindList kind={search.tab} results={results} />;
  const kinds = search.shownKinds.filter((kind) => results[kind].length > 0);
  return (
    <Stack gap="xl">
      {kinds.map((kind) => (
        <Box component="section" key={kind} aria-labelledby={`search-kind-${kind}`}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id={`search-kind-${kind}`}>
              {TAB_LABELS[kind]}
            </Title>
            <Button variant="subtle" size="compact-sm" aria-label={`See all ${TAB_LABELS[kind].toLowerCase()}`} onClick={() => search.setTab(kind)}>
              See all
            </Button>
          </Group>
          <KindList kind={kind} results={results} max={ALL_TAB_PER_KIND} />
        </Box>
      ))}
    </Stack>
  );
});

/** The result tabs: 'all' and the kinds that exist on this server; opening a tab runs its search. */
export const SearchResults = observer(function SearchResults() {
  const { search } = useStores();
  return (
    <Tabs value={search.tab} onChange={(value) => value && search.setTab(value as SearchTab)} keepMounted={false}>
      <Tabs.List mb="md" aria-label="Result kinds">
        {search.tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {TAB_LABELS[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {search.tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          <TabBody />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
});

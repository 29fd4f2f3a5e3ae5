import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Center, Group, Loader, ScrollArea, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { PlusIcon } from '../../../shared/icons';
import { CreateTournamentDialog } from './CreateTournamentDialog';
import { TournamentCard } from './TournamentCard';
import { TournamentDetailView } from './TournamentDetailView';
import { STATUS_FILTERS, TOURNAMENT_MESSAGES } from './messages';
import type { TournamentStatus } from './types';

/** The URL's query parameter that opens a tournament's detail view (search results link to it). */
export const TOURNAMENT_PARAM = 'tournament';

const TournamentList = observer(function TournamentList({ onOpen }: { onOpen: (id: string) => void }) {
  const { tournaments } = useStores();
  if (tournaments.listStatus === 'loading' || tournaments.listStatus === 'idle') {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading tournaments" />
      </Center>
    );
  }
  if (tournaments.listStatus === 'error' && tournaments.list.length === 0) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text>{TOURNAMENT_MESSAGES.loadFailed}</Text>
          <Button variant="default" onClick={() => void tournaments.load()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (tournaments.list.length === 0) {
    return (
      <Center py={48}>
        <Stack align="center" gap={6} ta="center">
          <Title order={3}>No tournaments</Title>
          <Text c="dimmed">{tournaments.filter === 'all' ? 'Create the first one!' : 'None with this status.'}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Tournaments" component="section">
      {tournaments.list.map((t) => (
        <TournamentCard key={t.id} tournament={t} onOpen={onOpen} />
      ))}
    </SimpleGrid>
  );
});

/** Tournaments (seed 002 §2.10): the list with its status filter, Create Tournament, and one tournament's detail view. */
export const TournamentsTab = observer(function TournamentsTab() {
  const { tournaments } = useStores();
  const { requireAccount } = useRequireAccount();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const openId = params.get(TOURNAMENT_PARAM);

  useEffect(() => {
    void tournaments.load();
  }, [tournaments]);

  useEffect(() => {
    if (openId) void tournaments.openDetail(openId);
    else tournaments.closeDetail();
  }, [openId, tournaments]);

  const open = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set(TOURNAMENT_PARAM, id);
      else next.delete(TOURNAMENT_PARAM);
      return next;
    });

  if (openId) return <TournamentDetailView onBack={() => open(null)} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* Five statuses do not fit a phone's width: the filter scrolls sideways instead of being cut off. */}
        <ScrollArea type="auto" offsetScrollbars="x" maw="100%" data-testid="status-filter-scroll">
          <SegmentedControl
            aria-label="Status"
            value={tournaments.filter}
            onChange={(value) => tournaments.setFilter(value as TournamentStatus | 'all')}
            data={STATUS_FILTERS}
          />
        </ScrollArea>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => requireAccount(() => setCreating(true))}>
          Create Tournament
        </Button>
      </Group>
      <Alert variant="light" color="gray" p="xs">
        <Text size="sm">{TOURNAMENT_MESSAGES.disclaimer}</Text>
      </Alert>
      <TournamentList onOpen={open} />
      <CreateTournamentDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          open(t.id);
        }}
      />
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Center, Group, Loader, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { FilmIcon, PlusIcon, SearchIcon } from '../../../shared/icons';
import { GENRE_FILTERS, MOVIE_MESSAGES, MOVIE_TABS } from '../rules';
import type { MovieTab } from '../types';
import { AddMovieModal } from './AddMovieModal';
import { MovieCard } from './MovieCard';
import { MovieDetailsModal } from './MovieDetailsModal';
import { MovieStatsCards } from './MovieStatsCards';

const MovieGrid = observer(function MovieGrid() {
  const { requireAccount } = useRequireAccount();
  const { movies, features } = useStores();
  const shown = movies.filtered;

  if (movies.status === 'loading' && movies.all.length === 0) {
    return (
      <Center py="xl" role="status" aria-label="Loading movies">
        <Loader />
      </Center>
    );
  }
  // The empty state of seed 000 §2, whatever emptied the grid; a hint too when the filters hide every movie.
  if (shown.length === 0) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <FilmIcon size={40} />
        <Title order={2} size="h4">
          {MOVIE_MESSAGES.noMovies}
        </Title>
        {movies.all.length > 0 && (
          <Text size="sm" c="dimmed">
            {MOVIE_MESSAGES.noMatch}
          </Text>
        )}
        {features.isEnabled('uploads') && (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => requireAccount(movies.openAdd)}>
            Add First Movie
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" role="list" aria-label="Movies">
      {shown.map((movie) => (
        <div role="listitem" key={movie.id}>
          <MovieCard movie={movie} />
        </div>
      ))}
    </SimpleGrid>
  );
});

/**
 * The Cinema room (seed 000 §2): search, genre, the tabs, the stat cards, the poster grid with its empty state, the
 * detail dialog and Add Movie. The filters work on the client over the whole list (seed 000 §5). A list that cannot be
 * loaded falls back to the sample movies silently, each marked Sample (seed 000 §4, §8).
 */
export const CinemaSection = observer(function CinemaSection() {
  const { movies, features } = useStores();
  const { requireAccount } = useRequireAccount();
  useEffect(() => movies.watch(), [movies]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Cinema room
          </Title>
          <Text c="dimmed" size="sm">
            Movies for the whole family, and premium picks.
          </Text>
        </div>
        {features.isEnabled('uploads') && (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => requireAccount(movies.openAdd)}>
            Add Movie
          </Button>
        )}
      </Group>

      <MovieStatsCards />

      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          aria-label="Search movies"
          placeholder="Search movies..."
          leftSection={<SearchIcon size={16} />}
          value={movies.search}
          onChange={(event) => movies.setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label="Genre"
          data={[...GENRE_FILTERS]}
          value={movies.genre}
          onChange={movies.setGenre}
          allowDeselect={false}
          w={180}
        />
      </Group>

      <Tabs value={movies.tab} onChange={(value) => value && movies.setTab(value as MovieTab)} keepMounted={false}>
        <Tabs.List mb="md">
          {MOVIE_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MOVIE_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <MovieGrid />
          </Tabs.Panel>
        ))}
      </Tabs>

      <MovieDetailsModal />
      <AddMovieModal />
    </Stack>
  );
});

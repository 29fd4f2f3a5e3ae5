import { observer } from 'mobx-react-lite';
import { Chip, Group, Stack, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { MUSIC_GENRES, type MusicGenre } from '../rules';
import { TrackListView } from './TrackListView';

/** Discover: the newest tracks, the most played, and a genre's. */
export const DiscoverPanel = observer(function DiscoverPanel() {
  const { music } = useStores();
  return (
    <Stack gap="lg">
      <section aria-label="New releases">
        <Title order={2} size="h4" mb="xs">
          New releases
        </Title>
        <TrackListView list={music.newest} label="New releases" empty="No tracks yet." />
      </section>
      <section aria-label="Most played">
        <Title order={2} size="h4" mb="xs">
          Most played
        </Title>
        <TrackListView list={music.popular} label="Most played" empty="No tracks yet." />
      </section>
      <section aria-label="By genre">
        <Title order={2} size="h4" mb="xs">
          By genre
        </Title>
        <Chip.Group value={music.genre} onChange={(value) => music.setGenre(value as MusicGenre)}>
          <Group gap="xs" mb="sm" role="radiogroup" aria-label="Genre">
            {MUSIC_GENRES.map((genre) => (
              <Chip key={genre} value={genre} size="xs">
                {genre}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <TrackListView list={music.byGenre} label={`${music.genre} tracks`} empty={`No ${music.genre} tracks yet.`} />
      </section>
    </Stack>
  );
});

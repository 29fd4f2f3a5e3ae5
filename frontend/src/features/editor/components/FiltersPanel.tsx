import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { AspectRatio, Box, Card, Center, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { NO_FILTER } from '../EditorStore';
import { EDIT_FILTERS, formatTime } from '../timeline';
import type { Filter } from '../types';

/** One filter tile: the frame at the playhead with that filter, its name; pressed when it is the edit's filter. */
const FilterTile = observer(function FilterTile({ name }: { name: string }) {
  const { editor } = useStores();
  const frame = editor.frames[name];
  const filter = name === NO_FILTER ? null : (name as Filter);
  const chosen = (editor.present?.filter ?? null) === filter;
  return (
    <UnstyledButton
      onClick={() => editor.setFilter(filter)}
      aria-pressed={chosen}
      aria-label={name}
      style={{
        borderRadius: 8,
        padding: 4,
        outline: chosen ? '3px solid var(--mantine-color-blue-5)' : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Stack gap={4}>
        <AspectRatio ratio={16 / 9}>
          {frame?.url ? (
            <img src={frame.url} alt={`The frame at the playhead with ${name === NO_FILTER ? 'no filter' : name}`} style={{ objectFit: 'cover', borderRadius: 4 }} />
          ) : (
            <Box bg="dark.6" style={{ borderRadius: 4 }}>
              <Center h="100%">
                {frame?.status === 'error' ? (
                  <Text size="xs" c="red.3" ta="center" px={4}>
                    {frame.error}
                  </Text>
                ) : (
                  <Loader size="xs" color="gray" />
                )}
              </Center>
            </Box>
          )}
        </AspectRatio>
        <Text size="sm" fw={chosen ? 700 : 500} ta="center">
          {name}
        </Text>
      </Stack>
    </UnstyledButton>
  );
});

/** Filters (seed 002 §2.14): the eight and None, each previewed on the frame at the playhead. */
export const FiltersPanel = observer(function FiltersPanel() {
  const { editor } = useStores();
  const at = editor.framesPosition;
  // The previews follow the playhead once it stays put a moment.
  useEffect(() => editor.followFrames(), [editor, at]);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Filters">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            Filters
          </Title>
          <Text size="xs" c="dimmed">
            {`Previewed on the frame at ${formatTime(editor.framesAt ?? at)}. The filter applies to the whole video.`}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {[NO_FILTER, ...EDIT_FILTERS].map((name) => (
            <FilterTile key={name} name={name} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { PlayIcon, PlusIcon } from '../../../shared/icons';
import { REEL_MESSAGES } from '../messages';
import { ReelCard } from './ReelCard';
import { ReelUploadForm } from './ReelUploadForm';
import { ReelsViewer } from './ReelsViewer';

type ReelsTab = 'browse' | 'upload';

/**
 * Shorts (seed 002 §2.6): the header with Watch Reels (and the count) and Create Reel, the Browse grid of 9:16 cards,
 * the Upload tab, and the full-screen viewer.
 */
export const ReelsSection = observer(function ReelsSection() {
  const { reels, ui, features } = useStores();
  const { signedIn, requireAccount } = useRequireAccount();
  // Uploading needs an account and uploads switched on: a visitor browses, and Create Reel asks them to sign in.
  const uploads = features.isEnabled('uploads');
  const tab = signedIn && uploads ? ui.tabOf<ReelsTab>('reels', 'browse') : 'browse';

  useEffect(() => reels.watch(), [reels]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Shorts
          </Title>
          <Text c="dimmed" size="sm">
            Vertical videos of a minute or less, one screen at a time.
          </Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<PlayIcon size={14} />} onClick={reels.watchAll} disabled={reels.status === 'loading'}>
            Watch Reels ({reels.countLabel})
          </Button>
          {uploads && (
            <Button variant="default" leftSection={<PlusIcon size={16} />} onClick={() => requireAccount(() => ui.setTab('reels', 'upload'))}>
              Create Reel
            </Button>
          )}
        </Group>
      </Group>

      <Tabs value={tab} onChange={(value) => value && ui.setTab('reels', value)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="browse">Browse</Tabs.Tab>
          {signedIn && uploads && <Tabs.Tab value="upload">Upload</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="browse">
          {reels.status === 'loading' && reels.reels.length === 0 ? (
            <Center py="xl" role="status" aria-label="Loading reels">
              <Loader />
            </Center>
          ) : (
            <Stack gap="md">
              {reels.usingSamples && (
                <Alert color="orange" variant="light">
                  {REEL_MESSAGES.sampleNotice}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" role="list" aria-label="Reels">
                {reels.shown.map((reel, index) => (
                  <div role="listitem" key={reel.id}>
                    <ReelCard reel={reel} onOpen={() => reels.openViewer(index)} />
                  </div>
                ))}
              </SimpleGrid>
              {reels.nextCursor && !reels.usingSamples && (
                <Center>
                  <Button variant="default" loading={reels.loadingMore} onClick={() => void reels.loadMore()}>
                    Load more reels
                  </Button>
                </Center>
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <ReelUploadForm onUploaded={() => ui.setTab('reels', 'browse')} />
        </Tabs.Panel>
      </Tabs>

      <ReelsViewer />
    </Stack>
  );
});

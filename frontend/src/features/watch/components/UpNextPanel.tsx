import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Button, Center, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';

/** Seconds the next item waits before it plays on its own, with a Cancel. */
export const AUTOPLAY_DELAY_SECONDS = 5;

/**
 * The autoplay countdown of a watch page: `start` (when playback ends) counts AUTOPLAY_DELAY_SECONDS down, then opens
 * `nextPath`; `cancel` stops it. Opening another item (`key`) stops it too.
 */
export function useAutoplayCountdown(nextPath: string | null, key: string): { countdown: number | null; start: () => void; cancel: () => void } {
  const navigate = useNavigate();
  const [countdown, setCountdown] = useState<number | null>(null);

  useEffect(() => {
    setCountdown(null);
  }, [key]);

  useEffect(() => {
    if (countdown === null || !nextPath) return undefined;
    if (countdown <= 0) {
      setCountdown(null);
      navigate(nextPath);
      return undefined;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, nextPath, navigate]);

  return { countdown, start: () => setCountdown(AUTOPLAY_DELAY_SECONDS), cancel: () => setCountdown(null) };
}

export interface UpNextPanelProps {
  /** Seconds before the next item opens, while the countdown runs. */
  countdown: number | null;
  /** The title of the item autoplay would open; null when there is none. */
  nextTitle: string | null;
  onCancel: () => void;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** How many items the list has (the children). */
  count: number;
  /** What to say when there is nothing else. */
  empty?: string;
  children: ReactNode;
}

/**
 * Up next beside a watch page's player (videos and movies): its items, the Autoplay switch (one choice for every watch
 * page, kept in this browser by WatchStore), and the countdown to the next item with its Cancel.
 */
export const UpNextPanel = observer(function UpNextPanel({ countdown, nextTitle, onCancel, status, count, empty = 'Nothing else to watch yet.', children }: UpNextPanelProps) {
  const { watch } = useStores();
  return (
    <Stack gap="sm" component="section" aria-label="Up next">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Up next
        </Title>
        <Switch size="xs" label="Autoplay" checked={watch.autoplay} onChange={(e) => watch.setAutoplay(e.currentTarget.checked)} />
      </Group>
      {countdown !== null && nextTitle !== null && (
        <Paper withBorder p="xs" radius="md" role="status">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              Next in {countdown} s: {nextTitle}
            </Text>
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Paper>
      )}
      {status === 'loading' && count === 0 && (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading Up next" />
        </Center>
      )}
      {status === 'error' && <Text size="sm" c="dimmed">Up next could not be loaded.</Text>}
      {status === 'ready' && count === 0 && <Text size="sm" c="dimmed">{empty}</Text>}
      {children}
    </Stack>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { NOTIFICATION_MESSAGES } from '../messages';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './useOpenNotification';

/**
 * Subscriptions → Notifications (seed 002 §2.11, §4): every notification, newest first (20 at a time), unread ones
 * highlighted with 'New' and marked read when clicked, and 'Mark all as read'.
 */
export const NotificationsPanel = observer(function NotificationsPanel() {
  const { notifications } = useStores();
  const open = useOpenNotification();

  // The bell keeps the list live; opening the tab reads it again, so it is current even after a quiet reconnect.
  useEffect(() => {
    void notifications.load();
  }, [notifications]);

  const { items, status, unreadCount } = notifications;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {status === 'ready' ? (unreadCount > 0 ? `${unreadCount} unread` : 'All caught up') : ''}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={unreadCount === 0}
          loading={notifications.markAllPending}
          onClick={() => void notifications.markAllRead()}
        >
          Mark all as read
        </Button>
      </Group>
      {items.length === 0 && status === 'loading' ? (
        <Center py="xl" role="status" aria-label="Loading notifications">
          <Loader />
        </Center>
      ) : items.length === 0 && status === 'error' ? (
        <Stack align="center" gap="xs" py="xl">
          <Text c="dimmed">{NOTIFICATION_MESSAGES.loadFailed}</Text>
          <Button variant="light" onClick={() => void notifications.load()}>
            Try again
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NOTIFICATION_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Notifications">
          {items.map((notification) => (
            <div role="listitem" key={notification.id}>
              <NotificationItem notification={notification} pending={notifications.readPending.has(notification.id)} onOpen={open} />
            </div>
          ))}
        </Stack>
      )}
      {notifications.nextCursor && (
        <Center>
          <Button variant="default" loading={notifications.loadingMore} onClick={() => void notifications.loadMore()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
});

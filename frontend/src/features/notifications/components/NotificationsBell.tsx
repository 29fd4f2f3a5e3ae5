import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Button, Center, Divider, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { BellIcon } from '../../../shared/icons';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { NOTIFICATION_MESSAGES } from '../messages';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './useOpenNotification';

/**
 * The header's notifications bell (seed 000 §2): the unread count as a badge (9+ above 9), kept live by the realtime
 * socket, and a dropdown with the first five notifications (title, message, date) or 'No notifications yet', and a way
 * to the full list in Subscriptions → Notifications.
 */
export const NotificationsBell = observer(function NotificationsBell() {
  const { notifications } = useStores();
  const { openSection } = useSectionNavigation();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const dropdownId = useId();
  const close = () => setOpened(false);
  const open = useOpenNotification(close);

  useEffect(() => notifications.watch(), [notifications]);

  const badge = notifications.badge;
  const items = notifications.bellItems;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal withRoles={false}>
      <Popover.Target>
        <Indicator label={badge} disabled={!badge} size={18} offset={6} color="red" inline>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={badge ? `Notifications (${badge} unread)` : 'Notifications'}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? dropdownId : undefined}
            onClick={() => setOpened((value) => !value)}
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" id={dropdownId} role="dialog" aria-labelledby={titleId}>
        <Text id={titleId} fw={700} px="sm" py={4}>
          Notifications
        </Text>
        <Divider mb={4} />
        {items.length === 0 && notifications.status === 'loading' ? (
          <Center py="md" role="status" aria-label="Loading notifications">
            <Loader size="sm" />
          </Center>
        ) : items.length === 0 && notifications.status === 'error' ? (
          <Stack align="center" gap="xs" py="md">
            <Text size="sm" c="dimmed">
              {NOTIFICATION_MESSAGES.loadFailed}
            </Text>
            <Button size="xs" variant="light" onClick={() => void notifications.load()}>
              Try again
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {NOTIFICATION_MESSAGES.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4} role="list" aria-label="Latest notifications">
              {items.map((notification) => (
                <div role="listitem" key={notification.id}>
                  <NotificationItem
                    notification={notification}
                    pending={notifications.readPending.has(notification.id)}
                    onOpen={open}
                  />
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider mt={4} />
        <Button
          variant="subtle"
          fullWidth
          mt={4}
          onClick={() => {
            close();
            openSection('social', 'notifications');
          }}
        >
          View all notifications
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
});

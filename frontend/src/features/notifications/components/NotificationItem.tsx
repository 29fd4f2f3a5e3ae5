import { observer } from 'mobx-react-lite';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDate, formatRelativeTime } from '../../../shared/format';
import type { NotificationDto } from '../types';

/**
 * One notification (seed 000 §2, seed 002 §4): title, message and date; an unread one is highlighted with a 'New'
 * badge, and clicking it marks it read (and opens what it is about).
 */
export const NotificationItem = observer(function NotificationItem({
  notification,
  pending = false,
  onOpen,
}: {
  notification: NotificationDto;
  pending?: boolean;
  onOpen: (notification: NotificationDto) => void;
}) {
  const unread = !notification.read;
  return (
    <UnstyledButton
      w="100%"
      p="sm"
      aria-busy={pending || undefined}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack gap={2}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
            {notification.title}
          </Text>
          {unread && (
            <Badge size="xs" color="blue" variant="filled">
              New
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {notification.message}
        </Text>
        <Text size="xs" c="dimmed" title={formatDate(notification.created_at)}>
          <time dateTime={notification.created_at}>{formatRelativeTime(notification.created_at)}</time>
        </Text>
      </Stack>
    </UnstyledButton>
  );
});

import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDollars } from '../../../shared/format';
import { superChatMantineColor } from '../messages';
import type { SuperChat } from '../types';

/** One Super Chat, in its colour (gold, red, green, otherwise blue): who, how much, and the message. */
export function SuperChatCard({ chat, compact = false }: { chat: SuperChat; compact?: boolean }) {
  const color = superChatMantineColor(chat.color);
  return (
    <Paper
      radius="md"
      p={compact ? 6 : 'sm'}
      bg={`var(--mantine-color-${color}-light)`}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-filled)` }}
      data-color={chat.color}
      aria-label={`Super Chat from ${chat.username}: ${formatDollars(chat.amount)}`}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fw={700} size="sm" truncate>
          {chat.username}
        </Text>
        <Badge color={color} variant="filled" size="sm" style={{ flexShrink: 0 }}>
          {formatDollars(chat.amount)}
        </Badge>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {chat.message}
      </Text>
    </Paper>
  );
}

/** The stream's Super Chats, newest first, each coloured by its package (seed 002 §2.7, My Stream). */
export function SuperChatList({ superChats, emptyText = 'No Super Chats yet' }: { superChats: readonly SuperChat[]; emptyText?: string }) {
  if (!superChats.length) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Super Chats" style={{ listStyle: 'none' }}>
      {superChats.map((chat) => (
        <Box component="li" key={chat.id}>
          <SuperChatCard chat={chat} />
        </Box>
      ))}
    </Stack>
  );
}

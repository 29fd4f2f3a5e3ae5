import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ActionIcon, Badge, Box, Button, Group, Menu, NativeSelect, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { ReportControl } from '../../moderation/components/ReportControl';
import { liveChatMessageTarget } from '../../moderation/targets';
import { formatRelativeTime } from '../../../shared/format';
import type { LiveRoom } from '../LiveStore';
import { CHAT_MESSAGE_MAX, SLOW_MODE_CHOICES, TIMEOUT_CHOICES } from '../messages';
import { SuperChatCard } from '../superchat/SuperChatList';
import type { LiveComment, SuperChat } from '../types';
import { useNow } from '../useLiveRoom';

type FeedItem = { kind: 'comment'; at: string; comment: LiveComment } | { kind: 'super'; at: string; chat: SuperChat };

/** Chat messages and Super Chats in one list, newest first (seed 002 §4: a new comment goes to the top). */
function feedOf(room: LiveRoom): FeedItem[] {
  const items: FeedItem[] = [
    ...room.messages.map((comment) => ({ kind: 'comment' as const, at: comment.created_at, comment })),
    ...room.superChats.map((chat) => ({ kind: 'super' as const, at: chat.created_at, chat })),
  ];
  // Stable: equal times keep the order the server gave (newest first).
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

function slowModeLabel(seconds: number): string {
  if (seconds === 0) return 'Off';
  return seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
}

/** The streamer's menu on a message: delete it, or time its sender out for 1, 5 or 10 minutes. */
function ModerationMenu({ room, comment }: { room: LiveRoom; comment: LiveComment }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Moderate ${comment.username}'s message`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" onClick={() => void room.deleteComment(comment.id)}>
          Delete message
        </Menu.Item>
        {comment.user_id !== room.stream?.user_id &&
          TIMEOUT_CHOICES.map((seconds) => (
            <Menu.Item key={seconds} onClick={() => void room.timeOut(comment, seconds)}>
              {`Time out ${seconds / 60} minute${seconds === 60 ? '' : 's'}`}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

const ChatInput = observer(function ChatInput({ room }: { room: LiveRoom }) {
  const [text, setText] = useState('');
  const { signedIn, signInHref } = useRequireAccount();
  const now = useNow();

  if (!signedIn) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Sign in to chat
        </Text>
        <Button component={Link} to={signInHref} size="xs">
          Sign in
        </Button>
      </Group>
    );
  }
  if (room.ended) {
    return (
      <Text size="sm" c="dimmed">
        The chat closed when the stream ended.
      </Text>
    );
  }
  const timedOut = room.isTimedOutAt(now) && !room.isOwner;
  // The box empties at once, so that the next message can be typed while this one is on its way (Enter again sends
  // it after this one). A refused message comes back into the box unless something else was typed meanwhile.
  const send = async () => {
    const sent = text;
    if (sent.trim() === '') return;
    setText('');
    if (!(await room.sendComment(sent))) setText((current) => (current === '' ? sent : current));
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          flex={1}
          aria-label="Chat message"
          placeholder={timedOut ? 'You are timed out' : 'Say something…'}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={timedOut}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={() => void send()} loading={room.sending && text.trim() === ''} disabled={timedOut || text.trim() === ''}>
          Send
        </Button>
      </Group>
      {timedOut && room.timedOutUntil && (
        <Text size="xs" c="red" role="status">
          {`You are timed out of this chat until ${new Date(room.timedOutUntil).toLocaleTimeString()}`}
        </Text>
      )}
      {!timedOut && room.chatError && (
        <Text size="xs" c="red" role="alert">
          {room.chatError}
        </Text>
      )}
      {room.stream && room.stream.slow_mode_seconds > 0 && !room.isOwner && (
        <Text size="xs" c="dimmed">
          {`Slow mode: one message every ${slowModeLabel(room.stream.slow_mode_seconds).toLowerCase()}`}
        </Text>
      )}
    </Stack>
  );
});

/**
 * A stream's live chat (the watch view and My Stream): the send box (Enter sends; visitors are asked to sign in),
 * Super Chats still pinned at the top, then messages and Super Chats newest first, updated live by the room. The
 * streamer (`room.canModerate`) deletes messages, times people out and sets slow mode.
 */
export const LiveChat = observer(function LiveChat({ room, height = 420 }: { room: LiveRoom; height?: number | string }) {
  const now = useNow();
  const me = useStores().auth.user?.id;
  const pinned = room.pinnedAt(now);
  const feed = feedOf(room);
  const stream = room.stream;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Live chat">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            Live chat
          </Title>
          {room.canModerate && stream ? (
            <NativeSelect
              size="xs"
              label="Slow mode"
              value={String(stream.slow_mode_seconds)}
              data={[...new Set<number>([...SLOW_MODE_CHOICES, stream.slow_mode_seconds])].sort((a, b) => a - b).map((s) => ({ value: String(s), label: slowModeLabel(s) }))}
              onChange={(event) => void room.setSlowMode(Number(event.currentTarget.value))}
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { whiteSpace: 'nowrap' } }}
            />
          ) : (
            stream && stream.slow_mode_seconds > 0 && <Badge variant="light">Slow mode</Badge>
          )}
        </Group>
        {pinned.length > 0 && (
          <Stack component="ul" gap={6} p={0} m={0} aria-label="Pinned Super Chats" style={{ listStyle: 'none' }}>
            {pinned.map((chat) => (
              <Box component="li" key={chat.id}>
                <SuperChatCard chat={chat} compact />
              </Box>
            ))}
          </Stack>
        )}
        <ChatInput room={room} />
        <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars>
          {feed.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm">
              No messages yet. Say hello!
            </Text>
          ) : (
            <Stack component="ul" gap={6} p={0} m={0} aria-label="Chat messages" style={{ listStyle: 'none' }}>
              {feed.map((item) =>
                item.kind === 'super' ? (
                  <Box component="li" key={`s-${item.chat.id}`}>
                    <SuperChatCard chat={item.chat} compact />
                  </Box>
                ) : (
                  <Group component="li" key={item.comment.id} gap={6} wrap="nowrap" align="flex-start" justify="space-between">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={700} c={item.comment.user_id === stream?.user_id ? 'red' : undefined}>
                        {item.comment.username}
                      </Text>{' '}
                      {item.comment.message}
                      <Text span size="xs" c="dimmed" ml={6} title={item.comment.created_at}>
                        {formatRelativeTime(item.comment.created_at, now)}
                      </Text>
                    </Text>
                    {room.canModerate ? (
                      <ModerationMenu room={room} comment={item.comment} />
                    ) : (
                      <ReportControl variant="icon" own={item.comment.user_id === me} target={() => liveChatMessageTarget(item.comment)} />
                    )}
                  </Group>
                ),
              )}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
});

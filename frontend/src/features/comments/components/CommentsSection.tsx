import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Anchor, Avatar, Button, Group, Loader, Menu, SegmentedControl, Stack, Text, Textarea, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { formatCount, formatRelativeTime } from '../../../shared/format';
import { FlagIcon, HeartIcon } from '../../../shared/icons';
import { channelPath } from '../../../shared/paths';
import { useReport } from '../../moderation/components/ReportControl';
import { commentTarget } from '../../moderation/targets';
import { COMMENT_MAX, type CommentDto, type CommentedKind, type CommentOrder, type CommentThread } from '../CommentsStore';

/** The box to write a comment or a reply; the refusal shows under it, never also as a toast. */
const CommentForm = observer(function CommentForm({
  thread,
  parentId,
  initial = '',
  label,
  submitLabel,
  onDone,
  onCancel,
  submit,
}: {
  thread: CommentThread;
  parentId?: string;
  initial?: string;
  label: string;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
  submit?: (text: string) => Promise<string | null>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const refused = await (submit ? submit(text) : thread.post(text, parentId));
    setBusy(false);
    setError(refused);
    if (!refused) {
      setText('');
      onDone?.();
    }
  };
  return (
    <Stack gap={6}>
      <Textarea
        aria-label={label}
        placeholder={label}
        autosize
        minRows={1}
        maxRows={8}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (error) setError(null);
        }}
        description={text.length > COMMENT_MAX - 50 ? `${text.length}/${COMMENT_MAX}` : undefined}
      />
      <Group gap="xs" justify="flex-end">
        {onCancel && (
          <Button variant="subtle" color="gray" size="xs" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="xs" loading={busy} onClick={() => void send()}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
});

const CommentItem = observer(function CommentItem({ thread, comment, parentId }: { thread: CommentThread; comment: CommentDto; parentId: string | null }) {
  const { requireAccount, signedIn } = useRequireAccount();
  const report = useReport();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const replies = parentId ? null : thread.replies.get(comment.id);
  const openReplies = () => void thread.loadReplies(comment.id);

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" component="article" aria-label={`Comment by ${comment.display_name}`}>
      {/* The same link as the @username beside it: one stop for the keyboard and screen readers. */}
      <Avatar component={Link} to={channelPath(comment.username)} tabIndex={-1} aria-hidden src={comment.avatar_url} name={comment.display_name} color="initials" radius="xl" size={parentId ? 28 : 36} alt="" />
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap={6}>
          <Anchor component={Link} to={channelPath(comment.username)} size="sm" fw={600} c="inherit">
            @{comment.username}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatRelativeTime(comment.created_at)}
            {comment.edited_at ? ' (edited)' : ''}
          </Text>
        </Group>
        {editing ? (
          <CommentForm
            thread={thread}
            initial={comment.content}
            label="Edit your comment"
            submitLabel="Save"
            submit={(text) => thread.edit(comment.id, text)}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.content}
          </Text>
        )}
        <Group gap={4}>
          <Button
            variant="subtle"
            color={comment.liked ? 'red' : 'gray'}
            size="compact-xs"
            leftSection={<HeartIcon size={14} filled={comment.liked} />}
            aria-pressed={comment.liked}
            onClick={() => requireAccount(() => void thread.like(comment.id))}
          >
            <VisuallyHidden>Like comment by {comment.display_name} </VisuallyHidden>
            {formatCount(comment.like_count)}
          </Button>
          {!parentId && (
            <Button variant="subtle" color="gray" size="compact-xs" onClick={() => requireAccount(() => setReplying(true))}>
              Reply
            </Button>
          )}
          {/* Edit and delete where the server allows them; Report on anyone else's comment (a visitor signs in first). */}
          {((signedIn && (comment.can_edit || comment.can_delete)) || !comment.can_edit) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle" color="gray" size="compact-xs" aria-label="More actions">
                  ⋯
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {comment.can_edit && <Menu.Item onClick={() => setEditing(true)}>Edit</Menu.Item>}
                {signedIn && comment.can_delete && (
                  <Menu.Item color="red" onClick={() => void thread.remove(comment.id, parentId)}>
                    Delete
                  </Menu.Item>
                )}
                {!comment.can_edit && (
                  <Menu.Item leftSection={<FlagIcon size={14} />} onClick={() => report(() => commentTarget(comment))}>
                    Report
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {replying && (
          <CommentForm thread={thread} parentId={comment.id} label="Add a reply" submitLabel="Reply" onDone={() => setReplying(false)} onCancel={() => setReplying(false)} />
        )}
        {!parentId && comment.reply_count > 0 && (!replies || replies.status === 'idle') && (
          <UnstyledButton c="blue" fz="sm" fw={500} onClick={openReplies}>
            {comment.reply_count === 1 ? 'View 1 reply' : `View ${comment.reply_count} replies`}
          </UnstyledButton>
        )}
        {replies && replies.status !== 'idle' && (
          <Stack gap="sm" mt={4}>
            {replies.items.map((reply) => (
              <CommentItem key={reply.id} thread={thread} comment={reply} parentId={comment.id} />
            ))}
            {replies.status === 'loading' && <Loader size="xs" role="status" aria-label="Loading replies" />}
            {replies.status === 'error' && (
              <Text size="xs" c="dimmed">
                The replies could not be loaded.{' '}
                <Anchor component="button" size="xs" onClick={openReplies}>
                  Try again
                </Anchor>
              </Text>
            )}
            {replies.nextCursor && replies.status === 'ready' && (
              <UnstyledButton c="blue" fz="sm" onClick={() => void thread.loadReplies(comment.id, true)}>
                More replies
              </UnstyledButton>
            )}
          </Stack>
        )}
      </Stack>
    </Group>
  );
});

/**
 * Comments under a video or movie: write one (visitors are asked to sign in and come back), newest or top first, one
 * level of replies, likes, edit or delete where the server allows it, and Report on other people's comments.
 */
export const CommentsSection = observer(function CommentsSection({ kind, mediaId }: { kind: CommentedKind; mediaId: string }) {
  const { comments } = useStores();
  const { signedIn, signInHref } = useRequireAccount();
  const thread = comments.thread(kind, mediaId);

  useEffect(() => {
    if (thread.status === 'idle') void thread.load();
  }, [thread]);

  return (
    <Stack gap="md" component="section" aria-label="Comments" mt="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Comments
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Sort comments"
          value={thread.order}
          onChange={(value) => thread.setOrder(value as CommentOrder)}
          data={[
            { value: 'newest', label: 'Newest' },
            { value: 'top', label: 'Top' },
          ]}
        />
      </Group>
      {signedIn ? (
        <CommentForm thread={thread} label="Add a comment" submitLabel="Comment" />
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={signInHref}>
            Sign in
          </Anchor>{' '}
          to comment.
        </Text>
      )}
      {thread.status === 'loading' && thread.items.length === 0 && <Loader size="sm" role="status" aria-label="Loading comments" />}
      {thread.status === 'error' && thread.items.length === 0 && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            The comments could not be loaded.
          </Text>
          <Button size="xs" variant="default" onClick={() => void thread.load()}>
            Try again
          </Button>
        </Group>
      )}
      {thread.status === 'ready' && thread.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      <Stack gap="lg">
        {thread.items.map((comment) => (
          <CommentItem key={comment.id} thread={thread} comment={comment} parentId={null} />
        ))}
      </Stack>
      {thread.nextCursor && (
        <Group justify="center">
          <Button variant="default" size="xs" loading={thread.status === 'loading'} onClick={() => void thread.load(true)}>
            More comments
          </Button>
        </Group>
      )}
    </Stack>
  );
});

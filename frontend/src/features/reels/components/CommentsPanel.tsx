import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Alert, Badge, Button, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { FlagIcon } from '../../../shared/icons';
import { useReport } from '../../moderation/components/ReportControl';
import { commentTarget } from '../../moderation/targets';
import { REEL_COMMENT_MAX, REEL_MESSAGES } from '../messages';
import type { Reel } from '../types';

/**
 * The comments drawer of the reels viewer (seed 002 §2.6, §5, §8): the comments, oldest first, a page at a time
 * (Load more comments while the server has more), a form to add one, shown at once, and Report on other people's
 * comments (the server says which comments are the viewer's own).
 */
export const CommentsPanel = observer(function CommentsPanel({ reel }: { reel: Reel }) {
  const { auth, reels } = useStores();
  const report = useReport();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const state = reels.commentsOf(reel.id);
  const comments = reels.commentList(reel.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await reels.postComment(reel.id, text);
    if (result.ok) {
      setText('');
      setError(null);
    } else setError(result.detail);
  };

  return (
    <Paper
      component="aside"
      aria-label="Comments"
      pos="absolute"
      top={0}
      right={0}
      bottom={0}
      w={{ base: '100%', sm: 380 }}
      p="md"
      radius={0}
      shadow="xl"
      style={{ zIndex: 3, display: 'flex', flexDirection: 'column' }}
      // Scrolling or swiping the comments must not page the reels behind them.
      onWheel={(event) => event.stopPropagation()}
      onTouchStart={(event) => event.stopPropagation()}
      onTouchEnd={(event) => event.stopPropagation()}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Comments
        </Title>
        <CloseButton aria-label="Close comments" onClick={reels.closeComments} />
      </Group>

      {state.sample && (
        <Alert color="orange" mb="sm" p="xs">
          <Text size="sm">{REEL_MESSAGES.commentsLoadFailed}</Text>
        </Alert>
      )}

      <ScrollArea style={{ flex: 1 }}>
        {state.status === 'loading' && comments.length === 0 ? (
          <Group justify="center" py="md" role="status" aria-label="Loading comments">
            <Loader size="sm" />
          </Group>
        ) : comments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No comments yet. Be the first!
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comment list">
            {comments.map((comment) => (
              <li key={comment.id}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    @{comment.username}
                  </Text>
                  {comment.sample && (
                    <Badge size="xs" color="orange">
                      Sample
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDate(comment.created_at)}
                  </Text>
                  {!comment.sample && !comment.is_mine && (
                    <Tooltip label="Report" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        ml="auto"
                        aria-label={`Report comment by @${comment.username}`}
                        onClick={() => report(() => commentTarget(comment))}
                      >
                        <FlagIcon size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {comment.content}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {state.nextCursor && !state.sample && (
          <Stack gap={4} align="center" mt="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={state.loadingMore}
              onClick={() => void reels.loadMoreComments(reel.id)}
            >
              Load more comments
            </Button>
            {state.moreFailed && (
              <Text size="xs" c="red" role="alert">
                {REEL_MESSAGES.moreCommentsFailed}
              </Text>
            )}
          </Stack>
        )}
      </ScrollArea>

      {auth.user ? (
        <form onSubmit={(event) => void submit(event)} aria-label="Add a comment" noValidate>
          <Stack gap="xs" mt="sm">
            <Textarea
              label="Add a comment"
              autosize
              minRows={2}
              maxLength={REEL_COMMENT_MAX}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              description={`${text.trim().length}/${REEL_COMMENT_MAX}`}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={reels.commentPending}>
                Post
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          Sign in to comment.
        </Text>
      )}
    </Paper>
  );
});

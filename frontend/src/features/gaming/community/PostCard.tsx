import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ActionIcon, Badge, Button, Card, Center, Divider, Group, Image, Loader, Stack, Text, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { formatClock, formatRelativeTime } from '../../../shared/format';
import { CommentIcon, HeartIcon, PlayIcon } from '../../../shared/icons';
import { videoPath } from '../../../shared/paths';
import { ReportControl } from '../../moderation/components/ReportControl';
import { communityPostTarget } from '../../moderation/targets';
import { COMMUNITY_MESSAGES, POST_LIMITS, postTypeOf } from './messages';
import type { CommunityComment, CommunityPost } from './types';

/** Content longer than this is collapsed to a few lines behind Show more. */
const COLLAPSE_CHARS = 400;
const COLLAPSE_LINES = 6;

function TrashIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </svg>
  );
}

const CommentRow = observer(function CommentRow({ post, comment }: { post: CommunityPost; comment: CommunityComment }) {
  const { community } = useStores();
  const canDelete = comment.is_mine || post.is_mine;
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs" aria-label={`Comment by @${comment.author_name}`}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            @{comment.author_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRelativeTime(comment.created_at)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.content}
        </Text>
      </Stack>
      {canDelete && (
        <Tooltip label="Delete comment" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Delete comment" onClick={() => void community.deleteComment(post.id, comment.id)}>
            <TrashIcon size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
});

const Comments = observer(function Comments({ post }: { post: CommunityPost }) {
  const { community } = useStores();
  const { signedIn, requireAccount } = useRequireAccount();
  const [text, setText] = useState('');
  const entry = community.commentsOf(post.id);
  if (!entry) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await community.addComment(post.id, text)) setText('');
  };

  return (
    <Stack gap="xs" component="section" aria-label={`Comments on ${post.title}`}>
      <Divider />
      {entry.status === 'loading' && entry.items.length === 0 ? (
        <Center py="xs">
          <Loader size="sm" role="status" aria-label="Loading comments" />
        </Center>
      ) : entry.status === 'error' ? (
        <Text size="sm" c="dimmed">
          {COMMUNITY_MESSAGES.commentsFailed}
        </Text>
      ) : entry.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Comments">
          {entry.items.map((c) => (
            <CommentRow key={c.id} post={post} comment={c} />
          ))}
        </Stack>
      )}
      {entry.nextCursor && (
        <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} loading={entry.loadingMore} onClick={() => void community.loadComments(post.id, true)}>
          More comments
        </Button>
      )}
      {signedIn ? (
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Add a comment">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Textarea
              aria-label="Comment"
              placeholder="Add a comment…"
              autosize
              minRows={1}
              maxRows={6}
              flex={1}
              maxLength={POST_LIMITS.comment}
              value={text}
              error={entry.error ?? undefined}
              onChange={(e) => {
                setText(e.currentTarget.value);
                entry.clearError();
              }}
            />
            <Button type="submit" loading={entry.sending}>
              Comment
            </Button>
          </Group>
        </form>
      ) : (
        <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => requireAccount(() => undefined)}>
          Sign in to comment
        </Button>
      )}
    </Stack>
  );
});

function ClipVideo({ video }: { video: NonNullable<CommunityPost['video']> }) {
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      component={Link}
      to={videoPath(video.id)}
      aria-label={`Watch ${video.title}`}
      style={{ textDecoration: 'none', color: 'inherit', maxWidth: 420 }}
    >
      <Group gap={0} wrap="nowrap" align="stretch">
        <div style={{ position: 'relative', width: 160, flex: '0 0 160px', background: 'var(--mantine-color-dark-6)' }}>
          {video.thumbnail_url ? (
            <Image src={video.thumbnail_url} alt="" h={90} w={160} fit="cover" />
          ) : (
            <Center h={90} c="gray.4">
              <PlayIcon size={28} />
            </Center>
          )}
          {video.duration !== null && (
            <Badge size="xs" color="dark" variant="filled" style={{ position: 'absolute', right: 6, bottom: 6 }}>
              {formatClock(video.duration)}
            </Badge>
          )}
        </div>
        <Stack gap={2} p="sm" justify="center" style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Clip
          </Text>
          <Text size="sm" fw={600} lineClamp={2}>
            {video.title}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** One community post: title, type, game, author, time, content (Show more), clip, likes, comments, delete or Report. */
export const PostCard = observer(function PostCard({ post }: { post: CommunityPost }) {
  const { community } = useStores();
  const { requireAccount } = useRequireAccount();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const long = post.content.length > COLLAPSE_CHARS || post.content.split('\n').length > COLLAPSE_LINES;
  const type = postTypeOf(post.type);
  const open = community.commentsOf(post.id) !== undefined;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={post.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge color={type.color} variant="light" radius="sm">
                {type.label}
              </Badge>
              <Badge color="grape" variant="outline" radius="sm">
                {post.game}
              </Badge>
            </Group>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Text>
            <Text size="sm" c="dimmed">
              @{post.author_name}
              {post.is_mine ? ' (you)' : ''} · {formatRelativeTime(post.created_at)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {post.is_mine ? (
              <Tooltip label="Delete post" withArrow>
                <ActionIcon variant="subtle" color="gray" aria-label="Delete post" onClick={() => setConfirming(true)}>
                  <TrashIcon />
                </ActionIcon>
              </Tooltip>
            ) : (
              <ReportControl own={post.is_mine} variant="icon" target={() => communityPostTarget(post)} />
            )}
          </Group>
        </Group>
        <Stack gap={2} align="flex-start">
          <Text lineClamp={long && !expanded ? 5 : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {post.content}
          </Text>
          {long && (
            <Button variant="subtle" size="compact-sm" px={0} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          )}
        </Stack>
        {post.video && <ClipVideo video={post.video} />}
        <Group gap="xs">
          <Button
            variant={post.liked ? 'light' : 'subtle'}
            color={post.liked ? 'red' : 'gray'}
            size="compact-sm"
            leftSection={<HeartIcon size={16} filled={post.liked} />}
            aria-pressed={post.liked}
            onClick={() => requireAccount(() => void community.toggleLike(post.id))}
          >
            {/* The name holds the count it shows (Like, 4 likes). */}
            <VisuallyHidden>Like, </VisuallyHidden>
            {post.likes}
            <VisuallyHidden>{post.likes === 1 ? ' like' : ' likes'}</VisuallyHidden>
          </Button>
          <Button
            variant={open ? 'light' : 'subtle'}
            color="gray"
            size="compact-sm"
            leftSection={<CommentIcon size={16} />}
            aria-expanded={open}
            onClick={() => community.toggleComments(post.id)}
          >
            <VisuallyHidden>Comments, </VisuallyHidden>
            {post.comments}
          </Button>
        </Group>
        <Comments post={post} />
      </Stack>
      {confirming && (
      <ConfirmModal
        opened
        title="Delete post"
        message={`Delete “${post.title}”? Its likes and comments go with it.`}
        confirmLabel="Delete"
        danger
        loading={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setDeleting(true);
          void community.deletePost(post.id).finally(() => {
            setDeleting(false);
            setConfirming(false);
          });
        }}
      />
      )}
    </Card>
  );
});

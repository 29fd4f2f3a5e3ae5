import { ActionIcon, Group, Text } from '@mantine/core';
import { HeartIcon } from './icons';

interface LikeToggleProps {
  /** What is liked, for the button's name ("Like Morning Tide"). */
  title: string;
  liked: boolean;
  likes: number;
  pending: boolean;
  /** Null for a visitor: the count alone. */
  onToggle: (() => void) | null;
}

/** A heart that likes or unlikes, with the count (a visitor sees the count only). */
export function LikeToggle({ title, liked, likes, pending, onToggle }: LikeToggleProps) {
  if (!onToggle) {
    return (
      <Text size="xs" c="dimmed" aria-label={`${likes} likes`}>
        <HeartIcon size={12} aria-hidden /> {likes}
      </Text>
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant={liked ? 'filled' : 'subtle'} color="red" aria-label={liked ? `Unlike ${title}` : `Like ${title}`} aria-pressed={liked} loading={pending} onClick={onToggle}>
        <HeartIcon size={16} />
      </ActionIcon>
      <Text size="xs" c="dimmed" aria-label={`${likes} likes`}>
        {likes}
      </Text>
    </Group>
  );
}

import { observer } from 'mobx-react-lite';
import { Button, type ButtonProps } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';

export interface FollowButtonProps {
  /** The user to follow; nothing shows for an empty id (a sample's or a deleted account's owner) or the viewer's own. */
  userId: string;
  /** Whether the viewer follows them, as the card was loaded; the server's later answer wins. */
  following: boolean;
  /** Names the button for screen readers ("Follow ada"). */
  username?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * Follow / Unfollow (seed 002 §4): the label comes from the server's `following` answer, and reads 'Loading...' while
 * the call is under way. The success toast is the server's message.
 */
export const FollowButton = observer(function FollowButton({ userId, following, username, size = 'xs', variant }: FollowButtonProps) {
  const { social } = useStores();
  if (!social.canFollow(userId)) return null;
  const pending = social.isPending(userId);
  const isFollowing = social.isFollowing(userId, following);
  const label = pending ? 'Loading...' : isFollowing ? 'Unfollow' : 'Follow';
  return (
    <Button
      size={size}
      variant={variant ?? (isFollowing ? 'default' : 'filled')}
      aria-label={username && !pending ? `${label} ${username}` : undefined}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void social.toggleFollow(userId);
      }}
    >
      {label}
    </Button>
  );
});

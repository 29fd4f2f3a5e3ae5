import { Avatar, type AvatarProps } from '@mantine/core';
import { initials, type AccountDto } from '../types';

interface AccountAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  account: Pick<AccountDto, 'display_name' | 'profile_photo_url'>;
}

/** An account's photo, or its initials when it has none (or the photo cannot be loaded). */
export function AccountAvatar({ account, ...props }: AccountAvatarProps) {
  return (
    <Avatar
      radius="xl"
      color="indigo"
      {...props}
      src={account.profile_photo_url ?? undefined}
      alt={account.profile_photo_url ? `Photo of ${account.display_name}` : undefined}
    >
      {initials(account.display_name)}
    </Avatar>
  );
}

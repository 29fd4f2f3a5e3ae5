import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, type ButtonProps } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { DollarIcon } from '../../../shared/icons';
import { SuperChatDialog } from '../superchat/SuperChatDialog';
import type { LiveStream } from '../types';

/**
 * Super Chat on a stream: opens the dialog; a visitor is asked to sign in first. Nothing shows on a stream without
 * Super Chat, on an ended one, on the viewer's own, or while the instance has Super Chat switched off.
 */
export const SuperChatButton = observer(function SuperChatButton({ stream, ...props }: { stream: LiveStream } & ButtonProps) {
  const { auth, features } = useStores();
  const { requireAccount } = useRequireAccount();
  const [opened, setOpened] = useState(false);
  if (!stream.super_chat_enabled || stream.status === 'ended' || !features.isEnabled('super_chat')) return null;
  if (auth.user && auth.user.id === stream.user_id) return null;
  return (
    <>
      <Button color="yellow" leftSection={<DollarIcon size={14} />} onClick={() => requireAccount(() => setOpened(true))} {...props}>
        Super Chat
      </Button>
      {opened && <SuperChatDialog stream={stream} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
});

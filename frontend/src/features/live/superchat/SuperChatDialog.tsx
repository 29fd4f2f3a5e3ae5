import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDollars } from '../../../shared/format';
import { superChatCheckoutKey } from '../../payments/PaymentsStore';
import { LIVE_MESSAGES, SUPER_CHAT_MESSAGE_MAX, SUPER_CHAT_PACKAGES, superChatMantineColor } from '../messages';
import type { LiveStream, SuperChatPackageId } from '../types';

/**
 * The Super Chat dialog (seed 001 §2): the four packages with their prices and colours, a required message of at most
 * 200 characters with its counter, and Send, which leaves for the hosted checkout; the payment comes back to this
 * page (`type=super_chat`), and the Super Chat shows in the chat once paid. A refusal is the toast
 * 'Failed to send Super Chat: …'.
 */
export const SuperChatDialog = observer(function SuperChatDialog({
  stream,
  opened,
  onClose,
}: {
  stream: LiveStream;
  opened: boolean;
  onClose: () => void;
}) {
  const { live, payments } = useStores();
  const [packageId, setPackageId] = useState<SuperChatPackageId>('small');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = payments.isStarting(superChatCheckoutKey(stream.id));
  const chosen = SUPER_CHAT_PACKAGES.find((p) => p.id === packageId) ?? SUPER_CHAT_PACKAGES[0];

  const send = async () => {
    const text = message.trim();
    if (!text) return setError(LIVE_MESSAGES.superChatMessageRequired);
    if (text.length > SUPER_CHAT_MESSAGE_MAX) return setError(LIVE_MESSAGES.superChatMessageTooLong);
    setError(null);
    await live.sendSuperChat(stream.id, packageId, text);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Super Chat to ${stream.username}`} centered size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Your message is highlighted in the chat and pinned at the top for a while; bigger Super Chats stay longer.
        </Text>
        <Radio.Group value={packageId} onChange={(value) => setPackageId(value as SuperChatPackageId)} label="Package">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
            {SUPER_CHAT_PACKAGES.map((pkg) => {
              const color = superChatMantineColor(pkg.color);
              const active = pkg.id === packageId;
              return (
                // A label around its radio (not a button: a radio inside a button is neither valid nor announced well).
                <UnstyledButton
                  key={pkg.id}
                  component="label"
                  p="xs"
                  style={{
                    borderRadius: 8,
                    border: `2px solid var(--mantine-color-${color}-${active ? 'filled' : 'light'})`,
                    background: active ? `var(--mantine-color-${color}-light)` : undefined,
                    cursor: 'pointer',
                  }}
                >
                  <Group gap={6} wrap="nowrap">
                    <Radio value={pkg.id} color={color} aria-label={`${pkg.label} ${formatDollars(pkg.amount)}`} />
                    <Stack gap={0}>
                      <Text size="sm" fw={700}>
                        {pkg.label}
                      </Text>
                      <Text size="sm">{formatDollars(pkg.amount)}</Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <Textarea
          label="Message"
          required
          autosize
          minRows={2}
          maxRows={5}
          value={message}
          error={error}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            if (error) setError(null);
          }}
          description={`${message.length}/${SUPER_CHAT_MESSAGE_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={superChatMantineColor(chosen.color)} onClick={() => void send()} loading={sending}>
            {`Send ${formatDollars(chosen.amount)}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});

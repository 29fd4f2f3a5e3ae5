import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REASON_MAX } from '../AdminMoneyStores';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What happens, as the admin reads it. */
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Asks why (the creator is told): a reason of up to 500 characters is needed to confirm. */
export function ReasonModal({ opened, title, message, confirmLabel, loading = false, onConfirm, onCancel }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (opened) setReason('');
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text>{message}</Text>
          <Textarea
            label="Reason"
            description="The creator sees this."
            required
            autosize
            minRows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading} disabled={!reason.trim()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

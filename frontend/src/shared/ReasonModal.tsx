import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the decision does, as the admin confirms it. */
  message: string;
  confirmLabel: string;
  /** Who reads the reason (shown under the field, with the characters used). */
  reasonDescription: string;
  /** The longest reason the server takes. */
  maxLength: number;
  /** A red confirm button (the default): the decision takes something away. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** An admin's decision that needs a reason (a payout failed, an application rejected, a moderation case decided). */
export function ReasonModal({ opened, title, message, confirmLabel, reasonDescription, maxLength, danger = true, loading = false, onConfirm, onCancel }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (opened) setReason('');
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text>{message}</Text>
          <Textarea
            label="Reason"
            description={`${reasonDescription} ${reason.length}/${maxLength}`}
            required
            autosize
            minRows={2}
            maxLength={maxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={loading} disabled={!reason.trim()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

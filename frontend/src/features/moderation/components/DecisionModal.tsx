import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DECISION_REASON_MAX } from '../messages';

interface DecisionModalProps {
  opened: boolean;
  title: string;
  /** What the decision does, as the admin confirms it. */
  message: string;
  confirmLabel: string;
  /** Who reads the reason. */
  reasonDescription: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** The confirmation of a moderation decision: what it does, and the reason (1 to 500 characters) it needs. */
export function DecisionModal({
  opened,
  title,
  message,
  confirmLabel,
  reasonDescription,
  danger = true,
  loading = false,
  onConfirm,
  onCancel,
}: DecisionModalProps) {
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
            description={`${reasonDescription} ${reason.length}/${DECISION_REASON_MAX}`}
            required
            autosize
            minRows={2}
            maxLength={DECISION_REASON_MAX}
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

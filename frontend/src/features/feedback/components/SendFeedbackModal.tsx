import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FEEDBACK_MAX_LENGTH } from '../FeedbackStore';

/** "Send feedback" (seed 000 §2): a message for the people who run this instance. */
export const SendFeedbackModal = observer(function SendFeedbackModal() {
  const { feedback, ui } = useStores();
  const [message, setMessage] = useState('');

  const close = () => {
    feedback.clearError();
    ui.closeFeedback();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await feedback.send(message)) {
      setMessage('');
      ui.closeFeedback();
    }
  };

  return (
    <Modal opened={ui.feedbackOpen} onClose={close} title="Send feedback" centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Send feedback form" noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell the people who run this Scriven instance what works, what does not, or what you miss. Your message is
            stored with your account for the instance&apos;s admins.
          </Text>
          <Textarea
            label="Your feedback"
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={FEEDBACK_MAX_LENGTH}
            description={`${message.length}/${FEEDBACK_MAX_LENGTH} characters`}
            data-autofocus
          />
          {feedback.error && (
            <Alert color="red" role="alert">
              {feedback.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={feedback.pending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

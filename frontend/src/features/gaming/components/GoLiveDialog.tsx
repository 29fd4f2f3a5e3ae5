import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { GAMING_MESSAGES, STREAM_DESCRIPTION_MAX, STREAM_GAME_MAX, STREAM_TITLE_MAX } from '../messages';

/** Where a started gaming stream is sent from (camera or OBS): Live's My Stream. */
export const MY_STREAM_PATH = '/live?tab=my-stream';

/**
 * Go Live with a game (seed 002 §2.10, §5): title and game required, description optional (3 rows). Once started, the
 * streamer goes to Live's My Stream, which sends it from the camera or OBS.
 */
export const GoLiveDialog = observer(function GoLiveDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { gaming, live } = useStores();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [game, setGame] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ title?: string; game?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      title: title.trim() ? undefined : GAMING_MESSAGES.titleRequired,
      game: game.trim() ? undefined : GAMING_MESSAGES.gameRequired,
    };
    setErrors(found);
    if (found.title || found.game) return;
    setFailure(null);
    const outcome = await gaming.startStream({ title, game, description });
    if (!outcome.ok) {
      setFailure(outcome.detail);
      return;
    }
    setTitle('');
    setGame('');
    setDescription('');
    close();
    navigate(MY_STREAM_PATH);
  };

  return (
    <Modal opened={opened} onClose={close} title="Go Live" centered size="md">
      {live.isStreaming ? (
        <Stack gap="sm">
          <Text size="sm">You already have a live stream. End it before starting another.</Text>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                close();
                navigate(MY_STREAM_PATH);
              }}
            >
              Open My Stream
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Go Live">
          <Stack gap="sm">
            <TextInput
              label="Stream title"
              placeholder="Ranked grind to Diamond"
              required
              maxLength={STREAM_TITLE_MAX}
              value={title}
              error={errors.title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Game"
              placeholder="The game you are playing"
              required
              maxLength={STREAM_GAME_MAX}
              value={game}
              error={errors.game}
              onChange={(event) => setGame(event.currentTarget.value)}
            />
            <Textarea
              label="Description"
              placeholder="What are you playing today? (optional)"
              rows={3}
              maxLength={STREAM_DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            {failure && (
              <Alert color="red" role="alert" title={GAMING_MESSAGES.streamFailed}>
                {failure}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              Next, you send the stream from your camera or from OBS in My Stream.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={gaming.startPending}>
                Go Live
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
});

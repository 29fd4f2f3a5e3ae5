import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../../stores/StoreProvider';
import { PATHS } from '../../../shared/paths';
import { ACCOUNT_MESSAGES } from '../messages';

/** Delete Account: the user types their display name, then everything is deleted and the session ends. */
export const DeleteMeModal = observer(function DeleteMeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { accounts, auth } = useStores();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const displayName = auth.user?.display_name ?? '';
  // The server compares without case or surrounding spaces.
  const matches = displayName !== '' && typed.trim().toLowerCase() === displayName.toLowerCase();

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matches) {
      setError(ACCOUNT_MESSAGES.deleteMeConfirmation);
      return;
    }
    const result = await accounts.deleteMe(typed.trim());
    if (result.ok) navigate(PATHS.home);
    else setError(result.detail);
  };

  return (
    <Modal opened={opened} onClose={close} title="Delete Account" centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Delete account form" noValidate>
        <Stack gap="md">
          <Text>This permanently deletes your Scriven account {displayName} and cannot be undone:</Text>
          <List size="sm">
            <List.Item>your sign-in and profile</List.Item>
            <List.Item>
              every channel ({accounts.accounts.length}) and everything they published, photos included
            </List.Item>
          </List>
          <Text size="sm">Feedback you sent to the admins stays with them, without your name.</Text>
          <Text size="sm" c="dimmed">
            Want a copy first? Use Download Your Data before you go.
          </Text>
          <TextInput
            label={ACCOUNT_MESSAGES.deleteMeConfirmation}
            description={`Type ${displayName}`}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
            autoComplete="off"
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={accounts.deleteMePending}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={accounts.deleteMePending}>
              Erase my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

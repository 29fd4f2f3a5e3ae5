import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Code, Fieldset, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { copyToClipboard } from '../../../shared/clipboard';
import { formatDate } from '../../../shared/format';
import { useStores } from '../../../stores/StoreProvider';
import { APP_TOKEN_MESSAGES, APP_TOKEN_NAME_MAX, APP_TOKENS_MAX, AppTokensStore, type AppTokenDto } from '../appTokensStore';

/** One value a music app asks for, with a button that copies it. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" w={120} fw={500}>
        {label}
      </Text>
      <Code style={{ wordBreak: 'break-all' }} aria-label={label}>
        {value}
      </Code>
      <Button size="compact-xs" variant="light" onClick={() => void copyToClipboard(value).then(setCopied)} aria-label={`Copy ${label.toLowerCase()}`}>
        {copied === true ? 'Copied' : copied === false ? 'Copy failed' : 'Copy'}
      </Button>
    </Group>
  );
}

/**
 * Settings → Music apps (Subsonic): app tokens that music apps (Subsonic and OpenSubsonic clients) sign in with, never
 * the account password. A new token is shown once, with the server address and the username to enter.
 */
export const MusicAppsCard = observer(function MusicAppsCard() {
  const root = useStores();
  const [store] = useState(() => new AppTokensStore(root));
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<AppTokenDto | null>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await store.create(name)) setName('');
  };

  const revoke = async () => {
    if (!confirming) return;
    if (await store.revoke(confirming.id)) setConfirming(null);
  };

  const items = store.list.data;
  return (
    <Fieldset legend="Music apps (Subsonic)" maw={760}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Play your Scriven music in apps that speak the Subsonic API. Create a token for each app and enter it as the password: your account password never
          works there, and revoking a token signs that app out.
        </Text>

        {store.created && (
          <Alert color="green" title={`Token “${store.created.name}” created`} withCloseButton closeButtonLabel="Done" onClose={store.dismissCreated}>
            <Stack gap={6}>
              <Text size="sm">Copy the token now: it is shown only this once. In your music app, enter:</Text>
              <CopyRow label="Server address" value={store.serverAddress} />
              <CopyRow label="Username" value={store.username} />
              <CopyRow label="Token" value={store.created.token} />
            </Stack>
          </Alert>
        )}

        <form onSubmit={(event) => void submit(event)} aria-label="Create an app token" noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Token name"
              placeholder="e.g. Phone, Car"
              description={`What the app or device is, up to ${APP_TOKEN_NAME_MAX} characters`}
              value={name}
              maxLength={APP_TOKEN_NAME_MAX}
              error={store.createError}
              onChange={(event) => {
                setName(event.currentTarget.value);
                store.clearCreateError();
              }}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={24} loading={store.createPending} disabled={store.atLimit}>
              Create token
            </Button>
          </Group>
          {store.atLimit && (
            <Text size="xs" c="dimmed" mt={4}>
              You have {APP_TOKENS_MAX} tokens, the most you can have. Revoke one you no longer use to create another.
            </Text>
          )}
        </form>

        {store.list.status === 'loading' && <Loader size="sm" aria-label="Loading app tokens" />}
        {store.list.status === 'error' && (
          <Alert color="red" title={APP_TOKEN_MESSAGES.loadFailed}>
            <Button size="xs" variant="light" onClick={() => void store.load()}>
              Retry
            </Button>
          </Alert>
        )}
        {items && items.length === 0 && (
          <Text size="sm" c="dimmed">
            No app tokens yet.
          </Text>
        )}
        {items && items.length > 0 && (
          <Table aria-label="App tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((t) => (
                <Table.Tr key={t.id} aria-label={t.name}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td>{formatDate(t.created_at)}</Table.Td>
                  <Table.Td>{t.last_used_at ? formatDate(t.last_used_at) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" color="red" variant="subtle" onClick={() => setConfirming(t)} aria-label={`Revoke ${t.name}`}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <ConfirmModal
        opened={confirming !== null}
        title="Revoke app token"
        message={`Revoke “${confirming?.name ?? ''}”?`}
        confirmLabel="Revoke"
        danger
        loading={store.revoking !== null}
        onConfirm={() => void revoke()}
        onCancel={() => setConfirming(null)}
      >
        <Text size="sm" c="dimmed">
          Music apps using this token are signed out at once.
        </Text>
      </ConfirmModal>
    </Fieldset>
  );
});

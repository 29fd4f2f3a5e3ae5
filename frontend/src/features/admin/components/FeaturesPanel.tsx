import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { FEATURE_FLAG_DESCRIPTION_MAX, FEATURE_FLAG_MESSAGES, type FeatureFlag } from '../FeatureFlagsStore';

/**
 * "Created by X on date", "Built in" for the flags the instance comes with, or "Created by a removed admin on date"
 * when the admin who created it no longer has an account (the server then names nobody).
 */
function origin(flag: FeatureFlag): string {
  if (flag.built_in) return 'Built in';
  if (flag.created_by === null) return `Created by a removed admin on ${formatDate(flag.created_at)}`;
  return `Created by ${flag.created_by} on ${formatDate(flag.created_at)}`;
}

/** The form that creates a flag (name, description); the new flag starts enabled. */
const CreateFlagForm = observer(function CreateFlagForm() {
  const { admin } = useStores();
  const store = admin.featureFlags;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.create(name, description)) {
      setName('');
      setDescription('');
    }
  };

  return (
    <form aria-label="Create feature flag" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Create a flag
        </Title>
        <TextInput
          label="Name"
          description="Lowercase letters, digits and underscores, starting with a letter"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            store.clearCreateError();
          }}
          maxLength={64}
          autoComplete="off"
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={FEATURE_FLAG_DESCRIPTION_MAX}
          autosize
          minRows={2}
        />
        {store.createError && (
          <Alert color="red" role="alert">
            {store.createError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={store.createPending}>
            Create flag
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

/**
 * The console's Features tab (seed 000 §2): every feature flag with its switch, and the form that creates one. A switch
 * takes effect in every server process within a second; the app hides what is off.
 */
export const FeaturesPanel = observer(function FeaturesPanel() {
  const { admin } = useStores();
  const store = admin.featureFlags;

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Feature flags">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Feature flags
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void store.load()} loading={store.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        {store.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{FEATURE_FLAG_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void store.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {store.status === 'loading' && store.flags.length === 0 && <Loader size="sm" role="status" aria-label="Loading feature flags" />}
        {store.status === 'ready' && store.flags.length === 0 && <Text c="dimmed">No feature flags yet.</Text>}
        {store.flags.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Flags">
            {store.flags.map((flag) => (
              <Group key={flag.name} justify="space-between" wrap="nowrap" role="listitem" aria-label={flag.name} py={4}>
                <Stack gap={0}>
                  <Text fw={600} ff="monospace">
                    {flag.name}
                  </Text>
                  {flag.description && <Text size="sm">{flag.description}</Text>}
                  <Text size="xs" c="dimmed">
                    {origin(flag)}
                  </Text>
                </Stack>
                <Switch
                  aria-label={`Enable ${flag.name}`}
                  checked={flag.enabled}
                  disabled={store.isBusy(flag.name)}
                  onChange={(event) => void store.toggle(flag.name, event.currentTarget.checked)}
                />
              </Group>
            ))}
          </Stack>
        )}
        <CreateFlagForm />
      </Stack>
    </Card>
  );
});

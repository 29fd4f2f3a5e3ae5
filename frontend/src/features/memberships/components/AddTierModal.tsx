import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TIER_LIMITS } from '../messages';
import type { NewTier } from '../types';

const EMPTY: NewTier = { name: '', price: '', description: '' };

interface AddTierModalProps {
  channelId: string;
  channelName: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The Add tier form of a channel's owner: name, price per month and description. What the server refuses is shown
 * here: its sentence, and the fields it named.
 */
export const AddTierModal = observer(function AddTierModal({ channelId, channelName, opened, onClose }: AddTierModalProps) {
  const { memberships } = useStores();
  const [draft, setDraft] = useState<NewTier>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const pending = memberships.addingTierTo === channelId;

  const set = (key: keyof NewTier, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    setProblem(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const result = await memberships.createTier(channelId, draft);
    if (result.ok) {
      close();
      return;
    }
    setErrors(result.fieldErrors);
    // A sentence about one field shows under that field; any other above the form.
    setProblem(Object.values(result.fieldErrors).includes(result.detail) ? null : result.detail);
  };

  return (
    <Modal opened={opened} onClose={close} title={`Add a membership tier to ${channelName}`} centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Add tier" noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label="Tier name"
            required
            maxLength={TIER_LIMITS.nameMax}
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name || undefined}
            data-autofocus
          />
          <TextInput
            label="Price per month (USD)"
            required
            inputMode="decimal"
            description={`From $${TIER_LIMITS.minPrice} to $${TIER_LIMITS.maxPrice}.`}
            leftSection="$"
            value={draft.price}
            onChange={(event) => set('price', event.currentTarget.value)}
            error={errors.price || undefined}
          />
          <Textarea
            label="Description"
            description="What members get."
            maxLength={TIER_LIMITS.descriptionMax}
            autosize
            minRows={2}
            value={draft.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description || undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Add tier
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ACCOUNT_MESSAGES } from '../messages';
import { ACCOUNT_TYPE_OPTIONS, type AccountType } from '../types';

interface Draft {
  account_type: AccountType;
  display_name: string;
  handle: string;
  bio: string;
  location: string;
  website: string;
}

const EMPTY: Draft = { account_type: 'creator', display_name: '', handle: '', bio: '', location: '', website: '' };

/**
 * The Add Account dialog (seed 000 §2, §5): account type (creator by default), display name (required after
 * trimming), handle, bio, location and website. The new account joins the list; it is not made active.
 */
export const AddAccountModal = observer(function AddAccountModal() {
  const { accounts, ui } = useStores();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    ui.closeAddAccount();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.display_name.trim()) {
      setErrors({ display_name: ACCOUNT_MESSAGES.displayNameRequired });
      return;
    }
    const result = await accounts.create(draft);
    if (result.ok) close();
    else setErrors(result.fieldErrors);
  };

  return (
    <Modal opened={ui.addAccountOpen} onClose={close} title="Add Account" centered>
      <form onSubmit={(event) => void submit(event)} aria-label="Add account form" noValidate>
        <Stack gap="sm">
          <NativeSelect
            label="Account type"
            data={ACCOUNT_TYPE_OPTIONS.map((option) => ({ ...option }))}
            value={draft.account_type}
            onChange={(event) => set('account_type', event.currentTarget.value as AccountType)}
            error={errors.account_type || undefined}
          />
          <TextInput
            label="Display name"
            required
            value={draft.display_name}
            onChange={(event) => set('display_name', event.currentTarget.value)}
            error={errors.display_name || undefined}
            data-autofocus
          />
          <TextInput
            label="Handle"
            description="3-30 lowercase letters, numbers, underscores or dots. Made from the display name when empty."
            value={draft.handle}
            onChange={(event) => set('handle', event.currentTarget.value)}
            error={errors.handle || undefined}
            leftSection="@"
          />
          <Textarea
            label="Bio"
            value={draft.bio}
            onChange={(event) => set('bio', event.currentTarget.value)}
            error={errors.bio || undefined}
            autosize
            minRows={2}
          />
          <TextInput
            label="Location"
            value={draft.location}
            onChange={(event) => set('location', event.currentTarget.value)}
            error={errors.location || undefined}
          />
          <TextInput
            label="Website"
            placeholder="https://"
            value={draft.website}
            onChange={(event) => set('website', event.currentTarget.value)}
            error={errors.website || undefined}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={accounts.createPending}>
              Create Account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

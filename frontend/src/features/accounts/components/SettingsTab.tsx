import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { PlusIcon } from '../../../shared/icons';
import { useStores } from '../../../stores/StoreProvider';
import { ACCOUNT_MESSAGES } from '../messages';
import {
  COMMENT_PERMISSION_OPTIONS,
  MAX_LINKS,
  NOTIFICATION_OPTIONS,
  VISIBILITY_OPTIONS,
  type AccountDto,
  type ChannelLink,
  type CommentPermission,
  type NotificationSettings,
  type PrivacySettings,
  type Visibility,
} from '../types';
import { WithActiveAccount } from './AccountsState';
import { MusicAppsCard } from './MusicAppsCard';

interface Draft {
  display_name: string;
  handle: string;
  bio: string;
  location: string;
  website: string;
  links: ChannelLink[];
  privacy_settings: PrivacySettings;
  notification_settings: NotificationSettings;
}

function draftOf(account: AccountDto): Draft {
  return {
    display_name: account.display_name,
    handle: account.handle,
    bio: account.bio ?? '',
    location: account.location ?? '',
    website: account.website ?? '',
    links: account.links.map((link) => ({ ...link })),
    privacy_settings: { ...account.privacy_settings },
    notification_settings: { ...account.notification_settings },
  };
}

/** The settings tab: basic info, privacy and visibility, notifications of the ACTIVE account, and Save Changes. */
export const SettingsTab = observer(function SettingsTab() {
  return (
    <Stack gap="lg">
      <WithActiveAccount>{(active) => <SettingsForm key={active.id} account={active} />}</WithActiveAccount>
      <MusicAppsCard />
    </Stack>
  );
});

const SettingsForm = observer(function SettingsForm({ account }: { account: AccountDto }) {
  const { accounts } = useStores();
  const [draft, setDraft] = useState<Draft>(() => draftOf(account));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const setPrivacy = <K extends keyof PrivacySettings>(key: K, value: PrivacySettings[K]) =>
    setDraft((current) => ({ ...current, privacy_settings: { ...current.privacy_settings, [key]: value } }));
  const setNotification = (key: keyof NotificationSettings, value: boolean) =>
    setDraft((current) => ({ ...current, notification_settings: { ...current.notification_settings, [key]: value } }));
  /** Links: a row's errors go with the row (they name it by its place, `links.0.url`). */
  const setLinks = (links: ChannelLink[]) => {
    setDraft((current) => ({ ...current, links }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'links' && !key.startsWith('links.'))));
  };
  const setLink = (index: number, key: keyof ChannelLink, value: string) =>
    setLinks(draft.links.map((link, i) => (i === index ? { ...link, [key]: value } : link)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.display_name.trim()) {
      setErrors({ display_name: ACCOUNT_MESSAGES.displayNameRequired });
      return;
    }
    const handle = draft.handle.trim().replace(/^@/, '');
    // Rows left empty are dropped (before sending, so the server's `links.N` names the rows as shown).
    const links = draft.links.map((link) => ({ label: link.label.trim(), url: link.url.trim() })).filter((link) => link.label || link.url);
    if (links.length !== draft.links.length) setDraft((current) => ({ ...current, links }));
    const result = await accounts.update(account.id, {
      display_name: draft.display_name.trim(),
      ...(handle ? { handle } : {}),
      bio: draft.bio.trim(),
      location: draft.location.trim(),
      website: draft.website.trim(),
      links,
      privacy_settings: draft.privacy_settings,
      notification_settings: draft.notification_settings,
    });
    setErrors(result.ok ? {} : result.fieldErrors);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Account settings form" noValidate>
      <Stack gap="lg" maw={760}>
        <Fieldset legend="Basic info">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Display name"
                required
                value={draft.display_name}
                onChange={(event) => set('display_name', event.currentTarget.value)}
                error={errors.display_name || undefined}
              />
              <TextInput
                label="Handle"
                leftSection="@"
                value={draft.handle}
                onChange={(event) => set('handle', event.currentTarget.value)}
                error={errors.handle || undefined}
              />
            </SimpleGrid>
            <Textarea
              label="Bio"
              value={draft.bio}
              onChange={(event) => set('bio', event.currentTarget.value)}
              error={errors.bio || undefined}
              autosize
              minRows={3}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Links">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Up to {MAX_LINKS} links shown on your channel page, each with a label and an http or https address.
            </Text>
            {draft.links.map((link, index) => (
              <Group key={index} gap="sm" align="flex-start" wrap="nowrap" role="group" aria-label={`Link ${index + 1}`}>
                <TextInput
                  aria-label={`Link ${index + 1} label`}
                  placeholder="Label"
                  value={link.label}
                  onChange={(event) => setLink(index, 'label', event.currentTarget.value)}
                  error={errors[`links.${index}.label`] || errors[`links.${index}`] || undefined}
                  w={{ base: '40%', sm: 200 }}
                />
                <TextInput
                  aria-label={`Link ${index + 1} address`}
                  placeholder="https://"
                  value={link.url}
                  onChange={(event) => setLink(index, 'url', event.currentTarget.value)}
                  error={errors[`links.${index}.url`] || undefined}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={`Remove link ${index + 1}`}
                  onClick={() => setLinks(draft.links.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </Group>
            ))}
            {errors.links && (
              <Text size="sm" c="red" role="alert">
                {errors.links}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                leftSection={<PlusIcon size={16} />}
                disabled={draft.links.length >= MAX_LINKS}
                onClick={() => setLinks([...draft.links, { label: '', url: '' }])}
              >
                Add link
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Privacy and visibility">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Profile visibility"
              data={VISIBILITY_OPTIONS.map((option) => ({ ...option }))}
              value={draft.privacy_settings.profile_visibility}
              onChange={(event) => setPrivacy('profile_visibility', event.currentTarget.value as Visibility)}
            />
            <NativeSelect
              label="Video visibility"
              data={VISIBILITY_OPTIONS.map((option) => ({ ...option }))}
              value={draft.privacy_settings.video_visibility}
              onChange={(event) => setPrivacy('video_visibility', event.currentTarget.value as Visibility)}
            />
            <NativeSelect
              label="Who can comment"
              data={COMMENT_PERMISSION_OPTIONS.map((option) => ({ ...option }))}
              value={draft.privacy_settings.comment_permissions}
              onChange={(event) => setPrivacy('comment_permissions', event.currentTarget.value as CommentPermission)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Notifications">
          <Stack gap="sm">
            {NOTIFICATION_OPTIONS.map((option) => (
              <Stack key={option.key} gap={2}>
                <Switch
                  label={option.label}
                  aria-describedby={`${option.key}-description`}
                  checked={draft.notification_settings[option.key]}
                  onChange={(event) => setNotification(option.key, event.currentTarget.checked)}
                />
                <Text id={`${option.key}-description`} size="xs" c="dimmed" pl={46}>
                  {option.description}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={accounts.savePending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

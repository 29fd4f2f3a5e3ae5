import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, FileInput, Group, Image, List, Paper, Stack, Table, Text } from '@mantine/core';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { formatBytes } from '../../../shared/format';
import type { FounderStore } from '../FounderStore';
import { FOUNDER_MESSAGES, LOGO_PREVIEW_SIZES, MAX_LOGO_BYTES } from '../messages';
import type { LogoInfo } from '../types';
import { LoadState, Panel } from './parts';

function CurrentLogo({ logo }: { logo: LogoInfo }) {
  return (
    <Table withTableBorder variant="vertical" aria-label="Current logo">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={160}>Logo</Table.Th>
          <Table.Td>
            <Badge variant="light" color={logo.has_custom_logo ? 'blue' : 'gray'}>
              {logo.has_custom_logo ? 'Custom logo' : 'Default text logo'}
            </Badge>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Td>{logo.message}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>File</Table.Th>
          <Table.Td style={{ wordBreak: 'break-all' }}>{logo.logo_path ?? 'None'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Updated</Table.Th>
          <Table.Td>{logo.updated_at ? new Date(logo.updated_at).toLocaleString('en-GB') : 'Never'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>App icons</Table.Th>
          <Table.Td>{logo.icons.length} generated</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function IconPreviews({ logo }: { logo: LogoInfo }) {
  const previews = LOGO_PREVIEW_SIZES.map((size) => ({ size, icon: logo.icons.find((i) => i.size === size && i.purpose === 'any') ?? null }));
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="list" aria-label="Icon previews">
      {previews.map(({ size, icon }) => (
        <Stack key={size} gap={4} align="center" role="listitem">
          {icon ? (
            <Image src={icon.url} w={size} h={size} fit="contain" alt={`App icon, ${size} px`} radius="sm" />
          ) : (
            <Paper withBorder w={size} h={size} />
          )}
          <Text size="xs" c="dimmed">
            {size} px{icon ? '' : ' (not generated)'}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/** Seed 001 §2, App Logo: the current logo, a new one uploaded (icons regenerated), or back to the text logo. */
export const LogoTab = observer(function LogoTab({ store }: { store: FounderStore }) {
  const [file, setFile] = useState<File | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => {
    void store.loadLogo();
  }, [store]);

  const { data, status } = store.logo;
  if (!data) return <LoadState status={status} loadingLabel="Loading logo information" failed={FOUNDER_MESSAGES.logoFailed} onRetry={() => void store.loadLogo()} />;

  const choose = (chosen: File | null) => {
    const ok = store.checkLogoFile(chosen);
    setFile(ok ? chosen : null);
  };
  const upload = () => {
    if (!file) return;
    void store.uploadLogo(file).then((ok) => {
      if (ok) setFile(null);
    });
  };

  return (
    <Stack gap="lg">
      <Panel id="founder-logo" title="Current logo">
        <CurrentLogo logo={data} />
        <Text fw={600} size="sm">
          Icon previews
        </Text>
        <IconPreviews logo={data} />
      </Panel>

      <Panel id="founder-logo-upload" title="Upload a new logo">
        <List size="sm" spacing={2} aria-label="Logo guidelines">
          <List.Item>A square image, 512×512 px or larger.</List.Item>
          <List.Item>A PNG with a transparent background works best.</List.Item>
          <List.Item>Up to {formatBytes(MAX_LOGO_BYTES)}. The app icons are regenerated at 9 sizes, from 72 to 1024 px.</List.Item>
        </List>
        <FileInput
          label="Logo image"
          placeholder="Choose an image"
          accept="image/*"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear chosen logo' }}
          value={file}
          onChange={choose}
          error={store.logoFileError}
          disabled={store.uploading}
          maw={420}
        />
        <Group>
          <Button onClick={upload} disabled={!file || store.uploading} loading={store.uploading}>
            Upload logo
          </Button>
          {store.uploading && (
            <Text size="sm" c="dimmed" role="status">
              Generating app icons…
            </Text>
          )}
        </Group>
      </Panel>

      <Panel id="founder-logo-reset" title="Default logo">
        <Text size="sm">The default is the Scriven text logo with the built-in app icons.</Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setConfirmReset(true)} disabled={!data.has_custom_logo || store.resetting} loading={store.resetting}>
            Reset to default text logo
          </Button>
        </Group>
      </Panel>

      <ConfirmModal
        opened={confirmReset}
        title="Reset the logo"
        message="Go back to the default text logo? The app icons are regenerated from the default mark."
        confirmLabel="Reset logo"
        danger
        loading={store.resetting}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          void store.resetLogo();
        }}
      />
    </Stack>
  );
});

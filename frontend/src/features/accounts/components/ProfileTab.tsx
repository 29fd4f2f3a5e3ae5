import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useStores } from '../../../stores/StoreProvider';
import { PhotoIcon, UploadIcon } from '../../../shared/icons';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoProblem } from '../photo';
import type { AccountDto } from '../types';
import { BANNER_TOAST, PHOTO_TOAST } from '../AccountsStore';
import { AccountAvatar } from './AccountAvatar';
import { WithActiveAccount } from './AccountsState';

/** An object URL for `file` while it is chosen; revoked when it changes or the view goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * An image the user is choosing (a photo, a banner): checked before it is kept (a refusal is a toast under `toast`),
 * previewed while chosen, and forgotten once `send` has stored it.
 */
function useChosenImage(toast: { action: string }, send: (file: File) => Promise<boolean>) {
  const { notify } = useStores();
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useObjectUrl(chosen);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      notify.error(problem, toast);
      return;
    }
    setChosen(file);
  };

  const refuse = (rejections: FileRejection[]) => {
    const message = rejectionMessage(rejections);
    if (message) notify.error(message, toast);
  };

  const upload = async () => {
    if (!chosen) return;
    if (await send(chosen)) setChosen(null);
  };

  return { chosen, setChosen, preview, choose, refuse, upload };
}

function formatSize(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The profile tab: the active account's photo and channel banner, by drag and drop or by choosing a file (seed 000 §2, §5). */
export const ProfileTab = observer(function ProfileTab() {
  return (
    <WithActiveAccount>
      {(active) => (
        <Stack gap="lg">
          <PhotoUpload key={`photo-${active.id}`} account={active} />
          <BannerUpload key={`banner-${active.id}`} account={active} />
        </Stack>
      )}
    </WithActiveAccount>
  );
});

/** What a refused drop says: the type and size rules, else the dropzone's own reason. */
function rejectionMessage(rejections: FileRejection[]): string | null {
  const first = rejections[0];
  if (!first) return null;
  const codes = first.errors.map((error) => error.code);
  return photoProblem(first.file) ?? (codes.includes('file-too-large') ? PHOTO_MESSAGES.tooLarge : PHOTO_MESSAGES.notAnImage);
}

/**
 * The channel banner of the active account: shown across the top of its channel page, cropped to a wide strip. A new
 * one is previewed before it is uploaded; Remove banner brings back the colour band.
 */
const BannerUpload = observer(function BannerUpload({ account }: { account: AccountDto }) {
  const { accounts } = useStores();
  const { chosen, setChosen, preview, choose, refuse, upload } = useChosenImage(BANNER_TOAST, (file) => accounts.uploadBanner(file, account.id));

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Channel banner" maw={720}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Channel banner
        </Title>
        <Text size="sm" c="dimmed">
          Shown across the top of the channel page of {account.display_name} (@{account.handle}). It is cropped to a wide
          strip (4:1), so keep what matters near the middle; the information cameras store in photos is removed.
        </Text>
        {account.banner_url ? (
          <Image src={account.banner_url} alt={`Banner of ${account.display_name}`} radius="md" h={120} fit="cover" />
        ) : (
          <Text size="sm">No banner yet: the channel page shows a colour band.</Text>
        )}

        <Dropzone
          onDrop={(files) => choose(files[0])}
          onReject={refuse}
          accept={PHOTO_ACCEPT}
          maxSize={PHOTO_MAX_BYTES}
          multiple={false}
          loading={accounts.bannerPending}
          // A group, not a button: the file input it holds must not sit inside a button (axe nested-interactive).
          role="group"
          aria-label="Drop a banner image here or click to choose one"
          inputProps={{ 'aria-label': 'Banner file' }}
        >
          <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <UploadIcon size={40} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <UploadIcon size={40} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <PhotoIcon size={40} />
            </Dropzone.Idle>
            <Stack gap={4}>
              <Text fw={600}>Drag a banner image here or click to choose one</Text>
              <Text size="sm" c="dimmed">
                JPG, PNG, GIF or WebP, up to 10MB, at least 640×160 pixels (2048×512 looks best)
              </Text>
            </Stack>
          </Group>
        </Dropzone>

        {chosen && preview && (
          <Stack gap={4}>
            <Image src={preview} alt="Preview of the chosen banner" radius="md" h={120} fit="cover" />
            <Text size="sm" c="dimmed" truncate>
              {chosen.name} · {formatSize(chosen.size)}
            </Text>
          </Stack>
        )}

        <Group justify="flex-end">
          {chosen ? (
            <Button variant="default" onClick={() => setChosen(null)} disabled={accounts.bannerPending}>
              Cancel
            </Button>
          ) : (
            account.banner_url && (
              <Button variant="default" color="red" onClick={() => void accounts.removeBanner(account.id)} loading={accounts.bannerPending}>
                Remove banner
              </Button>
            )
          )}
          <Button onClick={() => void upload()} disabled={!chosen} loading={accounts.bannerPending && !!chosen}>
            Upload banner
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

const PhotoUpload = observer(function PhotoUpload({ account }: { account: AccountDto }) {
  const { accounts } = useStores();
  const { chosen, setChosen, preview, choose, refuse, upload } = useChosenImage(PHOTO_TOAST, (file) => accounts.uploadPhoto(file, account.id));

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Profile photo" maw={720}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Profile photo
        </Title>
        <Group gap="md" wrap="nowrap">
          <AccountAvatar account={account} size={80} />
          <Text size="sm" c="dimmed">
            The photo of {account.display_name} (@{account.handle}), shown wherever this account appears. It is cropped
            to a square, and the information cameras store in photos (such as location) is removed.
          </Text>
        </Group>

        <Dropzone
          onDrop={(files) => choose(files[0])}
          onReject={refuse}
          accept={PHOTO_ACCEPT}
          maxSize={PHOTO_MAX_BYTES}
          multiple={false}
          loading={accounts.uploadPending}
          // A group, not a button: the file input it holds must not sit inside a button (axe nested-interactive).
          role="group"
          aria-label="Drop a photo here or click to choose one"
          inputProps={{ 'aria-label': 'Photo file' }}
        >
          <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <UploadIcon size={40} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <UploadIcon size={40} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <PhotoIcon size={40} />
            </Dropzone.Idle>
            <Stack gap={4}>
              <Text fw={600}>Drag a photo here or click to choose one</Text>
              <Text size="sm" c="dimmed">
                JPG, PNG, GIF or WebP, up to 10MB
              </Text>
            </Stack>
          </Group>
        </Dropzone>

        {chosen && preview && (
          <Group gap="md" align="center" wrap="nowrap">
            <Image src={preview} alt="Preview of the chosen photo" w={96} h={96} radius="50%" fit="cover" />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={500} truncate>
                {chosen.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatSize(chosen.size)}
              </Text>
            </Stack>
          </Group>
        )}

        <Group justify="flex-end">
          {chosen && (
            <Button variant="default" onClick={() => setChosen(null)} disabled={accounts.uploadPending}>
              Cancel
            </Button>
          )}
          <Button onClick={() => void upload()} disabled={!chosen} loading={accounts.uploadPending}>
            Upload photo
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, FileInput, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { VIDEO_ACCEPT } from '../../media/videoFiles';
import { VIDEO_MESSAGES } from '../messages';

interface VideoUploadFormProps {
  /** 'home': the home modal (no vertical checkbox, the 500MB text); 'full': the upload section's small-file form. */
  variant: 'home' | 'full';
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * The regular upload form (seed 002 §2.3, §2.4, §5): file, title (required), description, the vertical checkbox
 * (upload section only) and the monetization checkbox for creator-program users.
 */
export const VideoUploadForm = observer(function VideoUploadForm({ variant, onDone, onCancel }: VideoUploadFormProps) {
  const { auth, videos } = useStores();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [vertical, setVertical] = useState(false);
  const [monetize, setMonetize] = useState(false);
  const [errors, setErrors] = useState<{ title?: string }>({});
  const creator = auth.user?.creator_program ?? false;

  const choose = (chosen: File | null) => {
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await videos.upload({
      file,
      title,
      description,
      is_vertical: variant === 'full' ? vertical : undefined,
      monetization_enabled: monetize,
    });
    if (!result.ok) {
      // A missing file is said in a toast (seed 002 §8); a missing title under its field.
      if (result.field === 'title') setErrors({ title: result.detail });
      return;
    }
    setFile(null);
    setTitle('');
    setDescription('');
    setVertical(false);
    setMonetize(false);
    setErrors({});
    onDone?.();
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Upload a video" noValidate>
      <Stack gap="sm">
        <FileInput
          label="Video file"
          placeholder="Choose a video"
          accept={VIDEO_ACCEPT}
          value={file}
          onChange={choose}
          clearable
          disabled={videos.uploadPending}
          fileInputProps={{ 'aria-label': 'Choose video file' }}
          description={variant === 'full' ? 'MP4, AVI, MOV, MKV or WebM' : undefined}
        />
        <TextInput
          label="Title"
          withAsterisk
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          error={errors.title}
          disabled={videos.uploadPending}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          disabled={videos.uploadPending}
        />
        {variant === 'full' && (
          <Checkbox
            label="Vertical video"
            checked={vertical}
            onChange={(event) => setVertical(event.currentTarget.checked)}
            disabled={videos.uploadPending}
          />
        )}
        {creator && (
          <Checkbox
            label="Enable monetization"
            description="Earn from ads shown with this video (creator program)"
            checked={monetize}
            onChange={(event) => setMonetize(event.currentTarget.checked)}
            disabled={videos.uploadPending}
          />
        )}
        {variant === 'home' && (
          <Text size="xs" c="dimmed">
            {VIDEO_MESSAGES.homeSizeHint}
          </Text>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={videos.uploadPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={videos.uploadPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Checkbox, FileInput, Group, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TagsField } from '../../../shared/TagsField';
import { VIDEO_ACCEPT } from '../../media/videoFiles';
import { REEL_DESCRIPTION_MAX, REEL_MESSAGES, REEL_TITLE_MAX, normalizeTags } from '../messages';

type Field = 'file' | 'title' | 'description';

/** The Upload tab (seed 002 §2.6, §5): a vertical clip, title, description, hashtags, monetization; with progress. */
export const ReelUploadForm = observer(function ReelUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const { auth, reels } = useStores();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [monetize, setMonetize] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const creator = auth.user?.creator_program ?? false;
  const pending = reels.uploadPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = await reels.upload({ file, title, description, tags, monetization_enabled: monetize });
    if (!result.ok) {
      if (result.field) setErrors({ [result.field]: result.detail });
      else setFailure(result.detail);
      return;
    }
    setFile(null);
    setTitle('');
    setDescription('');
    setTags([]);
    setMonetize(false);
    setErrors({});
    onUploaded();
  };

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form onSubmit={(event) => void submit(event)} aria-label="Upload a reel" noValidate>
        <Stack gap="sm">
          <FileInput
            label="Video file"
            description={REEL_MESSAGES.durationHint}
            placeholder="Choose a vertical video"
            accept={VIDEO_ACCEPT}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              clear('file');
            }}
            clearable
            error={errors.file}
            disabled={pending}
            fileInputProps={{ 'aria-label': 'Choose reel video file' }}
          />
          <TextInput
            label="Title"
            withAsterisk
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              clear('title');
            }}
            error={errors.title}
            description={`${title.trim().length}/${REEL_TITLE_MAX}`}
            disabled={pending}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              clear('description');
            }}
            error={errors.description}
            description={`${description.trim().length}/${REEL_DESCRIPTION_MAX}`}
            disabled={pending}
          />
          <TagsField
            label="Hashtags"
            description="Press Enter or a comma after each one. A reel shows its first 5."
            placeholder="#travel"
            value={tags}
            onChange={(next) => setTags(normalizeTags(next))}
            splitChars={[',', ' ']}
            clearable
            disabled={pending}
          />
          {creator && (
            <Checkbox
              label="Enable monetization"
              description="Earn from this reel (creator program)"
              checked={monetize}
              onChange={(event) => setMonetize(event.currentTarget.checked)}
              disabled={pending}
            />
          )}
          {pending && (
            <Stack gap={4}>
              <Progress.Root size="lg">
                <Progress.Section value={reels.uploadProgress} aria-label="Upload progress" />
              </Progress.Root>
              <Text size="xs" c="dimmed">
                Uploading… {reels.uploadProgress}%
              </Text>
            </Stack>
          )}
          {failure && (
            <Alert color="red" title={REEL_MESSAGES.uploadFailed} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              Upload Reel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
});

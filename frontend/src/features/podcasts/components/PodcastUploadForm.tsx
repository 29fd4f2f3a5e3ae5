import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Checkbox, FileInput, Group, NumberInput, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { PODCAST_AUDIO_ACCEPT, PODCAST_CATEGORIES, type EpisodeFieldErrors, type PodcastCategory } from '../rules';

/**
 * The Upload tab (seed 002 §3 Podcast upload form, §5): the audio file, title, description, show name, category
 * (General to start), episode and season numbers (at least 1, 1 to start) and, for creator-program members,
 * monetization.
 */
export const PodcastUploadForm = observer(function PodcastUploadForm() {
  const { podcasts } = useStores();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [showName, setShowName] = useState('');
  const [category, setCategory] = useState<PodcastCategory>('General');
  const [episodeNumber, setEpisodeNumber] = useState<number | string>(1);
  const [seasonNumber, setSeasonNumber] = useState<number | string>(1);
  const [monetize, setMonetize] = useState(false);
  const [errors, setErrors] = useState<EpisodeFieldErrors>({});
  const pending = podcasts.uploadPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await podcasts.upload({ file, title, description, showName, category, episodeNumber, seasonNumber, monetizationEnabled: monetize });
    if (!result.ok) {
      setErrors(result.fieldErrors);
      return;
    }
    setFile(null);
    setTitle('');
    setDescription('');
    setEpisodeNumber(typeof episodeNumber === 'number' ? episodeNumber + 1 : 1);
    setMonetize(false);
    setErrors({});
  };

  const clear = (field: keyof EpisodeFieldErrors) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form onSubmit={(event) => void submit(event)} aria-label="Upload podcast episode" noValidate>
        <Stack gap="sm">
          <FileInput
            label="Audio file"
            description="MP3, AAC/M4A, Ogg/Opus, FLAC or WAV"
            placeholder="Choose a file"
            accept={PODCAST_AUDIO_ACCEPT}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              clear('file');
            }}
            clearable
            error={errors.file}
            disabled={pending}
            fileInputProps={{ 'aria-label': 'Choose an audio file' }}
          />
          <TextInput
            label="Title"
            value={title}
            maxLength={200}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              clear('title');
            }}
            error={errors.title}
            disabled={pending}
          />
          <Textarea label="Description" value={description} maxLength={5000} autosize minRows={3} maxRows={8} onChange={(event) => setDescription(event.currentTarget.value)} disabled={pending} />
          <TextInput
            label="Show name"
            description="Episodes with the same show name make one show."
            value={showName}
            maxLength={200}
            onChange={(event) => {
              setShowName(event.currentTarget.value);
              clear('showName');
            }}
            error={errors.showName}
            disabled={pending}
          />
          <Select
            label="Category"
            data={[...PODCAST_CATEGORIES]}
            value={category}
            onChange={(value) => value && setCategory(value as PodcastCategory)}
            allowDeselect={false}
            disabled={pending}
          />
          <Group grow>
            <NumberInput
              label="Episode number"
              min={1}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              value={episodeNumber}
              onChange={(value) => {
                setEpisodeNumber(value);
                clear('episodeNumber');
              }}
              error={errors.episodeNumber}
              disabled={pending}
            />
            <NumberInput
              label="Season number"
              min={1}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              value={seasonNumber}
              onChange={(value) => {
                setSeasonNumber(value);
                clear('seasonNumber');
              }}
              error={errors.seasonNumber}
              disabled={pending}
            />
          </Group>
          {podcasts.canMonetize && (
            <Checkbox label="Enable monetization" checked={monetize} onChange={(event) => setMonetize(event.currentTarget.checked)} disabled={pending} />
          )}
          {pending && (
            <Stack gap={4}>
              <Progress value={podcasts.uploadProgress} aria-label="Upload progress" />
              <Text size="xs" c="dimmed">
                Uploading… {podcasts.uploadProgress}%
              </Text>
            </Stack>
          )}
          <Button type="submit" loading={pending}>
            Upload episode
          </Button>
        </Stack>
      </form>
    </Card>
  );
});

import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Checkbox, FileInput, Progress, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { AUDIO_ACCEPT, MUSIC_GENRES, VIDEO_ACCEPT, type MusicGenre, type TrackFieldErrors } from '../rules';

/** The Upload tab (seed 002 §5 Music upload): file, title, artist, album, genre, audio or music video, monetization. */
export const MusicUploadForm = observer(function MusicUploadForm() {
  const { music } = useStores();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState('');
  const [genre, setGenre] = useState<MusicGenre>('Pop');
  const [contentType, setContentType] = useState<'audio' | 'video'>('audio');
  const [monetize, setMonetize] = useState(false);
  const [errors, setErrors] = useState<TrackFieldErrors>({});
  const pending = music.uploadPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await music.upload({ file, title, artist, album, genre, contentType, monetizationEnabled: monetize });
    if (!result.ok) {
      setErrors(result.fieldErrors);
      return;
    }
    setFile(null);
    setTitle('');
    setArtist('');
    setAlbum('');
    setMonetize(false);
    setErrors({});
  };

  const clear = (field: keyof TrackFieldErrors) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form onSubmit={(event) => void submit(event)} aria-label="Upload music" noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Kind"
            value={contentType}
            onChange={(value) => setContentType(value === 'video' ? 'video' : 'audio')}
            data={[
              { value: 'audio', label: 'Audio track' },
              { value: 'video', label: 'Music video' },
            ]}
            disabled={pending}
          />
          <FileInput
            label={contentType === 'video' ? 'Video file' : 'Audio file'}
            placeholder="Choose a file"
            accept={contentType === 'video' ? VIDEO_ACCEPT : AUDIO_ACCEPT}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              clear('file');
            }}
            clearable
            error={errors.file}
            disabled={pending}
            fileInputProps={{ 'aria-label': contentType === 'video' ? 'Choose a video file' : 'Choose an audio file' }}
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
          <TextInput
            label="Artist"
            value={artist}
            maxLength={200}
            onChange={(event) => {
              setArtist(event.currentTarget.value);
              clear('artist');
            }}
            error={errors.artist}
            disabled={pending}
          />
          <TextInput label="Album" value={album} maxLength={200} onChange={(event) => setAlbum(event.currentTarget.value)} disabled={pending} />
          <Select
            label="Genre"
            data={[...MUSIC_GENRES]}
            value={genre}
            onChange={(value) => value && setGenre(value as MusicGenre)}
            allowDeselect={false}
            disabled={pending}
          />
          {music.canMonetize && (
            <Checkbox label="Enable monetization" checked={monetize} onChange={(event) => setMonetize(event.currentTarget.checked)} disabled={pending} />
          )}
          {pending && (
            <Stack gap={4}>
              <Progress value={music.uploadProgress} aria-label="Upload progress" />
              <Text size="xs" c="dimmed">
                Uploading… {music.uploadProgress}%
              </Text>
            </Stack>
          )}
          <Button type="submit" loading={pending}>
            Upload
          </Button>
        </Stack>
      </form>
    </Card>
  );
});

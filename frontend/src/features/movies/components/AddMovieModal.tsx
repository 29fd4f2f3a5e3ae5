import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TagsField } from '../../../shared/TagsField';
import { AGE_RATINGS, DEFAULT_AGE_RATING, MAX_CAST, MAX_CAST_NAME, MAX_GENRES, MIN_YEAR, MOVIE_GENRES, MOVIE_MESSAGES, maxYear, type MovieFieldErrors } from '../rules';
import type { AgeRating } from '../types';

const MOVIE_ACCEPT = 'video/mp4,video/quicktime,video/x-msvideo,video/avi,video/x-matroska,.mp4,.mov,.avi,.mkv';

interface Form {
  file: File | null;
  title: string;
  description: string;
  genre: string[];
  year: number | null;
  duration: number | null;
  age_rating: AgeRating;
  family_safe: boolean;
  is_premium: boolean;
  cast: string[];
}

/** The defaults of seed 000 §5: age rating PG, family safe, not premium. */
const EMPTY: Form = {
  file: null,
  title: '',
  description: '',
  genre: [],
  year: null,
  duration: null,
  age_rating: DEFAULT_AGE_RATING,
  family_safe: true,
  is_premium: false,
  cast: [],
};

const toNumber = (value: string | number): number | null => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

/** Add Movie (seed 000 §2, §4, §5, §7): the form, its checks, and the upload with its progress. */
export const AddMovieModal = observer(function AddMovieModal() {
  const { movies } = useStores();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<MovieFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = movies.uploadPending;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const close = () => {
    movies.closeAdd();
    if (!pending) {
      setForm(EMPTY);
      setErrors({});
      setFailure(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = await movies.upload(form);
    if (result.ok) {
      setForm(EMPTY);
      setErrors({});
      return;
    }
    setErrors(result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) setFailure(result.detail);
  };

  return (
    <Modal opened={movies.addOpen} onClose={close} title="Add Movie" size="lg" centered closeOnClickOutside={!pending}>
      <form onSubmit={(event) => void submit(event)} aria-label="Add a movie" noValidate>
        <Stack gap="sm">
          <FileInput
            label="Movie file"
            withAsterisk
            description={MOVIE_MESSAGES.fileHint}
            placeholder="Choose a movie"
            accept={MOVIE_ACCEPT}
            value={form.file}
            onChange={(file) => set('file', file)}
            clearable
            error={errors.file}
            disabled={pending}
            fileInputProps={{ 'aria-label': 'Choose movie file' }}
          />
          <TextInput
            label="Title"
            withAsterisk
            value={form.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
            disabled={pending}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={form.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            disabled={pending}
          />
          <MultiSelect
            label="Genres"
            description={`Up to ${MAX_GENRES}`}
            data={[...MOVIE_GENRES]}
            value={form.genre}
            onChange={(genre) => set('genre', genre)}
            error={errors.genre}
            searchable
            disabled={pending}
          />
          <TagsField
            label="Cast"
            description={MOVIE_MESSAGES.castHint}
            placeholder={form.cast.length ? '' : 'June Marlow'}
            value={form.cast}
            onChange={(cast) => set('cast', cast)}
            maxTags={MAX_CAST}
            onDuplicate={() => undefined}
            splitChars={[]}
            clearable
            error={errors.cast}
            disabled={pending}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            maxLength={MAX_CAST_NAME}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Year"
              min={MIN_YEAR}
              max={maxYear()}
              allowDecimal={false}
              value={form.year ?? ''}
              onChange={(value) => set('year', toNumber(value))}
              error={errors.year}
              disabled={pending}
            />
            <NumberInput
              label="Duration (minutes)"
              min={1}
              allowDecimal={false}
              value={form.duration ?? ''}
              onChange={(value) => set('duration', toNumber(value))}
              disabled={pending}
            />
            <Select
              label="Age rating"
              data={[...AGE_RATINGS]}
              value={form.age_rating}
              onChange={(value) => set('age_rating', (value ?? DEFAULT_AGE_RATING) as AgeRating)}
              allowDeselect={false}
              error={errors.age_rating}
              disabled={pending}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label="Family safe"
              checked={form.family_safe}
              onChange={(event) => set('family_safe', event.currentTarget.checked)}
              disabled={pending}
            />
            <Checkbox
              label="Premium"
              checked={form.is_premium}
              onChange={(event) => set('is_premium', event.currentTarget.checked)}
              disabled={pending}
            />
          </Group>
          {pending && (
            <Stack gap={4}>
              <Progress.Root size="lg">
                <Progress.Section value={movies.uploadProgress} aria-label="Upload progress" />
              </Progress.Root>
              <Text size="xs" c="dimmed">
                Uploading… {movies.uploadProgress}%
              </Text>
            </Stack>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {MOVIE_MESSAGES.uploadFailed(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Upload Movie
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Checkbox, FileInput, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatBytes } from '../../../shared/format';
import { VIDEO_ACCEPT } from '../../media/videoFiles';
import { UploadStatusPanel } from './UploadStatusPanel';

/**
 * The large (chunked) upload form (seed 002 §2.4, §4, §5): file, title (required; the file name by default),
 * description, vertical and monetization, Start Upload, and the status panel. An unfinished upload of the same file
 * (after a reload) is offered for resuming.
 */
export const LargeUploadForm = observer(function LargeUploadForm() {
  const { auth, upload } = useStores();
  const creator = auth.user?.creator_program ?? false;
  const locked = upload.busy;

  useEffect(() => {
    upload.loadStored();
  }, [upload]);

  const unfinished = upload.stored.filter((entry) => entry.session_id !== upload.session?.session_id);

  return (
    <Stack gap="md">
      {unfinished.length > 0 && upload.phase === 'idle' && !upload.resumable && (
        <Alert color="blue" title="Unfinished uploads" component="section" aria-label="Unfinished uploads">
          <Stack gap={6}>
            <Text size="sm">Choose the same file again to resume where it stopped.</Text>
            {unfinished.map((entry) => (
              <Group key={entry.key} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {entry.filename} ({formatBytes(entry.total_size)})
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Discard ${entry.filename}`}
                  onClick={() => void upload.discardStored(entry)}
                >
                  Discard
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}

      <form
        aria-label="Large file upload"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (upload.canStart) void upload.start();
        }}
      >
        <Stack gap="sm">
          <FileInput
            label="Video file"
            description="MP4, AVI, MOV, MKV or WebM, up to 256GB. Sent in chunks: pause, resume, or pick up after a reload."
            placeholder="Choose a video"
            accept={VIDEO_ACCEPT}
            value={upload.file}
            onChange={(file) => upload.selectFile(file)}
            disabled={locked}
            fileInputProps={{ 'aria-label': 'Choose video file' }}
          />
          <TextInput
            label="Title"
            withAsterisk
            value={upload.title}
            onChange={(event) => upload.setTitle(event.currentTarget.value)}
            disabled={locked}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={upload.description}
            onChange={(event) => upload.setDescription(event.currentTarget.value)}
            disabled={locked}
          />
          <Checkbox
            label="Vertical video"
            checked={upload.isVertical}
            onChange={(event) => upload.setVertical(event.currentTarget.checked)}
            disabled={locked}
          />
          {creator && (
            <Checkbox
              label="Enable monetization"
              description="Earn from ads shown with this video (creator program)"
              checked={upload.monetizationEnabled}
              onChange={(event) => upload.setMonetization(event.currentTarget.checked)}
              disabled={locked}
            />
          )}

          {upload.resumable && (
            <Alert color="teal" title="Unfinished upload found" component="section" aria-label="Unfinished upload found">
              <Stack gap="xs">
                <Text size="sm">
                  The server already has {upload.resumable.uploaded_chunks.length} of {upload.resumable.total_chunks} chunks
                  of this file. Resume to send only the rest.
                </Text>
                <Group gap="xs">
                  <Button onClick={() => void upload.resumeStored()}>Resume upload</Button>
                  <Button variant="default" onClick={() => void upload.start()} disabled={!upload.title.trim()}>
                    Start over
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}

          {!upload.resumable && (
            <Group justify="flex-end">
              <Button type="submit" disabled={!upload.canStart} loading={upload.starting || upload.checkingResume}>
                Start Upload
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <UploadStatusPanel />
    </Stack>
  );
});

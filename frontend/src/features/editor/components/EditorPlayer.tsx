import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, AspectRatio, Badge, Box, Button, Group, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { VideoPlayer } from '../../media/components/VideoPlayer';
import { formatTime } from '../timeline';

/**
 * The player of the open video: the source as the watch page plays it (HLS, else the file), whose time is the
 * playhead; or the latest rendered preview, with the way back to the source.
 */
export const EditorPlayer = observer(function EditorPlayer() {
  const { editor } = useStores();
  const ref = useRef<HTMLVideoElement>(null);
  const source = editor.source;
  const preview = editor.showingPreview ? editor.preview : null;

  // The player follows the playhead's requests (a click on the track, a handle moved), and starts where it was.
  const request = editor.seekRequest;
  useEffect(() => {
    const video = ref.current;
    if (!video || preview) return;
    const at = request?.at ?? editor.playhead;
    if (Math.abs(video.currentTime - at) > 0.01) video.currentTime = at;
  }, [request, preview, editor]);

  useEffect(() => {
    const video = ref.current;
    if (!video || preview) return undefined;
    const follow = () => editor.setPlayhead(video.currentTime);
    const start = () => {
      if (editor.playhead > 0 && Math.abs(video.currentTime - editor.playhead) > 0.01) video.currentTime = editor.playhead;
    };
    video.addEventListener('timeupdate', follow);
    video.addEventListener('seeked', follow);
    video.addEventListener('loadedmetadata', start);
    return () => {
      video.removeEventListener('timeupdate', follow);
      video.removeEventListener('seeked', follow);
      video.removeEventListener('loadedmetadata', start);
    };
  }, [preview, editor, source]);

  if (!source) {
    return (
      <Alert color="red" variant="light" role="alert">
        This video could not be loaded for playback.
      </Alert>
    );
  }
  return (
    <Box>
      <AspectRatio ratio={16 / 9} maw={720} bg="black">
        {preview?.url ? (
          <VideoPlayer key="preview" ref={ref} src={preview.url} label="Preview player" autoPlay />
        ) : (
          <VideoPlayer key="source" ref={ref} src={source.stream_url} hlsUrl={source.hls_url} poster={source.thumbnail_url} label="Editor player" />
        )}
      </AspectRatio>
      <Group gap="sm" mt="xs">
        {preview ? (
          <>
            <Badge variant="light">{`Preview of ${formatTime(preview.from)}–${formatTime(preview.to)}`}</Badge>
            <Button size="xs" variant="default" onClick={editor.showSource}>
              Back to the video
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" aria-label="Playhead">
              {`Playhead ${formatTime(editor.playhead)} (edited ${formatTime(editor.editedPlayhead)})`}
            </Text>
            {editor.preview.url && (
              <Button size="xs" variant="subtle" onClick={editor.showPreview}>
                Play the latest preview
              </Button>
            )}
          </>
        )}
      </Group>
    </Box>
  );
});

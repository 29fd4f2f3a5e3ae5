import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Badge, Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { videoPath } from '../../../shared/paths';
import { LIVE_MESSAGES, livePlaylistUrl } from '../messages';
import { atLiveEdge, attachLive, type LiveAttachment } from '../livePlayback';
import type { LiveStream } from '../types';

const FRAME = { borderRadius: 12, overflow: 'hidden', position: 'relative' } as const;

/** What shows over the player's frame: waiting for the first media, or the stream has ended. */
function Overlay({ children }: { children: React.ReactNode }) {
  return (
    <Center pos="absolute" top={0} left={0} w="100%" h="100%" p="md" style={{ zIndex: 1 }}>
      <Stack align="center" gap="xs" ta="center" c="white">
        {children}
      </Stack>
    </Center>
  );
}

/**
 * A live stream's player (the watch view, My Stream's preview): its LL-HLS through hls.js tuned for low latency, a LIVE
 * badge (red when at the live edge, grey when behind) with Jump to live, the waiting state before the first media
 * ('Waiting for the stream to start') and the ended state ('This stream has ended', with the recording once it is a
 * video). `muted` for the streamer's own preview.
 */
export const LivePlayer = observer(function LivePlayer({ stream, muted = false }: { stream: LiveStream; muted?: boolean }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const attachment = useRef<LiveAttachment | null>(null);
  const [hasMedia, setHasMedia] = useState(false);
  const [behind, setBehind] = useState<number | null>(null);
  const playing = stream.status === 'live';

  useEffect(() => {
    const element = video.current;
    if (!element || !playing) return;
    setHasMedia(false);
    const attached = attachLive(element, livePlaylistUrl(stream.id), {
      onMedia: () => setHasMedia(true),
    });
    attachment.current = attached;
    const timer = setInterval(() => setBehind(attached.behind()), 1000);
    return () => {
      clearInterval(timer);
      attached.dispose();
      attachment.current = null;
    };
  }, [stream.id, playing]);

  const aspectRatio = stream.is_vertical ? '9 / 16' : '16 / 9';
  // Behind the live edge (the viewer paused or seeked back): a grey badge and Jump to live.
  const lagging = hasMedia && behind !== null && !atLiveEdge(behind);

  return (
    <Box style={{ ...FRAME, aspectRatio }} maw={stream.is_vertical ? 420 : undefined} mx={stream.is_vertical ? 'auto' : undefined} bg="dark.9">
      {stream.status !== 'ended' && (
        <video
          ref={video}
          aria-label={stream.title}
          autoPlay
          playsInline
          muted={muted}
          controls={hasMedia}
          style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain', background: 'black' }}
        />
      )}
      {stream.status === 'created' || (playing && !hasMedia) ? (
        <Overlay>
          <Loader color="gray" size="sm" aria-hidden="true" />
          <Text fw={600} role="status">
            {LIVE_MESSAGES.waiting}
          </Text>
        </Overlay>
      ) : null}
      {stream.status === 'ended' && (
        <Overlay>
          <Text fw={700} size="lg" role="status">
            {LIVE_MESSAGES.endedTitle}
          </Text>
          {stream.recording_video_id ? (
            <Button component={Link} to={videoPath(stream.recording_video_id)} variant="white" color="dark">
              Watch the recording
            </Button>
          ) : (
            stream.record && (
              <Text size="sm" c="gray.4">
                The recording will be available as a video soon.
              </Text>
            )
          )}
        </Overlay>
      )}
      {playing && (
        <Box pos="absolute" top={10} left={10} style={{ zIndex: 2, display: 'flex', gap: 8 }}>
          <Badge color={lagging ? 'gray' : 'red'} variant="filled" radius="sm" title={lagging ? 'Behind live' : 'Live'}>
            LIVE
          </Badge>
          {lagging && (
            <Button size="compact-xs" color="red" onClick={() => attachment.current?.jumpToLive()}>
              Jump to live
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
});

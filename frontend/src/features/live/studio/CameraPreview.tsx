import { useCallback, useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { LiveIcon, VolumeIcon } from '../../../shared/icons';

/**
 * What the camera sees now (or, for Audio Only, that the microphone is on), from the studio's capture: a muted
 * <video> (the creator does not hear themselves), with the ingest's state over it.
 */
export const CameraPreview = observer(function CameraPreview({ compact = false }: { compact?: boolean }) {
  const { studio } = useStores();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const capture = studio.capture;
  const showVideo = studio.source === 'camera' && capture !== null;

  // Muted as an attribute too: browsers play a muted video without a click.
  const attach = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (video) {
      video.muted = true;
      video.setAttribute('muted', '');
    }
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== capture) video.srcObject = showVideo ? capture : null;
  }, [capture, showVideo]);

  const aspect = studio.isVertical ? '9 / 16' : '16 / 9';
  return (
    <Box
      pos="relative"
      bg="dark.8"
      style={{ aspectRatio: aspect, maxHeight: compact ? 240 : 480, width: '100%', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', marginInline: 'auto' }}
    >
      <video
        ref={attach}
        aria-label="Camera preview"
        autoPlay
        playsInline
        muted
        hidden={!showVideo}
        style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: showVideo ? 'block' : 'none' }}
      />
      {!showVideo && (
        <Center pos="absolute" inset={0} c="gray.4">
          {studio.captureStatus === 'opening' ? (
            <Loader color="gray" role="status" aria-label="Opening the camera" />
          ) : studio.source === 'audio' && capture ? (
            <Stack align="center" gap={4}>
              <VolumeIcon size={40} />
              <Text size="sm">Audio only: your microphone is on</Text>
            </Stack>
          ) : studio.source === 'obs' ? (
            <Stack align="center" gap={4}>
              <LiveIcon size={40} />
              <Text size="sm">OBS sends the picture</Text>
            </Stack>
          ) : (
            <Text size="sm">Camera off</Text>
          )}
        </Center>
      )}
      {studio.ingestLine && (
        <Badge
          pos="absolute"
          top={8}
          left={8}
          color={studio.ingest.kind === 'live' ? 'red' : studio.ingest.kind === 'error' ? 'gray' : 'yellow'}
          variant="filled"
        >
          {studio.ingest.kind === 'live' ? 'LIVE' : studio.ingest.kind === 'error' ? 'Stopped' : studio.ingestLine}
        </Badge>
      )}
    </Box>
  );
});

import { AspectRatio, Box, Center, Image } from '@mantine/core';
import { VideoIcon } from '../../../shared/icons';

/** A video's 16:9 thumbnail, or the video icon on a dark tile while it has none (recent uploads, the picker). */
export function VideoThumb({ url }: { url: string | null | undefined }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {url ? (
        <Image src={url} alt="" radius="sm" fit="cover" />
      ) : (
        <Box bg="dark.6" style={{ borderRadius: 4 }}>
          <Center h="100%" c="gray.4">
            <VideoIcon size={28} />
          </Center>
        </Box>
      )}
    </AspectRatio>
  );
}

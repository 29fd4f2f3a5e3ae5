import { observer } from 'mobx-react-lite';
import { AspectRatio, Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatCount } from '../../../shared/format';
import { CommentIcon, HeartIcon } from '../../../shared/icons';
import { SampleBadge } from '../../media/components/MediaStatus';
import type { Reel } from '../types';
import { ReelArt } from './ReelArt';

/** A 9:16 reel card of the Browse grid; it opens the viewer on that reel. */
export const ReelCard = observer(function ReelCard({ reel, onOpen }: { reel: Reel; onOpen: () => void }) {
  return (
    <Box pos="relative">
      {/* The button is the picture alone: its name (Watch …) then holds everything it shows (WCAG 2.5.3). */}
      <UnstyledButton onClick={onOpen} aria-label={`Watch ${reel.title}`} style={{ display: 'block', width: '100%' }}>
        <AspectRatio ratio={9 / 16}>
          <Box pos="relative" style={{ borderRadius: 12, overflow: 'hidden' }} bg="dark.8">
            <ReelArt reel={reel} />
          </Box>
        </AspectRatio>
      </UnstyledButton>
      {/* What the card says, over the picture; a click on it goes through to the button. */}
      <Group pos="absolute" top={8} left={8} gap={4} style={{ pointerEvents: 'none' }}>
        {reel.sample && <SampleBadge what="reel" />}
        {reel.is_owner && reel.status === 'processing' && (
          <Badge color="yellow" size="sm">
            Processing
          </Badge>
        )}
        {reel.is_owner && reel.status === 'failed' && (
          <Badge color="red" size="sm">
            Failed
          </Badge>
        )}
      </Group>
      <Stack
        pos="absolute"
        bottom={0}
        left={0}
        right={0}
        p="sm"
        gap={2}
        c="white"
        style={{ pointerEvents: 'none', borderRadius: '0 0 12px 12px', background: 'linear-gradient(transparent, rgba(0,0,0,0.75))' }}
      >
        <Text fw={600} size="sm" lineClamp={2}>
          {reel.title}
        </Text>
        <Text size="xs">@{reel.username}</Text>
        <Group gap="sm">
          {/* A sample has no like count to show (none is invented). */}
          {!reel.sample && (
            <Group gap={4}>
              <HeartIcon size={14} />
              <Text size="xs">{formatCount(reel.likes)}</Text>
            </Group>
          )}
          <Group gap={4}>
            <CommentIcon size={14} />
            <Text size="xs">{formatCount(reel.comments)}</Text>
          </Group>
        </Group>
        {reel.is_owner && reel.status === 'failed' && reel.failure_reason && (
          <Text size="xs" c="red.2">
            {reel.failure_reason}
          </Text>
        )}
      </Stack>
    </Box>
  );
});

import { AspectRatio, Badge, Card, Center, Group, Stack, Text } from '@mantine/core';
import { livePath } from '../../../shared/paths';
import { formatCount } from '../../../shared/format';
import { LiveIcon } from '../../../shared/icons';
import { CoverButton } from '../../../shared/CoverButton';
import type { LiveSearchItem } from '../types';

const watching = (n: number) => `${formatCount(n)} watching`;

/**
 * A live stream on now (seed 002 §3 Live item): title, @username, viewer count and the LIVE badge ('Starting soon'
 * while the streamer's first media has not arrived); opens the stream's watch view (`/live/:id`).
 */
export function LiveResult({ item }: { item: LiveSearchItem }) {
  const onAir = item.status === 'live';
  return (
    <Card withBorder padding={0} radius="md" component="article" pos="relative" aria-label={item.title}>
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.8" c="gray.5" pos="relative">
          <LiveIcon size={32} />
          <Badge pos="absolute" top={8} left={8} size="sm" color={onAir ? 'red' : 'gray'} variant="filled">
            {onAir ? 'LIVE' : 'Starting soon'}
          </Badge>
        </Center>
      </AspectRatio>
      <Stack gap={2} p="sm">
        <Text fw={600} lineClamp={2}>
          {item.title}
        </Text>
        <Text size="sm" c="dimmed">
          @{item.username}
        </Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {watching(item.viewer_count)}
          </Text>
          {item.game && (
            <Text size="xs" c="dimmed">
              · {item.game}
            </Text>
          )}
        </Group>
      </Stack>
      <CoverButton label={`Watch live stream ${item.title}`} to={livePath(item.id)} />
    </Card>
  );
}

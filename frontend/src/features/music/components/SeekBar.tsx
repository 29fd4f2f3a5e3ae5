import { Group, Slider, Text } from '@mantine/core';
import { formatDuration } from '../rules';

/** An audio player's position: the time heard, a seek slider and the length (music and podcast bars alike). */
export function SeekBar({ time, duration, onSeek, labelWidth = 44 }: { time: number; duration: number; onSeek: (seconds: number) => void; labelWidth?: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" w={labelWidth} ta="right">
        {formatDuration(time)}
      </Text>
      <Slider
        style={{ flex: 1 }}
        size="sm"
        min={0}
        max={duration > 0 ? duration : 1}
        step={1}
        value={Math.min(time, duration || 1)}
        onChange={onSeek}
        label={(value) => formatDuration(value)}
        disabled={duration <= 0}
        thumbLabel="Seek"
      />
      <Text size="xs" c="dimmed" w={labelWidth}>
        {formatDuration(duration || null)}
      </Text>
    </Group>
  );
}

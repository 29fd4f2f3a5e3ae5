import { Stack, Text } from '@mantine/core';

/** What a tab shows when the chosen sport has nothing in it. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Stack align="center" gap={4} py="xl" role="status">
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

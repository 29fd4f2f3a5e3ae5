import { Alert, Badge, Center, Loader, Stack, Text, Tooltip } from '@mantine/core';

type Status = 'processing' | 'ready' | 'failed';

export const MEDIA_STATUS_TEXT = {
  processing: 'Processing…',
  processingHint: 'Your upload is being processed. It will play here when it is ready.',
  failed: 'Processing failed',
  failedHint: 'This upload could not be processed.',
} as const;

/**
 * What stands in for the player while an upload is not playable yet: a spinner while it is processed, or why its
 * processing failed (only its owner sees either: others see ready items only).
 */
export function MediaPending({ status, failureReason }: { status: Exclude<Status, 'ready'>; failureReason: string | null }) {
  if (status === 'processing') {
    return (
      <Center h="100%" bg="dark.7" c="gray.0" p="md" role="status" aria-label={MEDIA_STATUS_TEXT.processing}>
        <Stack align="center" gap={6}>
          <Loader color="gray.0" size="sm" />
          <Text size="sm" fw={600}>
            {MEDIA_STATUS_TEXT.processing}
          </Text>
          <Text size="xs" ta="center" c="gray.4">
            {MEDIA_STATUS_TEXT.processingHint}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center h="100%" bg="dark.7" p="sm">
      <Alert color="red" variant="filled" title={MEDIA_STATUS_TEXT.failed} w="100%">
        {failureReason ?? MEDIA_STATUS_TEXT.failedHint}
      </Alert>
    </Center>
  );
}

/** The badge that marks built-in sample content, which never came from the server. */
export function SampleBadge({ what }: { what: string }) {
  return (
    <Tooltip label={`A built-in sample ${what}, not from the server`} withArrow>
      <Badge color="orange" variant="filled" size="sm">
        Sample
      </Badge>
    </Tooltip>
  );
}

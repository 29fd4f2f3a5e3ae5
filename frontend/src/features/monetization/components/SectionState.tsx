import { Alert, Button, Center, Loader } from '@mantine/core';

/** What a money screen shows before its figures: a spinner while loading, or the failure with Try again. */
export function SectionState({
  status,
  loadingLabel,
  failed,
  onRetry,
}: {
  status: 'idle' | 'loading' | 'error';
  loadingLabel: string;
  failed: string;
  onRetry: () => void;
}) {
  if (status === 'error') {
    return (
      <Alert color="red" role="alert" title={failed}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Center py="xl" role="status" aria-label={loadingLabel}>
      <Loader />
    </Center>
  );
}

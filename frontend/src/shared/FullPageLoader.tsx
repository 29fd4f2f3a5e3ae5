import { Center, Loader } from '@mantine/core';

/** A centred spinner for the whole page, while something the page depends on is resolved. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

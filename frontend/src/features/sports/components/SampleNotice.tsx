import { Alert } from '@mantine/core';
import { SPORTS_MESSAGES } from '../messages';

/** The notice on every Sports tab: none of it is real. */
export function SampleNotice() {
  return (
    <Alert variant="light" color="yellow" title={SPORTS_MESSAGES.sampleBadge} role="note" mb="md">
      {SPORTS_MESSAGES.sampleNotice}
    </Alert>
  );
}

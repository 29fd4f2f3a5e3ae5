import { Alert, Stack, Title } from '@mantine/core';
import { FEATURE_MESSAGES } from '../FeaturesStore';

/** What a section or page of a switched-off feature shows instead of itself (not an error: the admins chose it). */
export function FeatureOff({ title }: { title?: string }) {
  return (
    <Stack gap="md" component="section" aria-label={title ? `${title} (turned off)` : 'Feature turned off'}>
      {title && (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      <Alert color="gray" variant="light" role="status">
        {FEATURE_MESSAGES.off}
      </Alert>
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { LoadStatus } from '../../../shared/resource';

/** One figure: its label above, the value below; a group named by its label. A missing value is dimmed. */
export function Figure({ label, value, hint, missing = false }: { label: string; value: ReactNode; hint?: ReactNode; missing?: boolean }) {
  return (
    <Card withBorder padding="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="div" fw={700} size={missing ? 'md' : 'xl'} mt={4} c={missing ? 'dimmed' : undefined}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Before a tab's figures: a spinner while loading, or the failure with Try again. */
export function LoadState({ status, loadingLabel, failed, onRetry }: { status: LoadStatus; loadingLabel: string; failed: string; onRetry: () => void }) {
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

/** A titled part of a tab: a section named by its heading. */
export function Panel({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * A chart with its text alternative: the drawing is an image named by `summary` (screen readers read the summary and
 * the table beside it instead of the SVG). The chart is drawn once its box has a width (charts measure their box).
 */
export function ChartFigure({ summary, height, children }: { summary: string; height: number; children: ReactNode }) {
  const { ref, width } = useElementSize();
  return (
    <div ref={ref} role="img" aria-label={summary} style={{ width: '100%', minHeight: height, overflow: 'hidden' }}>
      {width > 0 && children}
    </div>
  );
}

/**
 * A wide table that scrolls sideways on a narrow screen: the scrolling box is a named region that takes the keyboard
 * focus, so it can be scrolled with the arrow keys.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A legal page: its title, what it is about, and its sections (the app's page layout around it). */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Stack component="article" gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
